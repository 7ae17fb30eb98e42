// Starts the real wavesites binary on a loopback port with a test config, and speaks HTTP
// to it with any Host header (fetch cannot set Host, so this uses node:http).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  cpSync,
  mkdtempSync,
  writeFileSync,
  readFileSync,
  readdirSync,
  existsSync,
  rmSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import zlib from 'node:zlib';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'build/bin/wavesites');
export const WEB = path.join(ROOT, 'build/web');

/** Host names the checks use; deliberately not the README's examples. */
export const HOSTS = {
  waveads: ['Global.WaveAds-Check.test'],
  kuponz1: ['coupons-one.check.test', 'coupons-two.check.test'],
  kuponz2: ['shop-one.check.test', 'shop-two.check.test'],
  tts1: ['beauty.check.test'],
  tts2: ['travel.check.test'],
  tts3: ['life.check.test'],
  enicf: ['blast.check.test'],
};

/**
 * Starts a command the way a user's shell does: with SIGPIPE at its default disposition. Node
 * ignores SIGPIPE in its own process, and a child can inherit an ignored signal (systemd ignores
 * it too); a server that only survives a reset client because its parent ignored SIGPIPE would
 * pass every test and die in a terminal. `env --default-signal=PIPE` (coreutils) makes the
 * disposition explicit whatever this process has. faults.test.mjs checks it.
 */
export function spawnAsUser(command, args = [], options = {}) {
  return spawn('env', ['--default-signal=PIPE', command, ...args], options);
}

/** The throwaway PostgreSQL server scripts/with-postgres.sh provides (make test sets it). */
export const HAVE_PG = Boolean(process.env.WAVESITES_TEST_PG_URL);

let schemas = 0;
/**
 * That server, seen through a new schema of its own (search_path), so that no test file sees
 * another's leads, outbox or counts. `label` names the schema in a failure.
 * Nothing drops it: the cluster itself is thrown away after the run.
 */
export function pgSchemaUrl(label = 'data') {
  const base = process.env.WAVESITES_TEST_PG_URL;
  assert.ok(base, 'WAVESITES_TEST_PG_URL is set by scripts/with-postgres.sh in make test');
  const schema = `${label}_${process.pid}_${++schemas}`;
  const made = spawnSync(
    'psql',
    [base, '-X', '-v', 'ON_ERROR_STOP=1', '-qc', `CREATE SCHEMA ${schema}`],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(made.status, 0, made.stderr);
  return `${base}${base.includes('?') ? '&' : '?'}options=-csearch_path%3D${schema}`;
}

/**
 * Servers still running when a test file's tests are done: a test that failed before its stop()
 * left them, and their open pipes would keep the file (and make test) waiting for ever. This
 * hook runs before the file's own after() hooks, which stop their servers themselves: so it only
 * sets a timer, which keeps nothing alive (unref) and kills what is still running a minute later.
 */
const running = new Set();
after(() => {
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 60_000).unref();
});

