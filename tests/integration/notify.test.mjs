// Notifications through the outbox, against a real SMTP server (aiosmtpd) and a local webhook
// receiver: signatures verify, every field arrives, the attachment is byte-identical, a receiver
// that is down for a while gets everything once it is back, and a SIGKILL mid-delivery loses
// nothing (a notification sent twice carries the same delivery id both times).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  configText,
  freePort,
  HAVE_PG,
  pgSchemaUrl,
  request,
  runCliOn,
  startServer,
  waitFor,
} from './harness.mjs';
import { Receiver, startSmtp } from './notify-fixtures.mjs';
import { LEAD_PATH, UPLOAD_PATH, validLead } from './contract.mjs';

const SECRET = 'test-secret-0f9a';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const LIMITS = '[limits]\nleads_per_ip_per_hour = 1000\nuploads_per_ip_per_hour = 1000\n';

function lead(n, overrides = {}) {
  return validLead({
    businessEmail: `lead${n}@studio.example`,
    firstName: 'Inês',
    lastName: `Moreira ${n}`,
    country: 'PT',
    describes: 'advertiser',
    companyName: 'Faro Games',
    remark: 'Two lines:\nwe want installs in Brazil.',
    ...overrides,
  });
}

async function postLead(port, body) {
  const r = await request(port, LEAD_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(r.status, 200, r.body);
  return JSON.parse(r.body).data.id;
}

async function uploadResume(port, bytes, name) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const r = await fetch(`http://127.0.0.1:${port}${UPLOAD_PATH}`, { method: 'POST', body: form });
  assert.equal(r.status, 200);
  return (await r.json()).data.id;
}

function notifyConfig(hookPort, smtpPort, extra = '') {
  return configText(
    `\n${LIMITS}\n[notify]\nwebhook_url = "http://127.0.0.1:${hookPort}/hooks/wavesites"\nwebhook_secret = "${SECRET}"\n` +
      `email_to = ["sales@waveads.check.test", "ops@waveads.check.test"]\nemail_from = "wavesites@waveads.check.test"\n` +
      `smtp_url = "smtp://127.0.0.1:${smtpPort}"\n${extra}`,
  );
}

function verifySignature(req) {
  const sig = req.headers['wavesites-signature'];
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
  assert.ok(m, `signature header: ${sig}`);
  const expected = createHmac('sha256', SECRET).update(`${m[1]}.${req.body}`).digest('hex');
  assert.equal(m[2], expected, 'the HMAC of "<t>.<body>" under the secret');
  assert.ok(Math.abs(Number(m[1]) - Date.now() / 1000) < 120, 'the signature time is now');
}

