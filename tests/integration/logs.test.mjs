// What an operator reads: access-log lines with the client, user agent, referer and request id;
// X-Request-Id on every answer; and stderr as JSON events, every line of a server run.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  HOSTS,
  configText,
  events,
  request,
  requestMany,
  runCli,
  startServer,
  stopsOnTime,
} from './harness.mjs';
import { LEAD_PATH } from './contract.mjs';

const GENERATED_ID = /^[0-9a-f]{16}$/;

function accessLines(srv) {
  return srv.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

test('every access-log line names the client, user agent, referer and request id', async () => {
  const srv = await startServer();
  const longUa = `Agent "quoted" \\ ${'x'.repeat(2000)}`;
  let page, api, notFound;
  try {
    page = await request(srv.port, '/tts1/home', {
      headers: { 'User-Agent': 'Check/1.0', Referer: 'https://ref.check.test/a?b=c' },
    });
    api = await request(srv.port, '/healthz', {
      host: HOSTS.waveads[0],
      headers: { 'User-Agent': longUa },
    });
    notFound = await request(srv.port, '/nope', {
      host: HOSTS.enicf[0],
      headers: { 'User-Agent': 'caf\u00e9' },
    });
  } finally {
    await srv.stop();
  }
  const lines = accessLines(srv);
  const home = lines.find((l) => l.path === '/tts1/home');
  assert.deepEqual(
    { client: home.client, ua: home.ua, referer: home.referer, request_id: home.request_id },
    {
      client: '127.0.0.1',
      ua: 'Check/1.0',
      referer: 'https://ref.check.test/a?b=c',
      request_id: page.headers['x-request-id'],
    },
  );
  const health = lines.find(
    (l) => l.path === '/healthz' && l.request_id === api.headers['x-request-id'],
  );
  assert.ok(health, 'the API answer is logged with its id');
  assert.equal(health.ua, longUa.slice(0, 512), 'a long header is cut at 512 bytes');
  assert.equal(health.referer, '');
  const nope = lines.find((l) => l.path === '/nope');
  assert.equal(nope.request_id, notFound.headers['x-request-id']);
  assert.equal(nope.ua, 'caf\u00e9', 'a byte above ASCII (Node sends Latin-1) stays valid JSON');
});

test('a generated request id is on every kind of answer and unique', async () => {
  const srv = await startServer();
  const ids = [];
  try {
    const page = await request(srv.port, '/tts2/home', { headers: { 'Accept-Encoding': 'br' } });
    const etag = page.headers.etag;
    const answers = [
      page,
      await request(srv.port, '/tts2/home', {
        headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag },
      }),
      await request(srv.port, '/no-such-page'),
      await request(srv.port, '/healthz'),
      await request(srv.port, '/healthz', { method: 'POST' }),
      await request(srv.port, '/tts2/home', { method: 'HEAD' }),
      await request(srv.port, '/healthz', { headers: { 'X-Request-Id': 'chosen-by-client' } }),
    ];
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 304, 404, 200, 405, 200, 200],
    );
    for (const a of answers) {
      assert.match(a.headers['x-request-id'] ?? '', GENERATED_ID, `status ${a.status}`);
      ids.push(a.headers['x-request-id']);
    }
    assert.equal(new Set(ids).size, ids.length, 'no two alike');
  } finally {
    await srv.stop();
  }
  const logged = accessLines(srv).map((l) => l.request_id);
  for (const id of ids) assert.ok(logged.includes(id), `${id} is logged`);
});

