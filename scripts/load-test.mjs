#!/usr/bin/env node
// make load: the server under three loads at once, for LOAD_SECONDS (default 60) on loopback:
//   - wrk with 512 connections on a page,
//   - a stream of leads from 32 client addresses, one lead a second each, against the default
//     limit of 20 an hour per address (so the stream runs into the limit and stays there),
//   - 2,000 slow connections that trickle a request head a byte at a time and reconnect when
//     the server closes them.
// Then it checks that wrk saw no error, that every acknowledged lead is in the store, and
// reports the server's resident memory (sampled every 250 ms) and what the caps did.
// A measurement, not a test: it prints a table and exits non-zero if a check fails.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LEAD_PATH, validLead } from '../tests/integration/contract.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'build/bin/wavesites');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PAGE_CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 512);
const SLOW = Number(process.env.LOAD_SLOW ?? 2000);
const LEAD_CLIENTS = 32;
const PAGE = '/tts1/article-detail/1';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-load-'));
const cfg = path.join(dir, 'sites.toml');
writeFileSync(
  cfg,
  readFileSync(path.join(ROOT, 'config/sites.toml'), 'utf8').replace(/^\[server\][^[]*/m, '') +
    '\n[server]\naccess_log = false\n',
);

function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function get(port, target) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: target, agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

/** wrk in the background; resolves its output. */
function runWrk(port) {
  return new Promise((resolve) => {
    const threads = 2;
    const child = spawn(
      'wrk',
      [
        '-t',
        String(threads),
        '-c',
        String(PAGE_CONNECTIONS),
        '-d',
        `${SECONDS}s`,
        '--timeout',
        '5s',
        '--latency',
        '-H',
        'Accept-Encoding: br',
        `http://127.0.0.1:${port}${PAGE}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', () => resolve(out));
  });
}

async function run() {
  // The server raises its own descriptor limit to the hard one and derives its cap from that.
  // As a shell starts it: SIGPIPE at its default (Node ignores it, and a child may inherit that).
  const server = spawn(
    'env',
    [
      '--default-signal=PIPE',
      BIN,
      'serve',
      '--config',
      cfg,
      '--listen',
      '127.0.0.1:0',
      '--data',
      path.join(dir, 'data'),
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise((resolve) =>
    server.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  const port = await new Promise((resolve, reject) => {
    server.stderr.on('data', (d) => {
      stderr += d;
      const m = /"event":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(stderr);
      if (m) resolve(Number(m[1]));
    });
    server.once('exit', () => reject(new Error(`server exited: ${stderr}`)));
  });
  const pid = server.pid;
  await sleep(300);
  const rss = { start: rssMb(pid), max: 0 };
  const sampler = setInterval(() => {
    try {
      rss.max = Math.max(rss.max, rssMb(pid));
    } catch {
      // gone at the end
    }
  }, 250);

  let stopping = false;
  let slowOpen = 0;
  let slowPeak = 0;
  let slowReplaced = 0;
  const slow = new Set();
  const openSlow = () => {
    if (stopping) return;
    const s = net.connect({ host: '127.0.0.1', port });
    s.on('error', () => {});
    s.on('connect', () => {
      slowOpen++;
      slowPeak = Math.max(slowPeak, slowOpen);
      s.write('GET /tts1/home HTTP/1.1\r\nHost: slow.example\r\nX-Slow: ');
      s.once('close', () => {
        slowOpen--;
        if (!stopping) slowReplaced++;
      });
    });
    s.on('close', () => {
      slow.delete(s);
      if (!stopping) setTimeout(openSlow, 100);
    });
    slow.add(s);
  };
  for (let i = 0; i < SLOW; i++) openSlow();
  const trickle = setInterval(() => {
    for (const s of slow) if (s.writable) s.write('a');
  }, 2000);
  await sleep(1500);

  const acknowledged = new Set();
  const leadStatus = {};
  let seq = 0;
  const sendLead = (client) =>
    new Promise((resolve) => {
      const n = ++seq;
      const body = JSON.stringify(
        validLead({
          businessEmail: `load.${n}@example.com`,
          firstName: 'Load',
          lastName: `Client${client}`,
          country: 'DE',
          describes: 'advertiser',
          companyName: `Load Test ${n}`,
          remark: undefined, // none: the field is optional
        }),
      );
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: LEAD_PATH,
          method: 'POST',
          localAddress: `127.0.1.${client + 1}`,
          agent: false,
          timeout: 10_000,
          headers: {
            Host: 'waveads.example',
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            leadStatus[res.statusCode] = (leadStatus[res.statusCode] ?? 0) + 1;
            if (res.statusCode === 200) acknowledged.add(JSON.parse(text).data.id);
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        leadStatus.error = (leadStatus.error ?? 0) + 1;
        resolve();
      });
      req.end(body);
    });
  const until = Date.now() + SECONDS * 1000;
  const leadLoops = [];
  for (let c = 0; c < LEAD_CLIENTS; c++) {
    leadLoops.push(
      (async () => {
        await sleep((1000 * c) / LEAD_CLIENTS);
        while (Date.now() < until) {
          const t = Date.now();
          await sendLead(c);
          await sleep(Math.max(0, 1000 - (Date.now() - t)));
        }
      })(),
    );
  }

  const wrkOut = await runWrk(port);
  await Promise.all(leadLoops);
  const metrics = (await get(port, '/metrics')).body;
  stopping = true;
  clearInterval(trickle);
  for (const s of slow) s.destroy();
  await sleep(500);
  // The server must have lived through it all (wrk's 512 connections end with resets) and stop
  // cleanly: alive now, exit status 0 after SIGTERM.
  const aliveAtEnd = server.exitCode === null && server.signalCode === null;
  const rssEnd = aliveAtEnd ? rssMb(pid) : NaN;
  clearInterval(sampler);
  if (aliveAtEnd) server.kill('SIGTERM');
  const exit = await exited;

  const exported = spawnSync(
    BIN,
    ['leads', 'export', '--format', 'json', '--config', cfg, '--data', path.join(dir, 'data')],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const stored = new Map();
  for (const l of JSON.parse(exported.stdout)) stored.set(l.id, (stored.get(l.id) ?? 0) + 1);
  const lost = [...acknowledged].filter((id) => stored.get(id) !== 1);

  const num = (re) => Number(re.exec(wrkOut)?.[1] ?? 0);
  const requests = num(/(\d+) requests in/);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    wrkOut,
  );
  const errors = socketErrors
    ? socketErrors
        .slice(1)
        .map(Number)
        .reduce((a, b) => a + b, 0)
    : 0;
  const non2xx = num(/Non-2xx or 3xx responses: (\d+)/);
  const metric = (name) =>
    Number(new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);

  const rows = [
    ['duration', `${SECONDS} s`],
    ['page', `${PAGE} (br), ${PAGE_CONNECTIONS} connections`],
    ['page requests', `${requests} (${(requests / SECONDS).toFixed(0)}/s)`],
    [
      'page latency p50 / p99',
      `${/50%\s+(\S+)/.exec(wrkOut)?.[1]} / ${/99%\s+(\S+)/.exec(wrkOut)?.[1]}`,
    ],
    ['page errors (socket + non-2xx)', `${errors} + ${non2xx}`],
    [
      'leads sent / 200 / 429 / other',
      `${seq} / ${leadStatus[200] ?? 0} / ${leadStatus[429] ?? 0} / ${seq - (leadStatus[200] ?? 0) - (leadStatus[429] ?? 0)}`,
    ],
    [
      'acknowledged leads stored once',
      `${acknowledged.size - lost.length} of ${acknowledged.size}`,
    ],
    ['slow connections held (peak) / replaced', `${slowPeak} / ${slowReplaced}`],
    [
      '4xx before a route (408s), evictions, refusals',
      `${metric('wavesites_requests_total{site="other",status_class="4xx"}')}, ${metric('wavesites_connections_evicted_total')}, ${metric('wavesites_connections_refused_total{reason="max_connections"}')}`,
    ],
    [
      'server RSS start / max / end',
      `${rss.start.toFixed(1)} / ${rss.max.toFixed(1)} / ${rssEnd.toFixed(1)} MB`,
    ],
    [
      'server alive at the end / exit at SIGTERM',
      `${aliveAtEnd ? 'yes' : 'NO'} / ${exit.signal ? `signal ${exit.signal}` : `status ${exit.code}`}`,
    ],
  ];
  for (const [k, v] of rows) console.log(`${k.padEnd(42)} ${v}`);
  rmSync(dir, { recursive: true, force: true });
  const failed = [];
  if (!aliveAtEnd) failed.push(`the server died during the load (${exit.signal ?? exit.code})`);
  else if (exit.code !== 0)
    failed.push(
      `the server exited with ${exit.signal ? `signal ${exit.signal}` : `status ${exit.code}`} at SIGTERM`,
    );
  if (errors + non2xx > 0) failed.push('page errors');
  if (lost.length) failed.push(`${lost.length} acknowledged leads missing or duplicated`);
  if (!(leadStatus[429] > 0)) failed.push('the lead stream never reached the limit');
  if (failed.length) {
    console.error(`load: FAILED: ${failed.join('; ')}\n${wrkOut}`);
    process.exit(1);
  }
  console.log('load: held');
}

await run();