describe('notifications', () => {
  let smtp;
  before(async () => {
    smtp = await startSmtp();
  });
  after(() => smtp.stop());

  test('a lead and a resume reach the webhook and the mailbox, complete and signed', async () => {
    const hook = new Receiver(await freePort());
    await hook.up();
    const srv = await startServer({ config: notifyConfig(hook.port, smtp.port) });
    try {
      const before = smtp.messages().length;
      const attribution = {
        utm_source: 'news',
        utm_campaign: 'spring-sale',
        gclid: 'abc',
        landing_path: '/ja/?utm_source=news&gclid=abc',
      };
      const leadId = await postLead(srv.port, lead(1, { attribution }));
      const resumeBytes = Buffer.concat([PDF, Buffer.from(`% ${'x'.repeat(5000)}\n`)]);
      const resumeId = await uploadResume(srv.port, resumeBytes, 'cv.pdf');
      await waitFor('two webhook events', () => hook.requests.length >= 2);
      await waitFor('two emails', () => smtp.messages().length >= before + 2);

      const events = hook.events();
      for (const e of events) {
        verifySignature(e);
        assert.equal(e.headers['content-type'], 'application/json');
        assert.equal(e.headers['wavesites-event'], e.json.event);
        assert.match(e.headers['wavesites-delivery'], /^[0-9A-HJKMNP-TV-Z]{26}$/);
      }
      const leadEvent = events.find((e) => e.json.event === 'lead.created');
      assert.deepEqual(Object.keys(leadEvent.json), ['event', 'id', 'created_at', 'site', 'data']);
      assert.equal(leadEvent.json.id, leadId);
      assert.equal(leadEvent.json.site, 'prefixed', 'the route set whose host took it');
      // Every lead field, exactly as the export has it.
      const exported = JSON.parse(
        (await runCliOn(srv, ['leads', 'export', '--format', 'json'])).stdout,
      ).find((l) => l.id === leadId);
      assert.deepEqual(leadEvent.json.data, exported);
      assert.deepEqual(
        leadEvent.json.data.attribution,
        attribution,
        'where the lead came from, as the page said',
      );
      assert.equal(leadEvent.json.created_at, exported.receivedAt);

      const resumeEvent = events.find((e) => e.json.event === 'resume.received');
      assert.equal(resumeEvent.json.id, resumeId);
      assert.equal(resumeEvent.json.data.originalName, 'cv.pdf');
      assert.equal(resumeEvent.json.data.size, resumeBytes.length);
      assert.equal(resumeEvent.json.data.contentType, 'application/pdf');
      // The earlier names stay for a release, beside the export's.
      assert.equal(resumeEvent.json.data.name, resumeEvent.json.data.originalName);
      assert.equal(resumeEvent.json.data.type, resumeEvent.json.data.contentType);
      // What the webhook carries, it carries under the export's names and values.
      const exportDir = path.join(srv.dir, 'resume-export');
      const resumesOut = await runCliOn(srv, ['resumes', 'export', exportDir]);
      assert.equal(resumesOut.code, 0, resumesOut.stderr);
      const exportedResume = JSON.parse(
        readFileSync(path.join(exportDir, 'metadata.json'), 'utf8'),
      ).find((m) => m.id === resumeId);
      for (const [key, value] of Object.entries(resumeEvent.json.data)) {
        if (!['fileName', 'name', 'type'].includes(key))
          assert.deepEqual(value, exportedResume[key], key);
      }
      assert.equal(exportedResume.file, `${resumeId}-${resumeEvent.json.data.fileName}`);
      assert.equal(
        resumeEvent.json.data.sha256,
        createHash('sha256').update(resumeBytes).digest('hex'),
      );
      assert.ok(!resumeEvent.body.includes('%PDF'), 'no resume bytes in the webhook');
      assert.notEqual(
        leadEvent.headers['wavesites-delivery'],
        resumeEvent.headers['wavesites-delivery'],
      );

      const mails = smtp.messages().slice(before);
      const leadMail = mails.find((m) => m.subject.startsWith('New lead'));
      assert.equal(leadMail.subject, `New lead: Inês Moreira 1, Faro Games (prefixed)`);
      assert.equal(leadMail.reply_to, 'lead1@studio.example');
      assert.equal(leadMail.from, 'wavesites@waveads.check.test');
      assert.deepEqual(leadMail.rcpt_tos, ['sales@waveads.check.test', 'ops@waveads.check.test']);
      for (const [label, value] of [
        ['Business email', 'lead1@studio.example'],
        ['First name', 'Inês'],
        ['Last name', 'Moreira 1'],
        ['Country', 'PT'],
        ['Describes', 'advertiser'],
        ['Company name', 'Faro Games'],
        ['Remark', 'Two lines:'],
        ['Agree', 'true'],
        ['Id', leadId],
        ['utm_source', 'news'],
        ['utm_campaign', 'spring-sale'],
        ['gclid', 'abc'],
        ['landing_path', '/ja/?utm_source=news&gclid=abc'],
      ]) {
        assert.ok(leadMail.text.includes(`${label}: ${value}`), `${label} in\n${leadMail.text}`);
      }
      assert.equal(leadMail.attachments.length, 0);

      const resumeMail = mails.find((m) => m.subject.startsWith('New resume'));
      assert.equal(resumeMail.attachments.length, 1);
      assert.equal(resumeMail.attachments[0].filename, 'cv.pdf');
      assert.equal(resumeMail.attachments[0].content_type, 'application/pdf');
      assert.equal(
        resumeMail.attachments[0].sha256,
        createHash('sha256').update(resumeBytes).digest('hex'),
        'byte-identical',
      );
    } finally {
      await srv.stop();
      await hook.down();
    }
  });

  test('a text file uploaded as cv.bat is attached as cv.bat.txt', async () => {
    const hook = new Receiver(await freePort());
    await hook.up();
    const srv = await startServer({ config: notifyConfig(hook.port, smtp.port) });
    try {
      const before = smtp.messages().length;
      await uploadResume(
        srv.port,
        Buffer.from('Curriculum vitae\nTen years of mobile growth.\n'),
        'cv.bat',
      );
      const mail = await waitFor('the email', () =>
        smtp
          .messages()
          .slice(before)
          .find((m) => m.subject.startsWith('New resume')),
      );
      assert.equal(mail.attachments[0].filename, 'cv.bat.txt');
    } finally {
      await srv.stop();
      await hook.down();
    }
  });

  test('a receiver that is down for a while gets everything once it is back', async () => {
    const hook = new Receiver(await freePort());
    const srv = await startServer({ config: notifyConfig(hook.port, smtp.port) });
    try {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await postLead(srv.port, lead(100 + i)));
      await new Promise((r) => setTimeout(r, 3000)); // a few failed attempts each
      await hook.up();
      await waitFor('every lead at the webhook', () =>
        ids.every((id) => hook.events().some((e) => e.json.id === id)),
      );
      for (const e of hook.events()) verifySignature(e);
    } finally {
      await srv.stop();
      if (hook.server) await hook.down();
    }
  });

  test('SIGKILL mid-delivery loses nothing; a resend carries the same delivery id', async () => {
    const hook = new Receiver(await freePort());
    hook.delayMs = 1500; // deliveries are in flight when the server dies
    await hook.up();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-it-'));
    mkdirSync(path.join(dir, 'data'));
    const config = notifyConfig(hook.port, smtp.port);
    let srv = await startServer({ config, dir });
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await postLead(srv.port, lead(200 + i)));
    await waitFor('a delivery in flight', () => hook.requests.length >= 1);
    await srv.stop('SIGKILL');
    hook.delayMs = 0;
    srv = await startServer({ config, dir });
    try {
      await waitFor('every lead at the webhook', () =>
        ids.every((id) => hook.events().some((e) => e.json.id === id)),
      );
      const deliveries = new Map();
      for (const e of hook.events()) {
        if (e.json.event !== 'lead.created') continue;
        const seen = deliveries.get(e.json.id) ?? new Set();
        seen.add(e.headers['wavesites-delivery']);
        deliveries.set(e.json.id, seen);
      }
      for (const id of ids)
        assert.equal(deliveries.get(id).size, 1, `one delivery id for lead ${id}`);
      // The one the receiver saw before the kill was never acknowledged: it came again.
      const sent = hook.events().filter((e) => e.json.event === 'lead.created').length;
      assert.ok(sent > ids.length, `a resend happened (${sent} requests for ${ids.length} leads)`);
    } finally {
      await srv.stop();
      await hook.down();
    }
  });

  test('without [notify] nothing is queued and nothing is sent', async () => {
    const hook = new Receiver(await freePort());
    await hook.up();
    const srv = await startServer({ config: configText(`\n${LIMITS}`) });
    try {
      await postLead(srv.port, lead(300));
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal(hook.requests.length, 0);
    } finally {
      await srv.stop();
      await hook.down();
    }
  });

  test('a [notify] table that is incomplete is refused with the key named', async () => {
    for (const [extra, key] of [
      ['[notify]\nwebhook_url = "http://127.0.0.1:9/x"\n', 'notify.webhook_secret'],
      [
        '[notify]\nemail_to = ["a@b.example"]\nsmtp_url = "smtp://127.0.0.1:25"\n',
        'notify.email_from',
      ],
      ['[notify]\nemail_to = ["a@b.example"]\nemail_from = "c@d.example"\n', 'notify.smtp_url'],
      ['[notify]\nwebhook_url = "ftp://x.example/"\nwebhook_secret = "s"\n', 'notify.webhook_url'],
      ['[notify]\nemail_to = ["not an address"]\n', 'notify.email_to'],
      ['[notify]\nretry_hours = 0\n', 'notify.retry_hours'],
      ['[notify]\nwebhook = "x"\n', 'notify.webhook'],
    ]) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-it-'));
      const err = await startServer({ config: configText(`\n${extra}`), dir }).then(
        (s) => s.stop().then(() => ''),
        (e) => String(e),
      );
      assert.ok(err.includes(key), `${key} named in: ${err}`);
    }
  });
});

