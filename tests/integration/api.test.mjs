// The intake API of docs/http-api.md against the real binary: good and bad input for every
// endpoint, nothing stored for a rejected request, rate limits, exports, durability under
// SIGKILL, and the same on PostgreSQL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import {
  configText,
  events,
  HAVE_PG,
  loggedEvents,
  pgSchemaUrl,
  request,
  runCli,
  runCliOn,
  startServer,
} from './harness.mjs';
import {
  CONSENT_VERSION,
  COUNTRIES_PATH,
  LEAD_PATH,
  UPLOAD_PATH,
  validLead as lead,
} from './contract.mjs';

const LIMITS = `[limits]\nleads_per_ip_per_hour = 1000\nuploads_per_ip_per_hour = 1000\nmax_upload_bytes = 65536\nmax_json_bytes = 4096\n`;

async function postJson(srv, body, { contentType = 'application/json', raw } = {}) {
  const r = await request(srv.port, LEAD_PATH, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: raw ?? JSON.stringify(body),
  });
  return { ...r, json: r.body ? JSON.parse(r.body) : null };
}

async function upload(srv, parts, { target = UPLOAD_PATH, contentType } = {}) {
  const form = new FormData();
  for (const [name, data, filename] of parts) form.append(name, new Blob([data]), filename);
  const init = { method: 'POST', body: form };
  if (contentType) {
    const req = new Request('http://x/', init);
    init.body = Buffer.from(await req.arrayBuffer());
    init.headers = { 'Content-Type': contentType };
  }
  const r = await fetch(`http://127.0.0.1:${srv.port}${target}`, init);
  const text = await r.text();
  return { status: r.status, headers: r.headers, json: text ? JSON.parse(text) : null };
}

