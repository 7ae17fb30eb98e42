// make bench, notification part (a benchmark, not a test: it prints figures):
//  1. delivery latency after commit, webhook and email, median and p99 over 200 leads arriving at
//     20 a second (a busy afternoon, not a flood: the flood is part 2);
//  2. leads per second with notifications on against off (both channels to local receivers);
//  3. the time to deliver a backlog of 1,000 leads once a webhook receiver that was down is back.
import { spawn } from 'node:child_process';
import http from 'node:http';

import { configText, freePort, startServer } from '../tests/integration/harness.mjs';
import { Receiver, startSmtp } from '../tests/integration/notify-fixtures.mjs';
import { LEAD_PATH, validLead } from '../tests/integration/contract.mjs';

const LIMITS = '[limits]\nleads_per_ip_per_hour = 1000000\n';
const THROUGHPUT_LEADS = Number(process.env.BENCH_LEADS ?? 4000);
const CONCURRENCY = 32;

function body(n) {
  return JSON.stringify(
    validLead({
      businessEmail: `bench${n}@example.com`,
      firstName: 'Bench',
      lastName: `Mark ${n}`,
      country: 'SG',
      describes: 'advertiser',
      companyName: 'Bench Co',
      remark: 'load test',
    }),
  );
}

function post(agent, port, n) {
  const text = body(n);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: LEAD_PATH,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            at: Date.now(),
            id: res.statusCode === 200 ? JSON.parse(Buffer.concat(chunks)).data.id : null,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

async function postMany(port, count, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const results = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) results.push(await post(agent, port, next++));
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  if (results.some((r) => r.status !== 200)) throw new Error('a lead was refused');
  return { results, perSecond: count / seconds };
}

function notifyTable(hookPort, smtpPort) {
  return `[notify]\nwebhook_url = "http://127.0.0.1:${hookPort}/hook"\nwebhook_secret = "bench"\nemail_to = ["sales@bench.example"]\nemail_from = "site@bench.example"\nsmtp_url = "smtp://127.0.0.1:${smtpPort}"\n`;
}

async function waitFor(check, ms) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A webhook receiver in a process of its own at nice 19 that answers 204 and keeps nothing. */
async function farReceiver() {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(204); s.end(); }); }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn('nice', ['-n', '19', process.execPath, '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { port, child };
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const smtp = await startSmtp({ nice: 19 });
const hook = new Receiver(await freePort());
await hook.up();
try {
  // 1. Latency: leads 50 ms apart, each timed from the moment its 200 (sent after the commit)
  // arrived.
  {
    const srv = await startServer({
      config: configText(`\n${LIMITS}\n${notifyTable(hook.port, smtp.port)}`),
    });
    const mailsBefore = smtp.messages().length;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const results = [];
    for (let i = 0; i < 200; i++) {
      results.push(await post(agent, srv.port, i));
      await new Promise((r) => setTimeout(r, 50));
    }
    agent.destroy();
    await waitFor(
      () => hook.requests.length >= 200 && smtp.messages().length >= mailsBefore + 200,
      120_000,
    );
    const committed = new Map(results.map((r) => [r.id, r.at]));
    const hookMs = hook
      .events()
      .map((e) => e.at - committed.get(e.json.id))
      .sort((a, b) => a - b);
    const mailMs = smtp
      .messages()
      .slice(mailsBefore)
      .map((m) => m.received_at * 1000 - committed.get(/Id: (\w+)/.exec(m.text)[1]))
      .sort((a, b) => a - b);
    console.log(
      `delivery latency after commit (200 leads): webhook median ${pct(hookMs, 50).toFixed(1)} ms, p99 ${pct(hookMs, 99).toFixed(1)} ms; email median ${pct(mailMs, 50).toFixed(1)} ms, p99 ${pct(mailMs, 99).toFixed(1)} ms`,
    );
    await srv.stop();
  }

  // 2. Throughput, off and on, five times each in turn; the best of each. The receivers run as
  // processes of their own at the lowest priority, as they would on other machines: in this
  // process they would take the CPU from the clients and measure themselves, not the outbox.
  {
    const far = await farReceiver();
    const best = { off: 0, on: 0 };
    for (let round = 0; round < 5; round++) {
      for (const mode of ['off', 'on']) {
        const table = mode === 'on' ? notifyTable(far.port, smtp.port) : '';
        const srv = await startServer({ config: configText(`\n${LIMITS}\n${table}`) });
        const { perSecond } = await postMany(srv.port, THROUGHPUT_LEADS, CONCURRENCY);
        best[mode] = Math.max(best[mode], perSecond);
        await srv.stop();
      }
    }
    far.child.kill();
    const change = ((best.on - best.off) / best.off) * 100;
    console.log(
      `leads per second (${THROUGHPUT_LEADS} leads, ${CONCURRENCY} clients, SQLite): notifications off ${best.off.toFixed(0)}, on ${best.on.toFixed(0)} (${change.toFixed(1)}%)`,
    );
  }

  // 3. A backlog of 1,000 while the webhook receiver is down, then the receiver comes back.
  {
    await hook.down();
    hook.requests = [];
    const srv = await startServer({
      config: configText(
        `\n${LIMITS}\n[notify]\nwebhook_url = "http://127.0.0.1:${hook.port}/hook"\nwebhook_secret = "bench"\n`,
      ),
    });
    await postMany(srv.port, 1000, 16);
    await new Promise((r) => setTimeout(r, 5000)); // every row has failed a few times
    const upAt = Date.now();
    await hook.up();
    await waitFor(() => new Set(hook.events().map((e) => e.json.id)).size >= 1000, 600_000);
    console.log(
      `backlog of 1,000 delivered ${((Date.now() - upAt) / 1000).toFixed(1)} s after the receiver came back`,
    );
    await srv.stop();
  }
} finally {
  smtp.stop();
  if (hook.server) await hook.down();
}
