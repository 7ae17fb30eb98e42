// SIGHUP rereads the config without a restart: hosts, landing values, limits, notify and metrics
// settings apply to new requests; a request in flight finishes undisturbed; a bad file is refused
// in one log line naming the key, and the config in force stays. Nothing read at start stays as it
// was: the [server] settings (all but threads, which reload_partial names), the attachment cap,
// and what the bundle holds (its sites, their click log, its languages, the metrics' site names).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import {
  configText,
  events,
  freePort,
  reloadConfig,
  request,
  runCliOn,
  startServer,
  WEB,
} from './harness.mjs';
import { Receiver, startSmtp } from './notify-fixtures.mjs';
import { LEAD_PATH, UPLOAD_PATH, validLead } from './contract.mjs';

const NEW_HOST = 'second-landing.check.test';
const NEW_STORE_URL = 'https://apps.apple.com/app/block-blast/id9999999999';

const lead = JSON.stringify(
  validLead({
    businessEmail: 'reload@studio.example',
    firstName: 'Ren',
    lastName: 'Kato',
    country: 'JP',
    describes: 'publisher',
    companyName: 'Kato Apps',
    remark: '',
  }),
);

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
      const event = await reloadConfig(srv, after);
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
      const event = await reloadConfig(
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
        const event = await reloadConfig(srv, text);
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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function samples(text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return out;
}

const metrics = async (srv) => samples((await request(srv.port, '/metrics')).body);

/** A raw connection from `localAddress`; resolves once connected. */
function connect(port, localAddress = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress });
    s.on('error', () => {});
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

/** What the server does with a connection within `ms`: {data, closed}. */
function outcome(sock, ms) {
  return new Promise((resolve) => {
    let data = '';
    const finish = (closed) => resolve({ data, closed });
    sock.on('data', (d) => (data += d));
    sock.once('close', () => finish(true));
    setTimeout(() => finish(false), ms);
  });
}

