// SIGHUP rereads the config without a restart: hosts, landing values, limits, notify and metrics
// settings apply to new requests; a request in flight finishes undisturbed; a bad file is refused
// in one log line naming the key, and the config in force stays.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { configText, freePort, request, startServer } from './harness.mjs';
import { Receiver } from './notify-fixtures.mjs';

const LEAD_PATH = '/api/pac-foreign/officialwebsite/add';
const UPLOAD_PATH = '/api/pac-foreign/officialwebsite/upload?officialWebsiteName=waveads';
const NEW_HOST = 'second-landing.check.test';
const NEW_STORE_URL = 'https://apps.apple.com/app/block-blast/id9999999999';

const lead = JSON.stringify({
  businessEmail: 'reload@studio.example',
  firstName: 'Ren',
  lastName: 'Kato',
  country: 'JP',
  describes: 'publisher',
  companyName: 'Kato Apps',
  remark: '',
  agree: true,
  officialWebsiteName: 'waveads',
});

async function waitForLine(srv, pattern, after, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const lines = srv.stderr.slice(after).split('\n').filter(Boolean);
    const hit = lines.find((l) => pattern.test(l));
    if (hit) return JSON.parse(hit);
    if (Date.now() > end) throw new Error(`no ${pattern} in:\n${srv.stderr.slice(after)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function reload(srv, text) {
  writeFileSync(path.join(srv.dir, 'sites.toml'), text);
  const mark = srv.stderr.length;
  srv.child.kill('SIGHUP');
  return waitForLine(srv, /"event":"(reloaded|reload_refused)"/, mark);
}

const postLead = (srv) =>
  request(srv.port, LEAD_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: lead,
  });

describe('reload on SIGHUP', () => {
  test('new hosts, landing values, limits, metrics and notify settings apply to new requests', async () => {
    const hook = new Receiver(await freePort());
    await hook.up();
    const before = configText('\n[limits]\nleads_per_ip_per_hour = 1000\n');
    const srv = await startServer({ config: before });
    try {
      assert.equal(
        (await request(srv.port, '/', { host: NEW_HOST })).status,
        404,
        'an unknown host before',
      );
      assert.equal(
        (await request(srv.port, '/metrics')).status,
        200,
        'loopback may read metrics before',
      );
      assert.equal((await postLead(srv)).status, 200);
      assert.equal(hook.requests.length, 0);

      const after =
        before
          .replace('enicf = [', `enicf = ["${NEW_HOST}", `)
          .replace(/app_store_url = "[^"]*"/, `app_store_url = "${NEW_STORE_URL}"`)
          .replace('leads_per_ip_per_hour = 1000', 'leads_per_ip_per_hour = 2') +
        `\n[metrics]\nallow = ["10.0.0.0/8"]\n\n[notify]\nwebhook_url = "http://127.0.0.1:${hook.port}/hook"\nwebhook_secret = "s"\n`;
      const event = await reload(srv, after);
      assert.equal(event.event, 'reloaded', JSON.stringify(event));
      assert.equal(event.level, 'info');

      const landing = await request(srv.port, '/', { host: NEW_HOST });
      assert.equal(landing.status, 200, 'the new host serves its site');
      assert.ok(landing.body.includes(NEW_STORE_URL), 'with the new landing value');
      assert.equal(
        (await request(srv.port, '/metrics')).status,
        404,
        'loopback is no longer allowed',
      );
      // The new limit: the bucket now holds at most 2.
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await postLead(srv)).status);
      assert.deepEqual(statuses, [200, 200, 429]);
      await new Promise((r) => setTimeout(r, 3000)); // let the outbox deliver
      assert.equal(hook.requests.length, 2, 'leads after the reload are announced');
    } finally {
      await srv.stop();
      await hook.down();
    }
  });

  test('a request in flight finishes undisturbed', async () => {
    const srv = await startServer({
      config: configText('\n[limits]\nuploads_per_ip_per_hour = 1000\n'),
    });
    try {
      const boundary = 'reloadboundary';
      const file = Buffer.from('Curriculum vitae\nReloads do not cut uploads.\n');
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const sock = net.connect(srv.port, '127.0.0.1');
      await new Promise((r) => sock.once('connect', r));
      let answer = '';
      sock.on('data', (d) => (answer += d));
      sock.write(
        `POST ${UPLOAD_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      sock.write(body.subarray(0, 40));
      const event = await reload(
        srv,
        configText('\n[limits]\nuploads_per_ip_per_hour = 1000\nmax_json_bytes = 2048\n'),
      );
      assert.equal(event.event, 'reloaded');
      sock.end(body.subarray(40));
      await new Promise((r) => sock.once('close', r));
      assert.match(answer, /^HTTP\/1\.1 200 /, answer);
    } finally {
      await srv.stop();
    }
  });

  test('a bad file is refused in one line naming the key, and the config in force stays', async () => {
    const good = configText('\n[limits]\nleads_per_ip_per_hour = 1000\n');
    const srv = await startServer({ config: good });
    try {
      for (const [text, key] of [
        [
          good.replace('leads_per_ip_per_hour = 1000', 'leads_per_hour = 5'),
          'limits.leads_per_hour',
        ],
        [good + '\n[metrics]\nallow = ["10.0.0.0/33"]\n', 'metrics.allow'],
        [good + '\n[notify]\nwebhook_url = "http://127.0.0.1:9/x"\n', 'notify.webhook_secret'],
        [good.replace('[landing]', '[landing]\nnot_a_setting = "x"'), 'landing.not_a_setting'],
      ]) {
        const mark = srv.stderr.length;
        const event = await reload(srv, text);
        assert.equal(event.event, 'reload_refused');
        assert.equal(event.level, 'error');
        assert.ok(event.error.includes(key), `${key} named in ${event.error}`);
        const lines = srv.stderr
          .slice(mark)
          .split('\n')
          .filter((l) => l.includes('reload'));
        assert.equal(lines.length, 1, 'one line');
      }
      // Still the old config: loopback reads the metrics, leads are taken, the site answers.
      assert.equal((await request(srv.port, '/metrics')).status, 200);
      assert.equal((await postLead(srv)).status, 200);
      assert.equal((await request(srv.port, '/', { host: 'blast.check.test' })).status, 200);
      assert.equal(srv.child.exitCode, null, 'still running');
    } finally {
      await srv.stop();
    }
  });
});
