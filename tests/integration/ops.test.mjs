// The operations commands of docs/command-line.md (check, backup, exports --since) and the
// landing page's click log of docs/http-api.md, against the real binary.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  HAVE_PG,
  HOSTS,
  ROOT,
  WEB,
  configText,
  pgSchemaUrl,
  request,
  runCli,
  startServer,
} from './harness.mjs';
import { LEAD_PATH, UPLOAD_PATH, validLead } from './contract.mjs';

/** The newest schema version: the highest numbered migration file. */
const SCHEMA = Math.max(
  ...readdirSync(path.join(ROOT, 'server/src/store/sql')).map((f) => Number.parseInt(f, 10)),
);

const PG_URL = HAVE_PG ? pgSchemaUrl('ops') : undefined;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'wavesites-ops-'));

function configFile(text, name) {
  const p = path.join(tmp, name);
  writeFileSync(p, text);
  return p;
}

function oneLineError(r, pattern) {
  assert.equal(r.code, 2, `exit status 2, got ${r.code}: ${r.stdout} ${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line on stderr: ${r.stderr}`);
  assert.match(lines[0], /^wavesites: /);
  assert.match(lines[0], pattern);
}

const lead = (n) =>
  validLead({
    businessEmail: `buyer${n}@example.com`,
    firstName: 'Mei',
    lastName: 'Tanaka',
    country: 'JP',
    describes: 'publisher',
    companyName: `Sakura Games ${n}`,
    remark: undefined, // none: the field is optional
  });

function postLead(srv, n) {
  return request(srv.port, LEAD_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(lead(n)),
  });
}

async function uploadResume(srv, text) {
  const form = new FormData();
  form.append('file', new Blob([text]), 'cv.txt');
  const r = await fetch(`http://127.0.0.1:${srv.port}${UPLOAD_PATH}`, {
    method: 'POST',
    body: form,
  });
  assert.equal(r.status, 200, await r.text());
}

/** The store flags of a server's own files: its config and SQLite data directory. */
const storeOf = (srv) => [
  '--config',
  path.join(srv.dir, 'sites.toml'),
  '--data',
  path.join(srv.dir, 'data'),
];

