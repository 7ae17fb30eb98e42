// Personal data (README, "Personal data"; docs/command-line.md): a person's leads exported by
// address, leads and resumes erased on request with their notifications and, on SQLite, with no
// byte of them left in any file of the data directory while the server keeps running; [retention]
// erasing old records at start and on a reload; on both stores.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  configText,
  freePort,
  HAVE_PG,
  pgSchemaUrl,
  reloadConfig,
  request,
  runCli,
  startServer,
  waitFor,
} from './harness.mjs';
import { CONSENT_VERSION, LEAD_PATH, UPLOAD_PATH, validLead } from './contract.mjs';

const PG_URL = HAVE_PG ? pgSchemaUrl('privacy') : undefined;
const LIMITS = '[limits]\nleads_per_ip_per_hour = 1000\nuploads_per_ip_per_hour = 1000\n';

/** A webhook nobody answers: every notification stays pending, retried, when the records go. */
async function deadHookConfig(extra = '') {
  const port = await freePort();
  return configText(
    `${LIMITS}\n[notify]\nwebhook_url = "http://127.0.0.1:${port}/hook"\nwebhook_secret = "s"\n${extra}`,
  );
}

/** Someone who fills in the form: every value unique to this run, so no other test shares it. */
function person(tag) {
  const t = `${tag}${randomBytes(4).toString('hex')}`;
  return {
    email: `Ximena.Quispe.${t}@Andes-Mining.example`,
    firstName: `Ximena${t}`,
    lastName: `QuispeValderrama${t}`,
    remark: `Please call me about the Lima launch, reference ${t}`,
    company: `Andes Mining ${t}`,
    resume: `Curriculum vitae of Ximena Quispe ${t}\n`.repeat(4000),
  };
}

function leadOf(p, email = p.email) {
  return validLead({
    businessEmail: email,
    firstName: p.firstName,
    lastName: p.lastName,
    country: 'PE',
    describes: 'advertiser',
    companyName: p.company,
    remark: p.remark,
  });
}