async function exportedLeads(srv, extra = []) {
  const r = await runCliOn(srv, ['leads', 'export', '--format', 'json', ...extra]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

async function exportedResumes(srv, extra = []) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'wavesites-resumes-'));
  const r = await runCliOn(srv, ['resumes', 'export', out, ...extra]);
  assert.equal(r.code, 0, r.stderr);
  const meta = JSON.parse(readFileSync(path.join(out, 'metadata.json'), 'utf8'));
  return meta.map((m) => ({ ...m, bytes: readFileSync(path.join(out, m.file)) }));
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('intake on SQLite', () => {
  let srv;
  before(async () => {
    srv = await startServer({ config: configText(LIMITS) });
  });
  after(async () => {
    await srv.stop();
  });

  test('the country list, under both paths', async () => {
    for (const p of [COUNTRIES_PATH, `/api${COUNTRIES_PATH}`]) {
      const r = await request(srv.port, p);
      assert.equal(r.status, 200);
      assert.match(r.headers['content-type'], /^application\/json; charset=utf-8$/);
      const body = JSON.parse(r.body);
      assert.equal(body.code, 200);
      assert.ok(body.data.length >= 249, 'every ISO 3166-1 country');
      const names = body.data.map((c) => c.enTxt);
      assert.deepEqual(
        names,
        [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
      );
      const id = body.data.find((c) => c.code === 'ID');
      assert.equal(id.enTxt, 'Indonesia');
      assert.equal(id.jaTxt, 'インドネシア');
      assert.ok(id.koTxt && id.esTxt && id.ptTxt);
      for (const c of body.data) assert.match(c.code, /^[A-Z]{2}$/);
    }
    assert.equal((await request(srv.port, COUNTRIES_PATH, { method: 'POST' })).status, 405);
  });

  test('a valid lead is stored with its context and answered with its id', async () => {
    const r = await request(srv.port, LEAD_PATH, {
      method: 'POST',
      host: 'Lead-Host.test',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'lead-test/1.0' },
      body: JSON.stringify(
        lead({ remark: 'Précis: 日本語 ✓', consentVersion: CONSENT_VERSION, language: 'ja' }),
      ),
    });
    assert.equal(r.status, 200, r.body);
    const body = JSON.parse(r.body);
    assert.equal(body.code, 200);
    assert.match(body.data.id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
    const stored = (await exportedLeads(srv)).find((l) => l.id === body.data.id);
    assert.ok(stored, 'in the export');
    assert.equal(stored.businessEmail, 'mei.tanaka@example.com');
    assert.equal(stored.remark, 'Précis: 日本語 ✓');
    assert.equal(stored.language, 'ja');
    assert.equal(stored.consentVersion, CONSENT_VERSION);
    assert.equal(stored.clientIp, '127.0.0.1');
    assert.equal(stored.userAgent, 'lead-test/1.0');
    assert.equal(stored.host, 'Lead-Host.test');
    assert.match(stored.receivedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test('bad leads get 400 with every message, and nothing is stored', async () => {
    const before = (await exportedLeads(srv)).length;
    const cases = [
      [
        {},
        {
          businessEmail: 'Please input your businessEmail!',
          firstName: 'Please input your first name!',
          agree: 'Should accept agreement',
        },
      ],
      [lead({ businessEmail: 'nope' }), { businessEmail: 'The input is not valid businessEmail!' }],
      [lead({ firstName: '   ' }), { firstName: 'Please input your first name!' }],
      [lead({ lastName: '' }), { lastName: 'Please input your last name!' }],
      [lead({ country: 'ZZ' }), { country: 'Please select country/region!' }],
      [lead({ describes: 'everything' }), { describes: 'Please select option!' }],
      [lead({ companyName: '' }), { companyName: 'Please input company name!' }],
      [lead({ agree: false }), { agree: 'Should accept agreement' }],
      [lead({ remark: 'é'.repeat(501) }), { remark: /500/ }],
      [lead({ officialWebsiteName: 'elsewhere' }), { officialWebsiteName: /waveads/ }],
    ];
    for (const [body, expected] of cases) {
      const r = await postJson(srv, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.code, 400);
      for (const [field, msg] of Object.entries(expected)) {
        if (msg instanceof RegExp) assert.match(r.json.errors[field], msg);
        else assert.equal(r.json.errors[field], msg, field);
      }
    }
    assert.equal(
      (await postJson(srv, lead({ remark: 'é'.repeat(500) }))).status,
      200,
      '500 characters are fine',
    );
    const bad = [
      await postJson(srv, null, { raw: '{"businessEmail": ' }),
      await postJson(srv, lead(), { contentType: 'text/plain' }),
      await postJson(srv, null, { raw: JSON.stringify(lead({ remark: 'x'.repeat(5000) })) }),
    ];
    assert.deepEqual(
      bad.map((r) => r.status),
      [400, 415, 413],
    );
    for (const r of bad) assert.equal(r.json.code, r.status);
    assert.equal(
      (await exportedLeads(srv)).length,
      before + 1,
      'only the one valid lead was stored',
    );
  });

  test('the honeypot answers 200 and stores nothing', async () => {
    const before = (await exportedLeads(srv)).length;
    const r = await postJson(srv, lead({ website: 'http://bot.example' }));
    assert.equal(r.status, 200);
    assert.equal(r.json.code, 200);
    assert.equal((await exportedLeads(srv)).length, before);
  });

  test('resume upload: stored byte-identical, with metadata', async () => {
    const text = Buffer.from(
      'Mei Tanaka\nSenior UA manager\n10 years of growth marketing.\n',
      'utf8',
    );
    const r1 = await upload(srv, [['file', PDF, '../../etc/cv.pdf']]);
    assert.equal(r1.status, 200, JSON.stringify(r1.json));
    assert.equal(r1.json.code, 200);
    const r2 = await upload(srv, [
      ['note', 'ignored'],
      ['file', text, 'cv.txt'],
    ]);
    assert.equal(r2.status, 200, JSON.stringify(r2.json));
    const resumes = await exportedResumes(srv);
    const pdf = resumes.find((m) => m.id === r1.json.data.id);
    assert.ok(pdf);
    assert.ok(pdf.bytes.equals(PDF), 'byte-identical');
    assert.equal(pdf.size, PDF.length);
    assert.equal(pdf.sha256, createHash('sha256').update(PDF).digest('hex'));
    assert.equal(pdf.contentType, 'application/pdf');
    assert.ok(!pdf.originalName.includes('/'), 'the original name is sanitised');
    assert.match(pdf.storedName, /^[0-9a-f]{32}\.pdf$/);
    assert.ok(!pdf.file.includes('/'));
    const txt = resumes.find((m) => m.id === r2.json.data.id);
    assert.ok(txt.bytes.equals(text));
    assert.equal(txt.contentType, 'text/plain');
  });

  test('bad uploads are refused and nothing is stored', async () => {
    const before = (await exportedResumes(srv)).length;
    const cases = [
      [await upload(srv, [['file', PNG, 'cv.pdf']]), 415],
      [await upload(srv, [['file', randomBytes(2000), 'cv.doc']]), 415],
      [await upload(srv, [['other', PDF, 'cv.pdf']]), 400],
      [await upload(srv, [['file', Buffer.alloc(0), 'empty.txt']]), 400],
      [await upload(srv, [['file', Buffer.concat([PDF, randomBytes(70000)]), 'big.pdf']]), 413],
      [
        await upload(srv, [['file', PDF, 'cv.pdf']], {
          target: UPLOAD_PATH.split('?')[0],
        }),
        400,
      ],
      [await upload(srv, [['file', PDF, 'cv.pdf']], { contentType: 'application/pdf' }), 400],
    ];
    for (const [r, status] of cases) {
      assert.equal(r.status, status, JSON.stringify(r.json));
      assert.equal(r.json.code, status);
      assert.ok(r.json.msg && !/exception|sqlite|errno|std::/i.test(r.json.msg), r.json.msg);
    }
    assert.equal((await exportedResumes(srv)).length, before);
  });

  test('CSV export is safe against formula injection', async () => {
    await postJson(
      srv,
      lead({ companyName: '=HYPERLINK("http://evil.example","x")', firstName: '+Ann' }),
    );
    const r = await runCliOn(srv, ['leads', 'export']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^id,receivedAt,businessEmail,/);
    assert.ok(r.stdout.includes('"\'=HYPERLINK(""http://evil.example"",""x"")"'));
    assert.ok(r.stdout.includes('"\'+Ann"'));
  });

  test('readiness follows the store', async () => {
    assert.equal((await request(srv.port, '/readyz')).status, 200);
  });
});

describe('abuse limits', () => {
  test('leads and uploads per address per hour, with Retry-After', async () => {
    const srv = await startServer({
      config: configText(`[limits]\nleads_per_ip_per_hour = 3\nuploads_per_ip_per_hour = 2\n`),
    });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await postJson(srv, lead())).status);
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
      const limited = await postJson(srv, lead());
      assert.equal(limited.json.code, 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);
      assert.equal((await exportedLeads(srv)).length, 3);
      const ups = [];
      for (let i = 0; i < 3; i++) ups.push((await upload(srv, [['file', PDF, 'a.pdf']])).status);
      assert.deepEqual(ups, [200, 200, 429]);
    } finally {
      await srv.stop();
    }
  });

  test('a trusted proxy makes X-Forwarded-For the client address', async () => {
    const srv = await startServer({
      config: configText(`[limits]\nleads_per_ip_per_hour = 1\n[proxy]\ntrusted = ["127.0.0.1"]\n`),
    });
    try {
      const send = (ip) =>
        request(srv.port, LEAD_PATH, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify(lead()),
        });
      assert.equal((await send('198.51.100.7')).status, 200);
      assert.equal((await send('198.51.100.7')).status, 429);
      assert.equal((await send('198.51.100.8')).status, 200, 'another client behind the proxy');
      const ips = (await exportedLeads(srv)).map((l) => l.clientIp).sort();
      assert.deepEqual(ips, ['198.51.100.7', '198.51.100.8']);
    } finally {
      await srv.stop();
    }
  });
});