async function exportJson(kind, args) {
  const r = await runCli([kind, 'export', '--format', 'json', ...args]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

describe('check', () => {
  const cfg = configFile(configText(), 'good.toml');

  test('a good config, bundle and store: one line each, exit 0, nothing migrated', async () => {
    const srv = await startServer();
    await srv.stop();
    const db = path.join(srv.dir, 'data', 'wavesites.db');
    const before = readFileSync(db);
    const r = await runCli(['check', '--config', cfg, '--web', WEB, '--database', `sqlite:${db}`]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 3, r.stdout);
    assert.match(lines[0], new RegExp(`^config: ${cfg}: 7 sites listed, 9 host names$`));
    assert.match(
      lines[1],
      new RegExp(`^web: ${WEB}: \\d+ files, [\\d.]+ MB, 8 route sets, settings accepted$`),
    );
    assert.match(
      lines[2],
      new RegExp(
        `^database: sqlite ${db} answered: schema version ${SCHEMA}, 0 migrations pending$`,
      ),
    );
    assert.deepEqual(readFileSync(db), before);
    // No flag means all three, here from the variables serve reads.
    const all = await runCli(['check'], {
      WAVESITES_CONFIG: cfg,
      WAVESITES_WEB: WEB,
      WAVESITES_DATA: path.join(srv.dir, 'data'),
    });
    assert.equal(all.code, 0, all.stderr);
    assert.deepEqual(
      all.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(':')[0]),
      ['config', 'web', 'database'],
    );
    // A flag alone chooses its part.
    const only = await runCli(['check', '--database', '--data', path.join(srv.dir, 'data')]);
    assert.equal(only.code, 0, only.stderr);
    assert.match(
      only.stdout,
      new RegExp(`^database: sqlite .* schema version ${SCHEMA}, 0 migrations pending\n$`),
    );
  });

  test('check neither creates nor migrates a store', async () => {
    const data = mkdtempSync(path.join(tmp, 'empty-'));
    oneLineError(
      await runCli(['check', '--database', '--data', data]),
      /no SQLite database at .*wavesites\.db/,
    );
    assert.deepEqual(readdirSync(data), []);
  });

  test('a bad config, a missing bundle or an unreachable database exit 2 with one line', async () => {
    oneLineError(
      await runCli([
        'check',
        '--config',
        configFile('[hosts]\ntts1 = "x.test"\n', 'bad.toml'),
        '--web',
        WEB,
      ]),
      /hosts\.tts1/,
    );
    oneLineError(
      await runCli(['check', '--config', path.join(tmp, 'missing.toml')]),
      /missing\.toml/,
    );
    oneLineError(
      await runCli(['check', '--config', cfg, '--web', path.join(tmp, 'no-web')]),
      /no-web/,
    );
    // The config's settings are checked against the bundle, as serve does.
    oneLineError(
      await runCli([
        'check',
        '--web',
        WEB,
        '--config',
        configFile('[hosts]\n[landing]\ncolor = "red"\n', 'setting.toml'),
      ]),
      /landing\.color/,
    );
    const down = await runCli([
      'check',
      '--database',
      'postgresql://nobody:s3cret@127.0.0.1:1/none',
    ]);
    oneLineError(down, /--database: cannot connect to PostgreSQL/);
    assert.doesNotMatch(down.stderr, /s3cret/);
    oneLineError(await runCli(['check', '--database', 'mysql://x/y']), /--database/);
  });

  test(
    'check on PostgreSQL reports its schema version',
    { skip: !PG_URL && 'needs WAVESITES_TEST_PG_URL' },
    async () => {
      const r = await runCli(['check', '--database', PG_URL]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stdout,
        /^database: postgresql postgresql:\/\/wavesites:\*\*\*@.* answered: schema version \d+, \d+ migrations? pending\n$/,
      );
    },
  );
});

describe('backup', () => {
  test('a copy taken while leads arrive exports the same leads and resumes up to the copy', async () => {
    const srv = await startServer({
      config: configText(`[limits]\nleads_per_ip_per_hour = 100000\n`),
    });
    const copy = path.join(srv.dir, 'copy.db');
    try {
      for (let n = 0; n < 20; n++) assert.equal((await postLead(srv, n)).status, 200);
      await uploadResume(srv, 'Curriculum vitae, one\n');
      await uploadResume(srv, 'Curriculum vitae, two\n');
      let stop = false;
      let backingUp = false;
      const acknowledgedBefore = new Set();
      const writers = [0, 1, 2].map(async (w) => {
        for (let n = 0; !stop; n++) {
          const r = await postLead(srv, `${w}-${n}`);
          assert.equal(r.status, 200);
          if (!backingUp) acknowledgedBefore.add(JSON.parse(r.body).data.id);
        }
      });
      await new Promise((r) => setTimeout(r, 100));
      backingUp = true;
      const r = await runCli(['backup', copy, ...storeOf(srv)]);
      stop = true;
      await Promise.all(writers);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /backed up the sqlite store to .*copy\.db/);
      assert.deepEqual(
        readdirSync(srv.dir).filter((f) => f.startsWith('copy.db')),
        ['copy.db'],
        'no temporary file left',
      );

      const copied = await exportJson('leads', ['--database', `sqlite:${copy}`]);
      const live = await exportJson('leads', storeOf(srv));
      assert.ok(
        copied.length >= 20 && copied.length < live.length,
        `${copied.length} of ${live.length}`,
      );
      // Every lead acknowledged before the backup began is in the copy, and each copied lead is
      // the live one. (Not a prefix by id: ids made in one millisecond are not in commit order.)
      const liveById = new Map(live.map((l) => [l.id, l]));
      for (const l of copied) assert.deepEqual(l, liveById.get(l.id));
      const copiedIds = new Set(copied.map((l) => l.id));
      for (const id of acknowledgedBefore)
        assert.ok(copiedIds.has(id), `${id} acknowledged before the backup`);

      const outCopy = path.join(srv.dir, 'resumes-copy');
      const outLive = path.join(srv.dir, 'resumes-live');
      assert.equal(
        (await runCli(['resumes', 'export', outCopy, '--database', `sqlite:${copy}`])).code,
        0,
      );
      assert.equal((await runCli(['resumes', 'export', outLive, ...storeOf(srv)])).code, 0);
      assert.deepEqual(
        readFileSync(path.join(outCopy, 'metadata.json'), 'utf8'),
        readFileSync(path.join(outLive, 'metadata.json'), 'utf8'),
      );
      assert.equal(JSON.parse(readFileSync(path.join(outCopy, 'metadata.json'), 'utf8')).length, 2);

      oneLineError(await runCli(['backup', copy, ...storeOf(srv)]), /copy\.db already exists/);
    } finally {
      await srv.stop();
    }
  });

  test('backup needs an existing SQLite store and names pg_dump for PostgreSQL', async () => {
    const data = mkdtempSync(path.join(tmp, 'nodb-'));
    oneLineError(
      await runCli(['backup', path.join(tmp, 'x.db'), '--data', data]),
      /no SQLite database/,
    );
    assert.deepEqual(readdirSync(data), []);
    if (!PG_URL) return;
    const out = path.join(tmp, 'pg.db');
    oneLineError(await runCli(['backup', out, '--database', PG_URL]), /pg_dump/);
    assert.equal(existsSync(out), false);
  });
});

