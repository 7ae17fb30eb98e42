// deploy/Caddyfile in front of the real server, as shipped: the test takes the file, swaps its
// host names for test names and its upstream for the test server's port, adds global options
// that keep Caddy on loopback high ports with its own local CA (`local_certs`), and runs Debian's
// /usr/bin/caddy with it. Through TLS: pages arrive as the server sent them (once-encoded, its
// headers intact) plus HSTS; a lead is recorded with the address Caddy saw, not Caddy's own;
// request ids pass through, and a request without one gets Caddy's.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { HOSTS, ROOT, configText, freePort, request, runCliOn, startServer } from './harness.mjs';
import { observatoryScore } from './observatory.mjs';
import { LEAD_PATH, validLead } from './contract.mjs';

const CADDY = '/usr/bin/caddy';
const HOST = HOSTS.waveads[0].toLowerCase();
const CLIENT = '127.0.0.9'; // the visitor: a loopback address other than Caddy's 127.0.0.1
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SERVER_HEADERS = [
  'content-type',
  'content-encoding',
  'content-length',
  'etag',
  'cache-control',
  'vary',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
];

/**
 * The public host names of config/sites.toml's [hosts], in file order: the *.localhost names are
 * this machine's own (`make run`), never in DNS, so Caddy gets no certificate for them.
 */
