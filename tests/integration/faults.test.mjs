// One client cannot end the process: not by resetting a connection mid-answer (SIGPIPE from
// sendfile), not by a request whose handler throws; nor can a fault in the server's own loops end
// its accepting or its deadlines. The server is started as a user's shell starts it, with SIGPIPE
// at its default disposition (harness.mjs, spawnAsUser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

import {
  BIN,
  configText,
  events,
  loggedEvents,
  request,
  ROOT,
  runCliOn,
  spawnAsUser,
  startServer,
  WEB,
} from './harness.mjs';
import { LEAD_PATH, UPLOAD_PATH, validLead } from './contract.mjs';

const run = promisify(execFile);
const ABUSE = path.join(import.meta.dirname, 'clients/abuse.py');
const FAULTS_BIN = path.join(ROOT, 'build/test-bin/wavesites-faults');
const SIGPIPE_BIT = 1n << 12n; // signal 13, bit 12 of /proc/PID/status's masks

function ignoredSignals(statusText) {
  return BigInt('0x' + /^SigIgn:\s+([0-9a-f]+)$/m.exec(statusText)[1]);
}

function samples(text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return out;
}

/** The largest asset of the bundle (a body sent with sendfile) and a small one. */
function assets() {
  const manifest = JSON.parse(readFileSync(path.join(WEB, 'manifest.json'), 'utf8'));
  const files = manifest.static
    .filter((s) => s.path.startsWith('/assets/'))
    .map((s) => ({ p: s.path, size: statSync(path.join(WEB, s.file)).size }));
  files.sort((a, b) => b.size - a.size);
  return { large: files[0].p, small: files.find((f) => f.size < 4096).p };
}