describe('exports --since', () => {
  test('only records after the id given; a malformed id exits 2', async () => {
    const srv = await startServer();
    try {
      for (let n = 0; n < 3; n++) assert.equal((await postLead(srv, n)).status, 200);
      await uploadResume(srv, 'first\n');
      await uploadResume(srv, 'second\n');
      const all = await exportJson('leads', storeOf(srv));
      assert.equal(all.length, 3);
      assert.deepEqual(
        await exportJson('leads', [...storeOf(srv), '--since', all[0].id]),
        all.slice(1),
      );
      assert.deepEqual(await exportJson('leads', [...storeOf(srv), '--since', all[2].id]), []);
      const csv = await runCli([
        'leads',
        'export',
        ...storeOf(srv),
        '--since',
        all[1].id.toLowerCase(),
      ]);
      assert.equal(csv.code, 0, csv.stderr);
      assert.equal(csv.stdout.trim().split('\r\n').length, 2, 'the header and one lead');

      const out = path.join(srv.dir, 'later');
      const meta = JSON.parse(
        readFileSync(
          await (async () => {
            const first = path.join(srv.dir, 'all');
            assert.equal((await runCli(['resumes', 'export', first, ...storeOf(srv)])).code, 0);
            return path.join(first, 'metadata.json');
          })(),
          'utf8',
        ),
      );
      const r = await runCli(['resumes', 'export', out, ...storeOf(srv), '--since', meta[0].id]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(
        JSON.parse(readFileSync(path.join(out, 'metadata.json'), 'utf8')).map((m) => m.id),
        [meta[1].id],
      );

      for (const bad of ['42', 'not-an-id', `${all[0].id}X`, 'I'.repeat(26)]) {
        oneLineError(await runCli(['leads', 'export', ...storeOf(srv), '--since', bad]), /--since/);
      }
      oneLineError(await runCli(['clicks', 'export', ...storeOf(srv), '--since', 'x']), /--since/);
    } finally {
      await srv.stop();
    }
  });
});

describe('the click log', () => {
  const LANDING_HOST = HOSTS.enicf[0];
  const PROXY = '198.51.100.77';
  const beacon = (
    srv,
    { host = LANDING_HOST, body = JSON.stringify({ referrer: '' }), ip = PROXY } = {},
  ) =>
    request(srv.port, '/api/clicks', {
      method: 'POST',
      host,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': ip },
      body,
    });

  test('records time, site, host and the referrer origin, never the address; exports csv and json', async () => {
    const srv = await startServer({ config: configText(`[proxy]\ntrusted = ["127.0.0.1"]\n`) });
    try {
      const started = new Date().toISOString();
      const r = await beacon(srv, {
        body: JSON.stringify({ referrer: 'https://user:pw@Search.Example:8443/q?x=1#y' }),
      });
      assert.equal(r.status, 204);
      assert.equal(r.body, '');
      assert.equal(r.headers['content-length'], undefined);
      assert.equal(
        (await beacon(srv, { body: JSON.stringify({ referrer: 'android-app://com.example/' }) }))
          .status,
        204,
      );
      assert.equal(
        (
          await beacon(srv, {
            host: 'elsewhere.check.test',
            body: JSON.stringify({ referrer: 'http://127.0.0.2/' }),
          })
        ).status,
        204,
      );
      // Another site's host has no click log.
      const blog = await beacon(srv, { host: HOSTS.tts1[0] });
      assert.equal(blog.status, 404);
      assert.equal(JSON.parse(blog.body).code, 404);
      assert.equal((await beacon(srv, { body: 'not json' })).status, 400);
      assert.equal(
        (await beacon(srv, { body: JSON.stringify({ referrer: 'x'.repeat(5000) }) })).status,
        413,
      );
      assert.equal((await request(srv.port, '/api/clicks', { host: LANDING_HOST })).status, 405);

      const clicks = await exportJson('clicks', storeOf(srv));
      assert.equal(clicks.length, 3);
      assert.deepEqual(
        clicks.map(({ site, host, referrerOrigin }) => ({ site, host, referrerOrigin })),
        [
          { site: 'enicf', host: LANDING_HOST, referrerOrigin: 'https://search.example:8443' },
          { site: 'enicf', host: LANDING_HOST, referrerOrigin: '' },
          { site: 'prefixed', host: 'elsewhere.check.test', referrerOrigin: 'http://127.0.0.2' },
        ],
      );
      for (const c of clicks) {
        assert.match(c.id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
        assert.match(c.clickedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        assert.ok(c.clickedAt >= started.slice(0, 19), c.clickedAt);
        assert.deepEqual(Object.keys(c).sort(), [
          'clickedAt',
          'destination',
          'from',
          'host',
          'id',
          'kind',
          'link',
          'referrerOrigin',
          'site',
        ]);
        // A beacon is the landing page's own click: no link, article or destination.
        assert.deepEqual([c.kind, c.link, c.from, c.destination], ['landing', '', '', '']);
      }
      const csv = await runCli(['clicks', 'export', ...storeOf(srv)]);
      assert.equal(csv.code, 0, csv.stderr);
      assert.match(csv.stderr, /exported 3 clicks/);
      const lines = csv.stdout.split('\r\n');
      assert.equal(lines[0], 'id,clickedAt,site,host,referrerOrigin,kind,link,from,destination');
      assert.equal(
        lines[1],
        `"${clicks[0].id}","${clicks[0].clickedAt}","enicf","${LANDING_HOST}","https://search.example:8443","landing","","",""`,
      );
      assert.deepEqual(
        await exportJson('clicks', [...storeOf(srv), '--since', clicks[1].id]),
        clicks.slice(2),
      );

      // Neither the client's address nor the proxy's is anywhere in the store's files.
      const data = path.join(srv.dir, 'data');
      for (const f of readdirSync(data).filter((f) => f.startsWith('wavesites.db'))) {
        const bytes = readFileSync(path.join(data, f));
        for (const ip of [PROXY, '127.0.0.1']) assert.equal(bytes.indexOf(ip), -1, `${ip} in ${f}`);
      }
    } finally {
      await srv.stop();
    }
  });

  test('120 clicks per address per hour, then 429 and nothing recorded', async () => {
    const srv = await startServer({ config: configText(`[proxy]\ntrusted = ["127.0.0.1"]\n`) });
    try {
      for (let i = 0; i < 120; i++)
        assert.equal((await beacon(srv, { ip: '198.51.100.5' })).status, 204);
      const over = await beacon(srv, { ip: '198.51.100.5' });
      assert.equal(over.status, 429);
      assert.ok(Number(over.headers['retry-after']) > 0);
      assert.equal((await beacon(srv, { ip: '198.51.100.6' })).status, 204, 'another address');
      assert.equal((await exportJson('clicks', storeOf(srv))).length, 121);
    } finally {
      await srv.stop();
    }
  });

  test(
    'clicks are stored on PostgreSQL too',
    { skip: !PG_URL && 'needs WAVESITES_TEST_PG_URL' },
    async () => {
      const srv = await startServer({ args: ['--database', PG_URL] });
      try {
        const before = (
          await exportJson('clicks', [
            '--database',
            PG_URL,
            '--config',
            path.join(srv.dir, 'sites.toml'),
          ])
        ).length;
        assert.equal(
          (await beacon(srv, { body: JSON.stringify({ referrer: 'https://a.example/x' }) })).status,
          204,
        );
        const after = await exportJson('clicks', [
          '--database',
          PG_URL,
          '--config',
          path.join(srv.dir, 'sites.toml'),
        ]);
        assert.equal(after.length, before + 1);
        assert.equal(after.at(-1).referrerOrigin, 'https://a.example');
      } finally {
        await srv.stop();
      }
    },
  );
});