function configuredHosts() {
  const text = readFileSync(path.join(ROOT, 'config/sites.toml'), 'utf8');
  const table = /^\[hosts\]\n([\s\S]*?)(?=^\[)/m.exec(text)[1];
  return [...table.matchAll(/^\w+\s*=\s*\[([^\]]*)\]/gm)]
    .flatMap((m) => [...m[1].matchAll(/"([^"]+)"/g)].map((h) => h[1]))
    .filter((h) => !h.endsWith('.localhost'));
}

/** deploy/Caddyfile made to run here; every substitution must hit exactly once. */
function testCaddyfile({ upstreamPort, httpPort, httpsPort }) {
  const shipped = readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');
  const siteLine = `${configuredHosts().join(', ')} {`;
  assert.equal(
    shipped.split('\n').filter((l) => l === siteLine).length,
    1,
    `deploy/Caddyfile lists the hosts of config/sites.toml: ${siteLine}`,
  );
  assert.equal(
    shipped.split('reverse_proxy 127.0.0.1:8080').length,
    2,
    'one reverse_proxy to 127.0.0.1:8080',
  );
  assert.ok(!/^\{/m.test(shipped), 'no global options block of its own (the test adds one)');
  const testHosts = Object.values(HOSTS)
    .flat()
    .map((h) => h.toLowerCase());
  const global = [
    '{',
    '\tadmin off',
    `\thttp_port ${httpPort}`,
    `\thttps_port ${httpsPort}`,
    '\tdefault_bind 127.0.0.1',
    '\tlocal_certs',
    '\tskip_install_trust',
    '\tservers {',
    '\t\tprotocols h1 h2',
    '\t}',
    '}',
    '',
  ].join('\n');
  return (
    global +
    shipped
      .replace(siteLine, `${testHosts.join(', ')} {`)
      .replace('reverse_proxy 127.0.0.1:8080', `reverse_proxy 127.0.0.1:${upstreamPort}`)
  );
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

describe('behind deploy/Caddyfile', () => {
  let srv;
  let caddy;
  let caddyExit;
  let caddyLog = '';
  let httpPort;
  let httpsPort;
  let ca;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-caddy-'));

  /** One HTTPS request to Caddy from CLIENT; resolves {status, headers, raw, body (decoded)}. */
  function viaCaddy(
    target,
    { method = 'GET', headers = {}, body, localAddress = CLIENT, host = HOST } = {},
  ) {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: host,
          ca,
          localAddress,
          path: target,
          method,
          headers: { Host: host, ...headers },
          agent: false,
          timeout: 10_000,
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
      req.on('timeout', () => req.destroy(new Error(`no answer from Caddy for ${target} in 10 s`)));
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });
  }

  /** The access-log line for a request id, waiting a little for it to be written. */
  async function accessLine(id) {
    for (let i = 0; i < 100; i++) {
      const line = srv.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l))
        .find((l) => l.request_id === id);
      if (line) return line;
      await sleep(50);
    }
    assert.fail(`no access-log line with request_id ${id}:\n${srv.stdout}`);
  }

  before(async () => {
    mkdirSync(path.join(dir, 'server'));
    srv = await startServer({
      config: configText('[proxy]\ntrusted = ["127.0.0.1"]\n'),
      dir: path.join(dir, 'server'),
    });
    httpPort = await freePort();
    httpsPort = await freePort();
    const file = path.join(dir, 'Caddyfile');
    writeFileSync(file, testCaddyfile({ upstreamPort: srv.port, httpPort, httpsPort }));
    const home = path.join(dir, 'home');
    caddy = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: path.join(home, 'data'),
        XDG_CONFIG_HOME: path.join(home, 'config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout.on('data', (d) => (caddyLog += d));
    caddy.stderr.on('data', (d) => (caddyLog += d));
    caddyExit = new Promise((resolve) =>
      caddy.on('exit', (code, signal) => resolve({ code, signal })),
    );
    let exited = null;
    caddyExit.then((e) => (exited = e));
    caddy.on('error', (e) => (exited = { error: e.message })); // e.g. no /usr/bin/caddy
    // Ready when its local CA exists and a request through it gets the server's answer.
    const root = path.join(home, 'data/caddy/pki/authorities/local/root.crt');
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (exited) assert.fail(`caddy exited (${JSON.stringify(exited)}):\n${caddyLog}`);
      if (Date.now() > deadline) assert.fail(`caddy not serving after 30 s:\n${caddyLog}`);
      if (existsSync(root)) {
        ca = readFileSync(root);
        try {
          if ((await viaCaddy('/healthz')).status === 200) break;
        } catch {
          // not yet: no certificate or not listening
        }
      }
      await sleep(100);
    }
  });

  after(async () => {
    if (caddy?.pid && caddy.exitCode === null && caddy.signalCode === null) {
      caddy.kill('SIGTERM');
      const timer = setTimeout(() => caddy.kill('SIGKILL'), 10_000);
      await caddyExit;
      clearTimeout(timer);
    }
    if (srv) await srv.stop();
    rmSync(dir, { recursive: true, force: true }); // Caddy's local CA keys among it
  });

  test('a page arrives through TLS as the server sent it, once-encoded, plus HSTS', async () => {
    for (const encoding of ['br', 'gzip']) {
      const headers = { 'Accept-Encoding': encoding };
      const proxied = await viaCaddy('/', { headers });
      const direct = await request(srv.port, '/', { host: HOST, headers });
      assert.equal(proxied.status, 200);
      assert.ok(
        proxied.body.includes('The Digital Wave Rider'),
        'the waveads home page, decoded once',
      );
      assert.match(proxied.body, /^<!doctype html>/i);
      assert.equal(proxied.headers['content-encoding'], encoding);
      assert.ok(
        proxied.raw.equals(direct.raw),
        `${encoding}: the same bytes as straight from the server`,
      );
      for (const h of SERVER_HEADERS) {
        // Behind HTTPS the server adds a second policy, upgrade-insecure-requests; the first is intact.
        const want =
          h === 'content-security-policy'
            ? `${direct.headers[h]}, upgrade-insecure-requests`
            : direct.headers[h];
        assert.equal(proxied.headers[h], want, `${encoding}: ${h}`);
      }
      assert.equal(
        proxied.headers['strict-transport-security'],
        'max-age=63072000; includeSubDomains',
      );
      assert.equal(
        direct.headers['strict-transport-security'],
        undefined,
        'no HSTS over plain HTTP',
      );
    }
    const plain = await viaCaddy('/');
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: not encoded');
    assert.ok(plain.body.includes('The Digital Wave Rider'));
  });

  /** The first answer to a plain-HTTP request on Caddy's HTTP port. */
  function viaPlainHttp(target, host = HOST) {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: httpPort,
          path: target,
          headers: { Host: host },
          agent: false,
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res));
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer on the HTTP port')));
      req.on('error', reject);
      req.end();
    });
  }

  test('every site grades A+ by the HTTP Observatory rules, through TLS', async () => {
    const report = [];
    for (const [site, hosts] of Object.entries(HOSTS)) {
      const host = hosts[0].toLowerCase();
      const first = await viaPlainHttp('/', host);
      const page = await viaCaddy('/', { host });
      assert.equal(page.status, 200, `${site} home`);
      // Caddy 2.6 leaves a non-default https_port out of the Location; in production it is 443,
      // and that is the URL the Observatory would follow.
      const location = first.headers.location?.replace(`:${httpsPort}/`, '/');
      const graded = observatoryScore({
        first: { status: first.statusCode, location },
        headers: page.headers,
        html: page.body,
        host,
      });
      report.push(
        `${site}: ${graded.score} ${graded.grade} (${Object.entries(graded.tests)
          .filter(([, t]) => t.modifier !== 0)
          .map(([k, t]) => `${k} ${t.modifier > 0 ? '+' : ''}${t.modifier}`)
          .join(', ')})`,
      );
      assert.equal(graded.grade, 'A+', `${site}: ${JSON.stringify(graded, null, 1)}`);
      for (const [name, t] of Object.entries(graded.tests))
        assert.ok(t.modifier >= 0, `${site}: ${name} ${t.result}`);
    }
    console.log(`observatory:\n  ${report.join('\n  ')}`);
  });

  test('plain HTTP is redirected to HTTPS', async () => {
    const r = await viaPlainHttp('/contact-us');
    assert.equal(r.statusCode, 308);
    // Caddy 2.6 leaves a non-default https_port out of the Location; in production it is 443.
    assert.match(
      r.headers.location,
      new RegExp(`^https://${HOST.replaceAll('.', '\\.')}(:${httpsPort})?/contact-us$`),
    );
  });

  test("a lead is stored with the visitor's address, not Caddy's", async () => {
    const r = await viaCaddy(LEAD_PATH, {
      method: 'POST',
      // A forged X-Forwarded-For from the visitor is not what Caddy passes on.
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.5' },
      body: JSON.stringify(
        validLead({
          businessEmail: 'caddy.check@example.com',
          firstName: 'Mei',
          lastName: 'Tanaka',
          country: 'JP',
          describes: 'publisher',
          companyName: 'Behind Caddy',
          remark: 'Sent through the reverse proxy.',
        }),
      ),
    });
    assert.equal(r.status, 200, r.body);
    const { id } = JSON.parse(r.body).data;
    const exported = await runCliOn(srv, ['leads', 'export', '--format', 'json']);
    assert.equal(exported.code, 0, exported.stderr);
    const stored = JSON.parse(exported.stdout).find((l) => l.id === id);
    assert.ok(stored, `lead ${id} is exported`);
    assert.equal(stored.clientIp, CLIENT);
    assert.equal(stored.host, HOST);
    assert.equal((await accessLine(r.headers['x-request-id'])).client, CLIENT);
  });

  test("a client's request id passes through; a request without one gets Caddy's", async () => {
    const chosen = await viaCaddy('/contact-us', {
      headers: { 'X-Request-Id': 'caddy-check-123' },
    });
    assert.equal(chosen.status, 200);
    assert.equal(chosen.headers['x-request-id'], 'caddy-check-123');
    const line = await accessLine('caddy-check-123');
    assert.deepEqual(
      { path: line.path, client: line.client, status: line.status },
      { path: '/contact-us', client: CLIENT, status: 200 },
    );

    const ids = [];
    for (let i = 0; i < 2; i++) {
      const r = await viaCaddy('/contact-us');
      assert.equal(r.status, 200);
      assert.match(r.headers['x-request-id'] ?? '', UUID, "Caddy's {http.request.uuid}");
      assert.equal((await accessLine(r.headers['x-request-id'])).path, '/contact-us');
      ids.push(r.headers['x-request-id']);
    }
    assert.notEqual(ids[0], ids[1]);
  });
});