async function postLead(srv, body) {
  const r = await request(srv.port, LEAD_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(r.status, 200, r.body);
  return JSON.parse(r.body).data.id;
}

async function uploadResume(srv, text, name = 'cv.txt') {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const r = await fetch(`http://127.0.0.1:${srv.port}${UPLOAD_PATH}`, {
    method: 'POST',
    body: form,
  });
  const body = await r.text();
  assert.equal(r.status, 200, body);
  return JSON.parse(body).data.id;
}

/** The store flags of a server's own files, or its PostgreSQL. */
const storeOf = (srv, pg = false) => [
  '--config',
  path.join(srv.dir, 'sites.toml'),
  ...(pg ? ['--database', PG_URL] : ['--data', path.join(srv.dir, 'data')]),
];

async function exportLeads(srv, args, pg = false) {
  const r = await runCli(['leads', 'export', '--format', 'json', ...storeOf(srv, pg), ...args]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** Whether the resume is stored, asked the way that changes nothing: delete without --yes. */
async function resumeStored(srv, id, pg = false) {
  const r = await runCli(['resumes', 'delete', '--id', id, ...storeOf(srv, pg)]);
  assert.equal(r.code, 2, r.stderr);
  return /would remove 1 resume /.test(r.stdout);
}

/** Every byte of every file under `dir`, as one string (latin1 keeps each byte one character). */
function everyByteUnder(dir) {
  let all = '';
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    all += statSync(p).isDirectory() ? everyByteUnder(p) : readFileSync(p).toString('latin1');
  }
  return all;
}

/** The erased values of `p` that the files must not hold (lower case: any case of them). */
function assertGone(files, p, where) {
  const lower = files.toLowerCase();
  for (const value of [
    p.email,
    p.firstName,
    p.lastName,
    p.remark,
    p.company,
    p.resume.split('\n')[0],
  ]) {
    assert.equal(lower.indexOf(value.toLowerCase()), -1, `${value} still in ${where}`);
  }
}

/** The JSON audit lines in a command's or a server's stderr. */
const erasedEvents = (stderr) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .filter((e) => e.event === 'erased');

/** Makes records old, as time would, straight in the SQLite file (the server may be running). */
function backdateSqlite(srv, table, ids, at) {
  const db = path.join(srv.dir, 'data', 'wavesites.db');
  const script =
    'import sqlite3, sys\n' +
    'db = sqlite3.connect(sys.argv[1], timeout=30)\n' +
    'db.execute("PRAGMA busy_timeout=30000")\n' +
    `n = db.execute("UPDATE ${table} SET received_at = ? WHERE id IN (%s)" % ",".join("?" * len(sys.argv[3:])), [sys.argv[2]] + sys.argv[3:]).rowcount\n` +
    'db.commit()\nprint(n)\n';
  const r = spawnSync('python3', ['-c', script, db, at, ...ids], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(Number(r.stdout), ids.length, `${table}: ${ids} backdated`);
}

function backdatePostgres(table, ids, at) {
  const list = ids.map((id) => `'${id}'`).join(',');
  const r = spawnSync(
    'psql',
    [
      PG_URL,
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `UPDATE ${table} SET received_at = '${at}' WHERE id IN (${list})`,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
}

const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Reloads `text`; the stderr offset before the reload. */
async function reloadWith(srv, text) {
  const mark = srv.stderr.length;
  assert.equal((await reloadConfig(srv, text)).event, 'reloaded');
  return mark;
}

/** Access and erasure on request, with the server running beside the commands. */
async function accessAndErasure(srv, pg) {
  const p = person('req');
  const other = person('keep');
  const a = await postLead(srv, leadOf(p));
  const b = await postLead(srv, leadOf(p, p.email.toLowerCase()));
  const kept = await postLead(srv, leadOf(other));
  const resume = await uploadResume(srv, p.resume, `${p.lastName}.txt`);
  const keptResume = await uploadResume(srv, other.resume);

  // Access: every lead of the address, in any case, in the formats of the export, --since too.
  const mine = await exportLeads(srv, ['--email', p.email.toUpperCase()], pg);
  assert.deepEqual(
    mine.map((l) => l.id),
    [a, b],
  );
  for (const l of mine) {
    assert.equal(l.firstName, p.firstName);
    assert.equal(l.consentVersion, CONSENT_VERSION, 'the consent text version agreed to');
    assert.match(l.receivedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'when it was agreed to');
    assert.equal(l.agree, true);
  }
  assert.deepEqual(
    (await exportLeads(srv, ['--email', p.email, '--since', a], pg)).map((l) => l.id),
    [b],
  );
  const csv = await runCli([
    'leads',
    'export',
    ...storeOf(srv, pg),
    '--email',
    p.email.toLowerCase(),
  ]);
  assert.equal(csv.code, 0, csv.stderr);
  assert.equal(csv.stdout.trim().split('\r\n').length, 3, 'the header and two leads');
  assert.match(csv.stderr, /exported 2 leads/);

  // Without --yes: what would go, exit 2, nothing changed.
  const dry = await runCli(['leads', 'delete', '--email', p.email, ...storeOf(srv, pg)]);
  assert.equal(dry.code, 2, dry.stderr);
  assert.match(
    dry.stdout,
    new RegExp(
      `^lead ${a} received \\S+Z\\nlead ${b} received \\S+Z\\nwould remove 2 leads and 2 notifications\\n$`,
    ),
  );
  assert.equal(dry.stderr.trim().split('\n').length, 1, dry.stderr);
  assert.match(dry.stderr, /^wavesites: leads delete: nothing removed.*--yes/);
  assert.equal((await exportLeads(srv, ['--email', p.email], pg)).length, 2);

  // With --yes: removed, one audit line that names no person.
  const del = await runCli([
    'leads',
    'delete',
    '--email',
    p.email.toLowerCase(),
    '--yes',
    ...storeOf(srv, pg),
  ]);
  assert.equal(del.code, 0, del.stderr);
  assert.match(del.stdout, /removed 2 leads and 2 notifications\n/);
  const [audit, ...more] = erasedEvents(del.stderr);
  assert.equal(more.length, 0, del.stderr);
  assert.equal(audit.level, 'info');
  assert.match(audit.time, /Z$/);
  assert.deepEqual(
    {
      kind: audit.kind,
      records: audit.records,
      by: audit.by,
      count: audit.count,
      ids: audit.ids,
      notifications: audit.notifications,
    },
    { kind: 'request', records: 'leads', by: 'email', count: 2, ids: [a, b], notifications: 2 },
  );
  for (const s of [del.stderr, del.stdout]) {
    for (const v of [p.email.toLowerCase(), p.firstName, p.lastName])
      assert.ok(!s.toLowerCase().includes(v.toLowerCase()), `${v} in ${s}`);
  }
  assert.deepEqual(await exportLeads(srv, ['--email', p.email], pg), []);

  const dryResume = await runCli(['resumes', 'delete', '--id', resume, ...storeOf(srv, pg)]);
  assert.equal(dryResume.code, 2);
  assert.match(
    dryResume.stdout,
    new RegExp(
      `^resume ${resume} received \\S+Z \\(${p.resume.length} bytes\\)\\nwould remove 1 resume and 1 notification\\n$`,
    ),
  );
  const delResume = await runCli([
    'resumes',
    'delete',
    '--id',
    resume.toLowerCase(),
    '--yes',
    ...storeOf(srv, pg),
  ]);
  assert.equal(delResume.code, 0, delResume.stderr);
  assert.match(delResume.stdout, /removed 1 resume and 1 notification\n/);
  assert.deepEqual(
    erasedEvents(delResume.stderr).map((e) => [e.kind, e.records, e.by, e.ids]),
    [['request', 'resumes', 'id', [resume]]],
  );
  assert.equal(await resumeStored(srv, resume, pg), false);
  assert.equal(await resumeStored(srv, keptResume, pg), true);

  // By id; and asked again, nothing is left: exit 0 and an audit line that says so.
  const one = await runCli(['leads', 'delete', '--id', kept, '--yes', ...storeOf(srv, pg)]);
  assert.equal(one.code, 0, one.stderr);
  assert.deepEqual(erasedEvents(one.stderr)[0].ids, [kept]);
  const again = await runCli(['leads', 'delete', '--email', p.email, '--yes', ...storeOf(srv, pg)]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /removed 0 leads and 0 notifications/);
  assert.equal(erasedEvents(again.stderr)[0].count, 0);

  // The server goes on taking leads.
  await postLead(srv, leadOf(person('after')));
  assert.equal((await request(srv.port, '/readyz')).status, 200);
  return { p, other };
}

describe('personal data on SQLite', () => {
  test("a person's leads and resume are exported, then erased with their notifications, and no file keeps a byte of them", async () => {
    const srv = await startServer({ config: await deadHookConfig() });
    try {
      const { p, other } = await accessAndErasure(srv, false);
      const files = everyByteUnder(path.join(srv.dir, 'data'));
      assertGone(files, p, 'the data directory');
      // The search sees what is still stored: the other person's resume stays whole.
      assert.ok(
        files.includes(other.resume.split('\n')[0]),
        'a kept resume is found by the same search',
      );
    } finally {
      await srv.stop();
    }
  });

  test('retention erases old records at start and again when a reload shortens it', async () => {
    let srv = await startServer({ config: await deadHookConfig() });
    const old = person('old');
    const recent = person('new');
    const oldLead = await postLead(srv, leadOf(old));
    const recentLead = await postLead(srv, leadOf(recent));
    const oldResume = await uploadResume(srv, old.resume);
    const recentResume = await uploadResume(srv, recent.resume);
    await srv.stop();
    backdateSqlite(srv, 'leads', [oldLead], daysAgo(45));
    backdateSqlite(srv, 'resumes', [oldResume], daysAgo(400));

    const retention = '\n[retention]\nleads_days = 30\nresumes_days = 365\n';
    srv = await startServer({ config: await deadHookConfig(retention), dir: srv.dir });
    try {
      const swept = await waitFor('the sweep at start', () => {
        const e = erasedEvents(srv.stderr);
        return e.length === 2 && e;
      });
      assert.deepEqual(
        swept.map((e) => [e.kind, e.records, e.by, e.count, e.ids, e.notifications]),
        [
          ['retention', 'leads', 'age', 1, [oldLead], 1],
          ['retention', 'resumes', 'age', 1, [oldResume], 1],
        ],
      );
      assert.ok(!srv.stderr.toLowerCase().includes(old.email.toLowerCase()));
      assert.deepEqual(
        (await exportLeads(srv, [])).map((l) => l.id),
        [recentLead],
      );
      assert.equal(await resumeStored(srv, oldResume), false);
      assert.equal(await resumeStored(srv, recentResume), true);
      // The audit lines come once the pass has purged the files too.
      assertGone(
        everyByteUnder(path.join(srv.dir, 'data')),
        old,
        'the data directory after the sweep',
      );

      // A lead 25 days old is within 30 days; a reload to 20 erases it at once.
      backdateSqlite(srv, 'leads', [recentLead], daysAgo(25));
      const mark = await reloadWith(
        srv,
        await deadHookConfig('\n[retention]\nleads_days = 20\nresumes_days = 365\n'),
      );
      const [reswept] = await waitFor(
        'the sweep after the reload',
        () => erasedEvents(srv.stderr.slice(mark)).length && erasedEvents(srv.stderr.slice(mark)),
      );
      assert.deepEqual([reswept.kind, reswept.ids], ['retention', [recentLead]]);
      assert.deepEqual(await exportLeads(srv, []), []);
    } finally {
      await srv.stop();
    }
  });

  test('[retention] takes whole days from 0: anything else stops the server naming the key', async () => {
    for (const [text, key] of [
      ['leads_days = -1', /retention\.leads_days/],
      ['resumes_days = 7.5', /retention\.resumes_days/],
      ['leads_days = "30"', /retention\.leads_days/],
      ['clicks_days = 30', /retention\.clicks_days/],
    ]) {
      const file = path.join(
        os.tmpdir(),
        `wavesites-retention-${randomBytes(4).toString('hex')}.toml`,
      );
      writeFileSync(file, configText(`\n[retention]\n${text}\n`));
      const r = await runCli(['serve', '--config', file, '--listen', '127.0.0.1:0']);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, key);
    }
  });
});

describe('personal data on PostgreSQL', { skip: !PG_URL && 'needs WAVESITES_TEST_PG_URL' }, () => {
  test('access and erasure on request', async () => {
    const srv = await startServer({ config: await deadHookConfig(), args: ['--database', PG_URL] });
    try {
      await accessAndErasure(srv, true);
    } finally {
      await srv.stop();
    }
  });

  test('retention erases old records when a reload turns it on', async () => {
    const srv = await startServer({ config: await deadHookConfig(), args: ['--database', PG_URL] });
    try {
      const old = person('pgold');
      const oldLead = await postLead(srv, leadOf(old));
      const recentLead = await postLead(srv, leadOf(person('pgnew')));
      const oldResume = await uploadResume(srv, old.resume);
      backdatePostgres('leads', [oldLead], daysAgo(100));
      backdatePostgres('resumes', [oldResume], daysAgo(100));
      const mark = await reloadWith(
        srv,
        await deadHookConfig('\n[retention]\nleads_days = 90\nresumes_days = 90\n'),
      );
      const swept = await waitFor('the sweep after the reload', () => {
        const e = erasedEvents(srv.stderr.slice(mark));
        return e.length === 2 && e;
      });
      // Other tests share this database; none of their records is 90 days old.
      assert.deepEqual(
        swept.map((e) => [e.kind, e.records, e.ids]),
        [
          ['retention', 'leads', [oldLead]],
          ['retention', 'resumes', [oldResume]],
        ],
      );
      const ids = (await exportLeads(srv, [], true)).map((l) => l.id);
      assert.ok(!ids.includes(oldLead));
      assert.ok(ids.includes(recentLead));
      assert.equal(await resumeStored(srv, oldResume, true), false);
    } finally {
      await srv.stop();
    }
  });
});