describe('notifications on PostgreSQL', () => {
  const url = HAVE_PG ? pgSchemaUrl('notify') : undefined;
  test('two servers sharing one database send each lead once', async () => {
    assert.ok(url, 'WAVESITES_TEST_PG_URL is set by scripts/with-postgres.sh in make test');
    const hook = new Receiver(await freePort());
    await hook.up();
    const config = configText(
      `\n${LIMITS}\n[notify]\nwebhook_url = "http://127.0.0.1:${hook.port}/hook"\nwebhook_secret = "${SECRET}"\n`,
    );
    const a = await startServer({ config, args: ['--database', url] });
    const b = await startServer({ config, args: ['--database', url] });
    try {
      const ids = [];
      for (let i = 0; i < 40; i++) ids.push(await postLead((i % 2 ? a : b).port, lead(400 + i)));
      await waitFor('every lead at the webhook', () =>
        ids.every((id) => hook.events().some((e) => e.json.id === id)),
      );
      await new Promise((r) => setTimeout(r, 2000)); // time for a second sending, were there one
      const mine = hook.events().filter((e) => ids.includes(e.json.id));
      assert.equal(mine.length, ids.length, 'each lead announced exactly once');
      for (const e of mine) verifySignature(e);
    } finally {
      await a.stop();
      await b.stop();
      await hook.down();
    }
  });
});