test('a server started as a user would has SIGPIPE at its default disposition, and ignores it itself', async () => {
  const child = spawnAsUser('grep', ['SigIgn', '/proc/self/status'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((r) => child.on('exit', r));
  assert.equal(
    ignoredSignals(out) & SIGPIPE_BIT,
    0n,
    'spawned with SIGPIPE at its default, whatever this process has',
  );

  const srv = await startServer();
  try {
    const status = readFileSync(`/proc/${srv.child.pid}/status`, 'utf8');
    assert.match(status, /^Name:\s+wavesites$/m, 'the pid is the server itself, not a wrapper');
    assert.notEqual(
      ignoredSignals(status) & SIGPIPE_BIT,
      0n,
      'the server set SIGPIPE to ignored itself',
    );
  } finally {
    assert.deepEqual(await srv.stop(), { code: 0, signal: null });
  }
});

test('hundreds of clients that reset mid-answer, on every kind of answer: the server lives and loses no lead', async () => {
  const srv = await startServer({
    config:
      configText() +
      '\n[limits]\nleads_per_ip_per_hour = 1000\nuploads_per_ip_per_hour = 1000\nmax_upload_bytes = 262144\n',
  });
  const { large, small } = assets();
  const kinds = [
    ['page', ['--path', '/waveads/home']],
    ['gzip page', ['--path', '/tts1/article-detail/1', '--header', 'Accept-Encoding: gzip']],
    ['large asset', ['--path', large]],
    ['small asset', ['--path', small]],
    ['404 page', ['--path', '/no/such/page']],
    ['redirect', ['--path', '/go/oxo?from=1']],
    ['metrics', ['--path', '/metrics']],
    [
      'upload answer',
      ['--path', UPLOAD_PATH, '--method', 'POST', '--body-bytes', '100000', '--pipeline', '1'],
    ],
  ];
  const acknowledged = [];
  const resets = {};
  try {
    for (const [kind, args] of kinds) {
      resets[kind] = 0;
      for (const rcvbuf of [2048, 16384, 131072]) {
        const { stdout } = await run('python3', [
          ABUSE,
          'reset',
          String(srv.port),
          ...args,
          '--count',
          '60',
          '--rcvbuf',
          String(rcvbuf),
        ]);
        resets[kind] += JSON.parse(stdout).connections;
        // Between the storms, leads that are acknowledged must all be kept.
        const r = await request(srv.port, LEAD_PATH, {
          method: 'POST',
          host: 'global.waveads-check.test',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(validLead({ companyName: `${kind} ${rcvbuf}` })),
        });
        assert.equal(r.status, 200, r.body);
        acknowledged.push(JSON.parse(r.body).data.id);
      }
    }
    assert.equal(srv.child.exitCode, null, `alive after ${JSON.stringify(resets)}`);
    assert.equal((await request(srv.port, '/healthz')).status, 200);
    assert.equal((await request(srv.port, '/waveads/home')).status, 200);
    const m = samples((await request(srv.port, '/metrics')).body);
    assert.ok(
      m['wavesites_connections_dropped_total{reason="client_gone"}'] > 0,
      'the lost sends are counted',
    );
    assert.equal(m.wavesites_internal_errors_total, 0);
    assert.equal(
      events(srv.stderr).filter((e) => e.level !== 'info').length,
      0,
      'a client going away is no warning or error',
    );
  } finally {
    assert.deepEqual(await srv.stop(), { code: 0, signal: null }, 'and it stops cleanly');
  }
  const exported = await runCliOn(srv, ['leads', 'export', '--format', 'json']);
  const stored = JSON.parse(exported.stdout).map((l) => l.id);
  for (const id of acknowledged)
    assert.equal(stored.filter((s) => s === id).length, 1, `lead ${id} stored once`);
  assert.equal(acknowledged.length, kinds.length * 3);
});

test('a handler that throws gets a 500, is logged once with its request id and counted; the server goes on', async () => {
  const srv = await startServer({ bin: FAULTS_BIN });
  try {
    const thrown = await request(srv.port, '/__fault/throw', {
      headers: { 'X-Request-Id': 'ignored-from-a-client' },
    });
    assert.equal(thrown.status, 500);
    assert.deepEqual(JSON.parse(thrown.body), {
      code: 500,
      msg: 'Internal Server Error',
      data: null,
    });
    assert.equal(thrown.headers.connection, 'close');
    assert.doesNotMatch(thrown.body, /injected/, 'no internal detail reaches the client');
    const id = thrown.headers['x-request-id'];

    const posted = await request(srv.port, '/__fault/throw', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x'.repeat(5000),
    });
    assert.equal(posted.status, 500);

    // A fault outside any request, in a handler the I/O thread runs.
    assert.equal((await request(srv.port, '/__fault/throw-io')).status, 200);
    await new Promise((r) => setTimeout(r, 200));

    assert.equal((await request(srv.port, '/waveads/home')).status, 200, 'still serving');
    const m = samples((await request(srv.port, '/metrics')).body);
    assert.equal(m.wavesites_internal_errors_total, 3);
    const faults = await loggedEvents(srv, (e) => e.event === 'internal_error', { count: 3 });
    assert.equal(faults.length, 3, 'one line each');
    assert.equal(faults.filter((e) => e.request_id === id).length, 1);
    assert.equal(faults[0].path, '/__fault/throw');
    assert.equal(faults[0].error, 'injected fault: GET /__fault/throw');
    assert.ok(faults.some((e) => e.where === 'io_thread'));
    assert.equal(srv.child.exitCode, null);
  } finally {
    assert.deepEqual(await srv.stop(), { code: 0, signal: null });
  }
});

/** `promise`, or a failure naming `what` after `ms`: a server that stopped accepting fails the test, not hangs it. */
function within(ms, what, promise) {
  let timer;
  const late = new Promise(
    (_, reject) =>
      (timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const arm = (srv, point) => request(srv.port, `/__fault/arm?point=${point}`, { method: 'POST' });

test('a fault in the accept loop costs the connection being accepted; the next ones are accepted and served', async () => {
  const srv = await startServer({ bin: FAULTS_BIN });
  try {
    assert.equal((await arm(srv, 'accept')).status, 200);
    await assert.rejects(
      within(5000, 'the connection the fault costs', request(srv.port, '/healthz')),
      /socket hang up|ECONNRESET/,
    );
    for (let i = 0; i < 4; i++) {
      assert.equal(
        (await within(5000, `connection ${i} after the fault`, request(srv.port, '/waveads/home')))
          .status,
        200,
      );
    }
    const m = samples((await request(srv.port, '/metrics')).body);
    assert.equal(m.wavesites_internal_errors_total, 1);
    const faults = await loggedEvents(srv, (e) => e.event === 'internal_error');
    assert.equal(faults.length, 1, 'one line');
    assert.equal(faults[0].where, 'accept');
    assert.equal(faults[0].error, 'injected fault: accept');
  } finally {
    assert.deepEqual(await srv.stop(), { code: 0, signal: null });
  }
});

test('a fault in a deadline sweep costs that sweep; every worker goes on cutting off late heads', async () => {
  const srv = await startServer({
    bin: FAULTS_BIN,
    config: configText('read_timeout_seconds = 1\n'),
  });
  try {
    assert.equal((await arm(srv, 'sweep')).status, 200);
    await new Promise((r) => setTimeout(r, 600)); // each worker sweeps every 250 ms: one of them met the fault
    // Connections go to the two workers in turn: heads that never end, on both.
    const cut = [];
    for (let i = 0; i < 4; i++) {
      const s = net.connect(srv.port, '127.0.0.1');
      s.on('error', () => {});
      await new Promise((r) => s.once('connect', r));
      s.write('GET /waveads/home HTTP/1.1\r\nHost: x\r\n');
      cut.push(
        new Promise((resolve) => {
          let data = '';
          s.on('data', (d) => (data += d));
          s.once('close', () => resolve(data));
          setTimeout(() => resolve(`${data}(still open after 5 s)`), 5000);
        }),
      );
    }
    for (const data of await Promise.all(cut)) assert.match(data, /^HTTP\/1\.1 408 /);
    const m = samples((await request(srv.port, '/metrics')).body);
    assert.equal(m.wavesites_internal_errors_total, 1);
    const faults = await loggedEvents(srv, (e) => e.event === 'internal_error');
    assert.equal(faults.length, 1, 'one line');
    assert.equal(faults[0].where, 'sweep');
  } finally {
    assert.deepEqual(await srv.stop(), { code: 0, signal: null });
  }
});

test('the shipped binary has no fault routes and no fault points', async () => {
  assert.ok(
    !readFileSync(BIN).includes('injected fault'),
    "none of the fault tests' code is in it",
  );
  const srv = await startServer();
  try {
    assert.equal((await request(srv.port, '/__fault/throw')).status, 404);
    assert.equal((await arm(srv, 'accept')).status, 404);
  } finally {
    await srv.stop();
  }
});