export function configText(extra = '') {
  const hosts = Object.entries(HOSTS)
    .map(([site, names]) => `${site} = [${names.map((n) => JSON.stringify(n)).join(', ')}]`)
    .join('\n');
  return (
    `[hosts]\n${hosts}\n\n[landing]\napp_store_url = "https://apps.apple.com/app/block-blast/id1617391485"\n` +
    `tracking_url = "https://clicks.check.test/track"\noffer = "offer-check"\naffiliate = "aff-check"\n\n` +
    `[server]\nthreads = 2\n${extra}`
  );
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the server on a port the kernel picks (`--listen 127.0.0.1:0`, so two servers started at
 * once never race for one port) and resolves once it says where it listens and answers /healthz.
 * A server that does not come up within 60 s (a loaded machine) fails the test that started it.
 */
export async function startServer({
  config = configText(),
  args = [],
  env = {},
  dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-it-')),
  wrapper = [],
  bin = BIN,
} = {}) {
  const cfgPath = path.join(dir, 'sites.toml');
  writeFileSync(cfgPath, config);
  // `wrapper`: a command the server runs under, e.g. ['prlimit', '--nofile=256'].
  const argv = [
    ...wrapper,
    bin,
    'serve',
    '--config',
    cfgPath,
    '--listen',
    '127.0.0.1:0',
    '--data',
    path.join(dir, 'data'),
    ...args,
  ];
  const child = spawnAsUser(argv[0], argv.slice(1), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  running.add(child); // from here: a start-up that fails below must not leave it running either
  child.on('exit', () => running.delete(child));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not listening after 60 s: ${stderr}`)),
      60_000,
    );
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /"event":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited early: ${stderr}`));
    });
  });
  // Listening comes before serving by a few instructions: make sure it answers.
  for (let i = 0; ; i++) {
    try {
      if ((await request(port, '/healthz')).status === 200) break;
    } catch (e) {
      if (i > 200) throw e;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // The start-up lines end with other_hosts, written before the first answer; but the answer
  // comes on a socket and the lines on a pipe, and Node may read the socket first.
  for (let i = 0; !stderr.includes('"event":"other_hosts"'); i++) {
    if (i > 200) throw new Error(`no start-up lines after /healthz answered: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    dir,
    child,
    exited,
    get stderr() {
      return stderr;
    },
    get stdout() {
      return stdout;
    },
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}

/** The server's stderr as events: every line must be one JSON object. */
export function events(stderr) {
  return stderr
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

/** Polls `check` (every 100 ms, for at most `ms`) until it gives a truthy value, and returns it. */
export async function waitFor(what, check, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The server's events that `pick` selects, from stderr offset `after` on, once there are at least
 * `count` of them (waiting at most `ms`). The server writes an event's line before it sends the
 * answer the line explains, but the line goes down a pipe and the answer down a socket, and Node
 * may read the socket first: a test that reads an event after an answer waits for it.
 */
export async function loggedEvents(srv, pick, { count = 1, after = 0, ms = 5_000 } = {}) {
  const picked = () => events(srv.stderr.slice(after)).filter(pick);
  try {
    return await waitFor(`${count} such events`, () => picked().length >= count && picked(), ms);
  } catch {
    return picked(); // fewer than `count`: the caller's assertion says what is missing
  }
}

/** Writes `text` as the server's config and sends SIGHUP: its `reloaded` or `reload_refused` event. */
export async function reloadConfig(srv, text) {
  writeFileSync(path.join(srv.dir, 'sites.toml'), text);
  const after = srv.stderr.length;
  srv.child.kill('SIGHUP');
  const pick = (e) => ['reloaded', 'reload_refused'].includes(e.event);
  const [said] = await loggedEvents(srv, pick, { after, ms: 30_000 });
  assert.ok(said, `no reload event in: ${srv.stderr.slice(after)}`);
  return said;
}

/** One request with a chosen Host; resolves {status, headers, body (decoded text), raw}. */
export function request(
  port,
  target,
  { host = `127.0.0.1:${port}`, method = 'GET', headers = {}, body } = {},
) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method,
        headers: { Host: host, ...headers },
        agent: false,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let decoded = raw;
          const enc = res.headers['content-encoding'];
          if (enc === 'br') decoded = zlib.brotliDecompressSync(raw);
          if (enc === 'gzip') decoded = zlib.gunzipSync(raw);
          resolve({
            status: res.statusCode,
            headers: res.headers,
            raw,
            body: decoded.toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/**
 * `total` requests from `connections` keep-alive connections at once, request `n` made by
 * `make(n)` ({path, method, headers, body}); each must be answered `status`. A request
 * unanswered for 5 s fails it: the server is stuck.
 */
export async function requestMany(port, total, connections, make, status) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < total) {
          const n = next++;
          const { path: target, method = 'GET', headers = {}, body } = make(n);
          const got = await new Promise((resolve, reject) => {
            const req = http.request(
              { host: '127.0.0.1', port, path: target, method, agent, timeout: 5000, headers },
              (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode));
              },
            );
            req.on('timeout', () =>
              req.destroy(new Error(`request ${n} waited 5 s: the server is stuck`)),
            );
            req.on('error', reject);
            req.end(body);
          });
          if (status !== undefined) assert.equal(got, status, `request ${n}`);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}

/**
 * Stops the server with SIGTERM: it must exit 0 within 10 s, though a log nobody reads holds
 * the rest of its lines (it waits at most 2 s for each of stdout and stderr).
 */
export async function stopsOnTime(srv) {
  const started = Date.now();
  const { code } = await srv.stop();
  assert.equal(code, 0);
  assert.ok(Date.now() - started < 10_000, `stopping took ${Date.now() - started} ms`);
}

/** The page's visible text, roughly: tags dropped, entities decoded, whitespace folded. */
export function textOf(html) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

// The web build's YAML parser, for the articles' front matter.
const yaml = createRequire(path.join(ROOT, 'web/package.json'))('yaml');

/**
 * Articles as the content folder has them: their front matter ({id, title, date, ...}) and body
 * (the Markdown after it), sorted by id.
 */
export function articles(site) {
  const dir = path.join(ROOT, 'content', site, 'articles');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(
        readFileSync(path.join(dir, f), 'utf8'),
      );
      const meta = yaml.parse(front);
      return { ...meta, id: String(meta.id), body };
    })
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** The [text](go:slug) links of an article's Markdown body, in order. */
export function goLinks(article) {
  return [...article.body.matchAll(/\]\(go:([a-z0-9-]+)\)/g)].map((m) => m[1]);
}

/** Runs the CLI against a started server's config and data directory (`--config`, `--data`). */
export function runCliOn(srv, args, env = {}) {
  return runCli(
    [...args, '--config', path.join(srv.dir, 'sites.toml'), '--data', path.join(srv.dir, 'data')],
    env,
  );
}

export function runCli(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawnAsUser(BIN, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000); // a hung command fails, a slow one (a loaded machine) does not
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Builds the pages of `content` with the last build's bundle code into a folder of its own. */
export function buildWithContent(content) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-build-'));
  cpSync(path.join(ROOT, 'build/web-ssr'), path.join(dir, 'web-ssr'), { recursive: true });
  cpSync(path.join(ROOT, 'build/web'), path.join(dir, 'web'), { recursive: true });
  rmSync(path.join(dir, 'web/pages'), { recursive: true, force: true });
  for (const f of readdirSync(path.join(dir, 'web')).filter((f) => /^manifest.*\.json/.test(f)))
    rmSync(path.join(dir, 'web', f));
  const run = spawnSync('node', [path.join(dir, 'web-ssr/prerender.js')], {
    cwd: path.join(ROOT, 'web'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WAVESITES_BUILD_DIR: dir,
      WAVESITES_CONTENT_DIR: content,
      WAVESITES_IMAGE_CACHE: path.join(ROOT, 'build/image-cache'),
    },
    encoding: 'utf8',
    timeout: 180_000,
  });
  assert.equal(run.status, 0, run.stderr);
  return { dir, web: path.join(dir, 'web'), stdout: run.stdout };
}