/** A connection busy sending a lead's body: not evictable, it holds its place. */
async function busy(port, localAddress) {
  const s = await connect(port, localAddress);
  s.write(
    `POST ${LEAD_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
  );
  return s;
}

async function exported(srv, what) {
  const r = await runCliOn(srv, [what, 'export', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

describe('reload on SIGHUP: what was read at start follows the file', () => {
  const PROXY = '\n[proxy]\ntrusted = ["127.0.0.1"]\n';
  const viaHttps = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' };

  test('[server] settings apply to the next connection or request; only threads waits for a restart, named in reload_partial', async () => {
    const srv = await startServer({ config: configText(PROXY) });
    const held = [];
    try {
      const hsts = async () =>
        (await request(srv.port, '/tts1/home', { headers: viaHttps })).headers[
          'strict-transport-security'
        ];
      const logged = async () => {
        const lines = srv.stdout.length;
        await request(srv.port, '/tts1/home');
        await sleep(600); // the access log is flushed a few times a second
        return srv.stdout.length > lines;
      };
      assert.equal(await hsts(), 'max-age=63072000; includeSubDomains');
      assert.ok((await metrics(srv)).wavesites_max_connections > 3);
      assert.equal(await logged(), true, 'the access log is on');

      let mark = srv.stderr.length;
      const caps =
        'hsts_max_age = 600\nmax_connections = 3\nmax_connections_per_ip = 2\naccess_log = false\n';
      assert.equal((await reloadConfig(srv, configText(caps + PROXY))).event, 'reloaded');
      assert.ok(
        !srv.stderr.slice(mark).includes('reload_partial'),
        'all of it is in force: nothing to say',
      );
      assert.equal(await hsts(), 'max-age=600; includeSubDomains');
      assert.equal(await logged(), false, 'the access log is off');
      const gauges = await metrics(srv);
      assert.equal(gauges.wavesites_max_connections, 3);
      assert.equal(gauges.wavesites_max_connections_per_ip, 2);
      // Two from one address fill its cap; its third is closed at once.
      for (let i = 0; i < 2; i++) held.push(await busy(srv.port, '127.0.0.7'));
      await sleep(200);
      const third = await connect(srv.port, '127.0.0.7');
      third.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.deepEqual(
        await outcome(third, 3000),
        { data: '', closed: true },
        'past max_connections_per_ip',
      );
      // One from the proxy (no per-address cap) fills the server; the next is closed at once.
      held.push(await busy(srv.port, '127.0.0.1'));
      await sleep(200);
      const fourth = await connect(srv.port);
      fourth.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.deepEqual(
        await outcome(fourth, 3000),
        { data: '', closed: true },
        'past max_connections',
      );
      for (const s of held.splice(0)) s.destroy();
      await sleep(200);
      const refused = await metrics(srv);
      assert.equal(
        refused['wavesites_connections_refused_total{reason="max_connections_per_ip"}'],
        1,
      );
      assert.equal(refused['wavesites_connections_refused_total{reason="max_connections"}'], 1);

      // Threads are made at start: that one waits, and is named; the rest of the file applies.
      mark = srv.stderr.length;
      const event = await reloadConfig(
        srv,
        configText(caps + 'read_timeout_seconds = 1\n' + PROXY).replace(
          'threads = 2',
          'threads = 3',
        ),
      );
      assert.equal(event.event, 'reloaded');
      const partial = events(srv.stderr.slice(mark)).filter((e) => e.event === 'reload_partial');
      assert.equal(partial.length, 1);
      assert.equal(partial[0].level, 'warn');
      assert.deepEqual(partial[0].settings, ['server.threads']);
      const slow = await connect(srv.port);
      slow.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\n'); // a head that never ends
      const cut = await outcome(slow, 5000);
      assert.match(
        cut.data,
        /^HTTP\/1\.1 408 /,
        'read_timeout_seconds = 1, not the 15 s it started with',
      );
      assert.equal(cut.closed, true);
    } finally {
      for (const s of held) s.destroy();
      await srv.stop();
    }
  });

  describe('the attachment cap', () => {
    let smtp;
    before(async () => {
      smtp = await startSmtp();
    });
    after(() => smtp.stop());

    test('a resume taken after max_upload_bytes is raised is emailed with its file', async () => {
      const notify =
        `[notify]\nemail_to = ["hr@waveads.check.test"]\nemail_from = "wavesites@waveads.check.test"\n` +
        `smtp_url = "smtp://127.0.0.1:${smtp.port}"\n`;
      const limits = (bytes) =>
        `\n[limits]\nuploads_per_ip_per_hour = 1000\nmax_upload_bytes = ${bytes}\n\n${notify}`;
      const srv = await startServer({ config: configText(limits(2048)) });
      try {
        const pdf = Buffer.concat([
          Buffer.from('%PDF-1.4\n'),
          Buffer.alloc(6000, 0x20),
          Buffer.from('\n%%EOF\n'),
        ]);
        const upload = async () => {
          const form = new FormData();
          form.append('file', new Blob([pdf]), 'cv.pdf');
          return fetch(`http://127.0.0.1:${srv.port}${UPLOAD_PATH}`, {
            method: 'POST',
            body: form,
          });
        };
        assert.equal((await upload()).status, 413, 'larger than the cap at start');
        assert.equal((await reloadConfig(srv, configText(limits(65536)))).event, 'reloaded');
        const r = await upload();
        assert.equal(r.status, 200);
        const id = (await r.json()).data.id;
        let mail;
        for (let end = Date.now() + 30_000; !mail && Date.now() < end; await sleep(100)) {
          mail = smtp
            .messages()
            .find((m) => m.subject.startsWith('New resume') && JSON.stringify(m).includes(id));
        }
        assert.ok(mail, 'the resume was announced');
        assert.equal(mail.attachments.length, 1, 'with its file: the cap is the one in force');
        assert.equal(mail.attachments[0].sha256, createHash('sha256').update(pdf).digest('hex'));
      } finally {
        await srv.stop();
      }
    });
  });

  test("a bundle reloaded with one more site and language: its click log, its leads' language and the metrics follow", async () => {
    // At start the bundle lacks the landing site (enicf) and Portuguese; the reload brings both.
    const web = path.join(mkdtempSync(path.join(os.tmpdir(), 'wavesites-reload-web-')), 'web');
    cpSync(WEB, web, { recursive: true });
    const full = readFileSync(path.join(WEB, 'manifest.json'), 'utf8');
    const smaller = JSON.parse(full);
    delete smaller.route_sets.enicf;
    for (const id of Object.keys(smaller.pages))
      if (id.startsWith('enicf-online-')) delete smaller.pages[id];
    for (const page of Object.values(smaller.pages)) delete page.langs?.pt;
    writeFileSync(path.join(web, 'manifest.json'), JSON.stringify(smaller));
    const withLanding = configText('\n[limits]\nleads_per_ip_per_hour = 1000\n');
    const srv = await startServer({
      config: withLanding.replace(/^enicf = .*\n/m, ''),
      args: ['--web', web],
    });
    const landing = 'blast.check.test';
    const click = () =>
      request(srv.port, '/api/clicks', {
        method: 'POST',
        host: landing,
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ referrer: '' }),
      });
    const leadIn = async (language) => {
      const r = await request(srv.port, LEAD_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...JSON.parse(lead), language }),
      });
      assert.equal(r.status, 200, r.body);
      return JSON.parse(r.body).data.id;
    };
    try {
      const before = await leadIn('pt');
      writeFileSync(path.join(web, 'manifest.json'), full);
      assert.equal((await reloadConfig(srv, withLanding)).event, 'reloaded');

      assert.equal(
        (await request(srv.port, '/', { host: landing })).status,
        200,
        'the new site is served',
      );
      assert.equal((await click()).status, 204, 'and its store button is counted');
      const after = await leadIn('pt');
      const leads = await exported(srv, 'leads');
      assert.equal(
        leads.find((l) => l.id === before).language,
        '',
        'Portuguese was no page language at start',
      );
      assert.equal(leads.find((l) => l.id === after).language, 'pt', 'it is one now');
      assert.deepEqual(
        (await exported(srv, 'clicks')).map((c) => c.site),
        ['enicf'],
      );
      const m = await metrics(srv);
      assert.equal(
        m['wavesites_requests_total{site="enicf",status_class="2xx"}'],
        2,
        "the page and the click, under the site's name",
      );
      assert.equal(m['wavesites_landing_clicks_total{site="enicf"}'], 1);
    } finally {
      await srv.stop();
    }
  });
});