describe('durability', () => {
  test('every acknowledged lead survives SIGKILL', async () => {
    const srv = await startServer({
      config: configText(`[limits]\nleads_per_ip_per_hour = 100000\n`),
    });
    const acknowledged = new Set();
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const r = await postJson(srv, lead());
          if (r.status === 200) acknowledged.add(r.json.data.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    while (acknowledged.size < 300) await new Promise((r) => setTimeout(r, 5));
    srv.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await srv.exited;
    const again = await startServer({
      config: readFileSync(path.join(srv.dir, 'sites.toml'), 'utf8'),
      dir: srv.dir,
    });
    try {
      const stored = new Set((await exportedLeads(srv)).map((l) => l.id));
      const lost = [...acknowledged].filter((id) => !stored.has(id));
      assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.size} acknowledged leads lost`);
    } finally {
      await again.stop();
    }
  });
});

describe('intake on PostgreSQL', () => {
  const url = HAVE_PG ? pgSchemaUrl('intake') : undefined;
  test('leads and resumes round-trip through a real PostgreSQL server', async () => {
    assert.ok(url, 'WAVESITES_TEST_PG_URL is set by scripts/with-postgres.sh in make test');
    const srv = await startServer({ config: configText(LIMITS), args: ['--database', url] });
    try {
      assert.equal(events(srv.stderr).find((e) => e.event === 'listening').store, 'postgresql');
      const r = await postJson(srv, lead({ firstName: 'Postgres' }));
      assert.equal(r.status, 200, r.body);
      const up = await upload(srv, [['file', PDF, 'pg.pdf']]);
      assert.equal(up.status, 200);
      assert.equal((await postJson(srv, lead({ country: 'XX' }))).status, 400);
      const leads = await exportedLeads(srv, ['--database', url]);
      assert.ok(leads.some((l) => l.id === r.json.data.id && l.firstName === 'Postgres'));
      const resumes = await exportedResumes(srv, ['--database', url]);
      assert.ok(resumes.some((m) => m.id === up.json.data.id && m.bytes.equals(PDF)));
      assert.equal((await request(srv.port, '/readyz')).status, 200);
    } finally {
      await srv.stop();
    }
  });

  test('/readyz answers 503 while PostgreSQL cannot be reached, and 200 again once it can', async () => {
    assert.ok(url);
    // The server reaches PostgreSQL through a TCP relay on loopback that the test can cut: an
    // outage of the database as the server sees it, without touching the shared cluster.
    const target = new URL(url);
    const sockets = new Set();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    const listen = (port) => new Promise((resolve) => relay.listen(port, '127.0.0.1', resolve));
    await listen(0);
    const port = relay.address().port;
    const viaRelay = new URL(url);
    viaRelay.port = String(port);
    const srv = await startServer({
      config: configText(LIMITS),
      args: ['--database', viaRelay.href],
    });
    try {
      assert.equal((await request(srv.port, '/readyz')).status, 200);
      await new Promise((resolve) => {
        relay.close(resolve);
        for (const s of sockets) s.destroy();
      });
      const down = await request(srv.port, '/readyz');
      assert.equal(down.status, 503);
      assert.equal(JSON.parse(down.body).code, 503);
      assert.doesNotMatch(
        down.body,
        /postgres|connect|refused|127\.0\.0\.1/i,
        'no detail from inside the server',
      );
      assert.equal(
        (await postJson(srv, lead())).status,
        503,
        'a lead is refused, not acknowledged',
      );
      assert.equal(
        (await request(srv.port, '/healthz')).status,
        200,
        'the process itself is alive',
      );
      await listen(port);
      assert.equal(
        (await request(srv.port, '/readyz')).status,
        200,
        'ready again without a restart',
      );
    } finally {
      await srv.stop();
      relay.close();
      for (const s of sockets) s.destroy();
    }
  });

  test('a failing store answers 503 without detail, and stores nothing', async () => {
    assert.ok(url);
    const { execFileSync } = await import('node:child_process');
    const psql = (sql) => execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
    const srv = await startServer({ config: configText(LIMITS), args: ['--database', url] });
    try {
      const before = (await exportedLeads(srv, ['--database', url])).length;
      psql('ALTER TABLE leads RENAME TO leads_away');
      try {
        const r = await postJson(srv, lead());
        assert.equal(r.status, 503);
        assert.equal(r.json.code, 503);
        assert.doesNotMatch(
          r.json.msg,
          /leads|relation|postgres|sql/i,
          'no detail from inside the server',
        );
        const [logged] = await loggedEvents(srv, (e) => e.event === 'store_error');
        assert.equal(logged?.level, 'error', 'the detail goes to the log');
        assert.match(logged.what, /lead not saved/);
        const scrape = (await request(srv.port, '/metrics')).body;
        assert.match(scrape, /^wavesites_store_errors_total 1$/m);
        assert.match(scrape, /^wavesites_leads_rejected_total\{reason="store_error"\} 1$/m);
      } finally {
        psql('ALTER TABLE leads_away RENAME TO leads');
      }
      assert.equal((await postJson(srv, lead())).status, 200, 'and it recovers');
      assert.equal((await exportedLeads(srv, ['--database', url])).length, before + 1);
    } finally {
      await srv.stop();
    }
  });

  test('an unreachable database stops the server with exit 2', async () => {
    const r = await runCli([
      'serve',
      '--config',
      'config/sites.toml',
      '--database',
      'postgresql://nobody:secret@127.0.0.1:1/none',
    ]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.doesNotMatch(r.stderr, /secret/, 'the password is not printed');
  });
});

describe('large uploads', () => {
  test('a 5 MiB resume streams in and out byte-identical; one byte over max_upload_bytes is 413', async () => {
    const srv = await startServer({
      config: configText('[limits]\nmax_upload_bytes = 10485760\n'),
    });
    try {
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5 * 1024 * 1024)]);
      const ok = await upload(srv, [['file', big, 'portfolio.pdf']]);
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      const stored = (await exportedResumes(srv)).find((m) => m.id === ok.json.data.id);
      assert.ok(stored.bytes.equals(big));
      const over = await upload(srv, [
        ['file', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10485760 - 8)]), 'x.pdf'],
      ]);
      assert.equal(over.status, 413);
      assert.equal((await exportedResumes(srv)).length, 1);
    } finally {
      await srv.stop();
    }
  });
});

// Regression: after `rm -rf` of the data directory, leads still got 200 and /readyz stayed 200
// (SQLite wrote on into the unlinked file), and after a restart they were gone.
describe('a data directory removed under the running server', () => {
  test('leads and uploads get 503 and /readyz says 503, instead of acknowledging into nothing', async () => {
    const srv = await startServer({ config: configText(LIMITS) });
    try {
      assert.equal((await postJson(srv, lead())).status, 200);
      assert.equal((await request(srv.port, '/readyz')).status, 200);
      rmSync(path.join(srv.dir, 'data'), { recursive: true, force: true });
      const r = await postJson(srv, lead({ firstName: 'Lost' }));
      assert.equal(r.status, 503, r.body);
      assert.equal((await request(srv.port, '/readyz')).status, 503);
      assert.equal((await upload(srv, [['file', PDF, 'cv.pdf']])).status, 503);
      assert.ok(
        (await loggedEvents(srv, (e) => e.event === 'store_error' && /gone/.test(e.error))).length,
        srv.stderr,
      );
    } finally {
      await srv.stop();
    }
  });
});

// Regression: the upload endpoint took cross-site form posts (multipart needs no preflight).
describe('uploads from another site', () => {
  test('are 403 by Origin or Sec-Fetch-Site; the same origin and plain clients are accepted', async () => {
    const srv = await startServer({ config: configText(LIMITS) });
    try {
      const post = (headers) => {
        const boundary = 'xsiteboundary';
        const body = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          PDF,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return request(srv.port, UPLOAD_PATH, {
          method: 'POST',
          headers: {
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': body.length,
            ...headers,
          },
          body,
        });
      };
      const here = `127.0.0.1:${srv.port}`;
      for (const headers of [
        { Origin: 'https://evil.example' },
        { Origin: 'null' },
        { 'Sec-Fetch-Site': 'cross-site' },
        { Origin: `http://${here}.evil.example` },
      ]) {
        const r = await post(headers);
        assert.equal(r.status, 403, JSON.stringify(headers));
        assert.equal(JSON.parse(r.body).code, 403);
      }
      assert.equal(
        (await post({ Origin: `http://${here}`, 'Sec-Fetch-Site': 'same-origin' })).status,
        200,
      );
      assert.equal((await post({})).status, 200, 'no Origin: not a browser form post');
    } finally {
      await srv.stop();
    }
  });
});