test("a trusted proxy's X-Request-Id and client address are kept; anyone else's are not", async () => {
  const proxied = await startServer({ config: configText('[proxy]\ntrusted = ["127.0.0.1"]\n') });
  const direct = await startServer();
  const headers = { 'X-Request-Id': 'edge-4f2a:9', 'X-Forwarded-For': '198.51.100.7' };
  let kept, replaced, invalid;
  try {
    kept = await request(proxied.port, '/tts3/home', { headers });
    invalid = await request(proxied.port, '/tts3/home', {
      headers: { ...headers, 'X-Request-Id': 'has space' },
    });
    replaced = await request(direct.port, '/tts3/home', { headers });
  } finally {
    await proxied.stop();
    await direct.stop();
  }
  assert.equal(kept.headers['x-request-id'], 'edge-4f2a:9');
  assert.match(invalid.headers['x-request-id'], GENERATED_ID, 'a malformed id is not believed');
  assert.match(replaced.headers['x-request-id'], GENERATED_ID);
  const viaProxy = accessLines(proxied).find((l) => l.request_id === 'edge-4f2a:9');
  assert.equal(viaProxy.client, '198.51.100.7');
  const untrusted = accessLines(direct).find((l) => l.path === '/tts3/home');
  assert.equal(untrusted.client, '127.0.0.1');
  assert.equal(untrusted.request_id, replaced.headers['x-request-id']);
});

test('every stderr line of a server run is a JSON event with a time and a level', async () => {
  const srv = await startServer();
  // A bot's lead is logged (the honeypot) as well as start, sites and stop.
  const bot = await request(srv.port, LEAD_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ website: 'http://spam.example' }),
  });
  assert.equal(bot.status, 200);
  const { code } = await srv.stop();
  assert.equal(code, 0);
  const all = events(srv.stderr);
  for (const e of all) {
    assert.match(e.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(['info', 'warn', 'error'].includes(e.level), JSON.stringify(e));
    assert.equal(typeof e.event, 'string');
  }
  assert.deepEqual(
    [all[0].event, all.at(-2).event, all.at(-1).event],
    ['listening', 'stopping', 'stopped'],
  );
  assert.equal(all[0].url, `http://127.0.0.1:${srv.port}`);
  assert.equal(all.filter((e) => e.event === 'site').length, 7);
  assert.ok(all.some((e) => e.event === 'honeypot' && e.client === '127.0.0.1'));
});

// Regression: events were written to stderr by the thread that logged them, so a stderr nobody
// read stopped the server: a bot's lead is an event (the honeypot), and after 720 of them an I/O
// thread blocked in write(2), answering nothing more, and SIGTERM could not stop it either.
test('a stderr nobody reads holds up no answer, and the server still stops on time', async () => {
  const srv = await startServer({
    config: configText('access_log = false\n\n[limits]\nleads_per_ip_per_hour = 1000000\n'),
    // The start-up lines reach this test (it waits for them); then the reader stops reading, and
    // the pipe stays open until the server is gone.
    wrapper: [
      'bash',
      '-c',
      'exec "$@" 2> >(python3 -c "$0" >&2; exec tail --pid=$$ -f /dev/null)',
      [
        'import os',
        "seen = b''",
        "while b'other_hosts' not in seen:",
        '    d = os.read(0, 65536)',
        '    if not d: break',
        '    seen += d',
        '    os.write(1, d)',
      ].join('\n'),
    ],
  });
  try {
    const body = JSON.stringify({ website: `http://bot.example/${'w'.repeat(200)}` });
    // 3000 events of some 300 bytes: 14 times what the pipe holds.
    const bot = () => ({
      path: LEAD_PATH,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      body,
    });
    await requestMany(srv.port, 3000, 8, bot, 200);
    await stopsOnTime(srv);
  } finally {
    if (srv.child.exitCode === null) await srv.stop('SIGKILL');
  }
});

test('a server that cannot start says why in one JSON error line', async () => {
  const r = await runCli(['serve', '--listen', 'nowhere']);
  assert.equal(r.code, 2);
  const [e, ...rest] = events(r.stderr);
  assert.deepEqual(rest, []);
  assert.equal(e.level, 'error');
  assert.equal(e.event, 'start_failed');
  assert.match(e.error, /--listen/);
});
