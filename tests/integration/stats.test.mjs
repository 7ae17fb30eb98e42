// Visit counts, lead attribution and the stats report (docs/http-api.md, "Visit counts" and
// "Stats"; docs/command-line.md, "stats"): known traffic through a trusted proxy, from many
// addresses and browsers, with crawlers, prefetches, HEAD, 404s and assets mixed in, gives exact
// numbers in `wavesites stats --format json` and /stats/api; a SIGTERM in between loses nothing;
// two servers on one PostgreSQL add up; who may see the dashboard; attribution with the lead.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  BIN,
  configText,
  HAVE_PG,
  HOSTS,
  loggedEvents,
  pgSchemaUrl,
  request,
  runCli,
  startServer,
  waitFor,
  WEB,
} from './harness.mjs';
import { LEAD_PATH, validLead } from './contract.mjs';

const PROXY = '[proxy]\ntrusted = ["127.0.0.1"]\n';
const LIMITS = '[limits]\nleads_per_ip_per_hour = 1000\n';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  pixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ahrefs: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
};

const today = () => new Date().toISOString().slice(0, 10);
const storeOf = (srv, database) => [
  '--config',
  path.join(srv.dir, 'sites.toml'),
  ...(database ? ['--database', database] : ['--data', path.join(srv.dir, 'data')]),
];

/** A GET (or another method) from `ip` behind the trusted proxy, as the browser `ua`. */
function visit(srv, host, target, { ip, ua = UA.windows, method = 'GET', headers = {} } = {}) {
  return request(srv.port, target, {
    host,
    method,
    headers: { 'X-Forwarded-For': ip, 'User-Agent': ua, ...headers },
  });
}

async function statsJson(srv, args = [], database) {
  const r = await runCli([
    'stats',
    '--format',
    'json',
    '--web',
    WEB,
    ...storeOf(srv, database),
    ...args,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** The report without its per-day rows: the numbers the checks compare. */
function totals(report) {
  const out = {};
  for (const [site, s] of Object.entries(report.sites)) {
    const { days: _days, ...rest } = s;
    out[site] = rest;
  }
  return out;
}

const BEAUTY = HOSTS.tts1[0];
const WAVE = HOSTS.waveads[0];
const BLAST = HOSTS.enicf[0];

/**
 * The first half of the day's traffic. Counted views, by who:
 *  - 198.51.100.1 (iPhone) from a news site with a campaign: /article-detail/3, then / from the site itself;
 *  - 198.51.100.2 (Windows) /article-detail/3 twice, once more revalidated (304), then the link out;
 *  - 198.51.100.3 (iPad) /home?utm_source=Google (the home page under its other path);
 *  - 198.51.100.4 (the same Windows browser as .2, another address: another visitor) /privacy.
 * And nothing of what is not a view.
 */
async function firstHalf(srv, slug) {
  const counted = [
    [
      BEAUTY,
      '/article-detail/3?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring-Sale',
      {
        ip: '198.51.100.1',
        ua: UA.iphone,
        headers: { Referer: 'https://news.example/today?id=9' },
      },
    ],
    [
      BEAUTY,
      '/',
      {
        ip: '198.51.100.1',
        ua: UA.iphone,
        headers: { Referer: `https://${BEAUTY}/article-detail/3` },
      },
    ],
    [BEAUTY, '/article-detail/3', { ip: '198.51.100.2' }],
    [BEAUTY, '/article-detail/3', { ip: '198.51.100.2' }],
    [BEAUTY, '/home?utm_source=%20Google%20', { ip: '198.51.100.3', ua: UA.ipad }],
    [BEAUTY, '/privacy', { ip: '198.51.100.4' }],
  ];
  let etag;
  for (const [host, target, opts] of counted) {
    const r = await visit(srv, host, target, opts);
    assert.equal(r.status, 200, `${host}${target}`);
    if (target === '/article-detail/3') etag = r.headers.etag;
  }
  const revalidated = await visit(srv, BEAUTY, '/article-detail/3', {
    ip: '198.51.100.2',
    headers: { 'If-None-Match': etag },
  });
  assert.equal(revalidated.status, 304);
  const out = await visit(srv, BEAUTY, `/go/${slug}?from=3`, {
    ip: '198.51.100.2',
    headers: { Referer: `https://${BEAUTY}/article-detail/3` },
  });
  assert.equal(out.status, 302);

  // None of these is a view.
  const page = await visit(srv, BEAUTY, '/', { ip: '198.51.100.9' });
  const asset = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
  assert.ok(asset, 'a stylesheet on the home page');
  const notViews = [
    [BEAUTY, '/', { ip: '198.51.100.10', ua: UA.googlebot }],
    [BEAUTY, '/article-detail/3', { ip: '198.51.100.11', ua: UA.bingbot }],
    [BEAUTY, '/', { ip: '198.51.100.12', ua: UA.ahrefs }],
    [BEAUTY, '/', { ip: '198.51.100.13', headers: { 'Sec-Purpose': 'prefetch' } }],
    [BEAUTY, '/', { ip: '198.51.100.13', headers: { 'Sec-Purpose': 'prefetch;prerender' } }],
    [BEAUTY, '/', { ip: '198.51.100.13', headers: { Purpose: 'prefetch' } }],
    [BEAUTY, '/', { ip: '198.51.100.14', method: 'HEAD' }],
    [BEAUTY, '/article-detail/99999', { ip: '198.51.100.15' }],
    [BEAUTY, '/no-such-page', { ip: '198.51.100.15' }],
    [BEAUTY, asset, { ip: '198.51.100.16' }],
    [BEAUTY, '/robots.txt', { ip: '198.51.100.16' }],
    [BEAUTY, '/sitemap.xml', { ip: '198.51.100.16' }],
    [BEAUTY, '/feed.xml', { ip: '198.51.100.16' }],
    [BEAUTY, '/favicon.ico', { ip: '198.51.100.16' }],
    [BEAUTY, '/healthz', { ip: '198.51.100.16' }],
    [BEAUTY, '/', { ip: '203.0.113.7' }], // [stats] exclude: the office
    ['127.0.0.1', '/tts1/home', { ip: '198.51.100.17' }], // the prefixed route set: a preview
    ['127.0.0.1', '/tts1/article-detail/3', { ip: '198.51.100.17' }],
  ];
  for (const [host, target, opts] of notViews) await visit(srv, host, target, opts);
  // 198.51.100.9's home page view above is a view: count it.
}

/** The second half: a returning visitor, WaveAds in two languages, the landing page and its button. */
async function secondHalf(srv) {
  const counted = [
    [BEAUTY, '/article-detail/3', { ip: '198.51.100.1', ua: UA.iphone }], // the same visitor as before the restart
    [
      WAVE,
      '/ja/',
      { ip: '198.51.100.20', ua: UA.pixel, headers: { Referer: 'https://www.google.com/' } },
    ],
    [
      WAVE,
      '/ja/contact-us?utm_source=google&utm_medium=cpc&utm_campaign=JP-Launch',
      { ip: '198.51.100.20', ua: UA.pixel },
    ],
    [WAVE, '/', { ip: '198.51.100.21', ua: UA.mac }],
    [BLAST, '/', { ip: '198.51.100.30', ua: UA.iphone }],
    [BLAST, '/', { ip: '198.51.100.31', ua: UA.pixel }],
    [BLAST, '/', { ip: '198.51.100.32', ua: UA.windows }],
    [BLAST, '/privacy', { ip: '198.51.100.32', ua: UA.windows }],
  ];
  for (const [host, target, opts] of counted)
    assert.equal((await visit(srv, host, target, opts)).status, 200, `${host}${target}`);
  // The button: once with its script (a beacon), once without (its /go/ link).
  const beacon = await request(srv.port, '/api/clicks', {
    method: 'POST',
    host: BLAST,
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'X-Forwarded-For': '198.51.100.30',
      'User-Agent': UA.iphone,
    },
    body: JSON.stringify({ referrer: '' }),
  });
  assert.equal(beacon.status, 204);
  assert.equal(
    (await visit(srv, BLAST, '/go/block-blast', { ip: '198.51.100.31', ua: UA.pixel })).status,
    302,
  );
}

/** What the two halves make, exactly. */
function expected(slug) {
  const zero = {
    pages: {},
    referrers: {},
    sources: {},
    mediums: {},
    campaigns: {},
    devices: { mobile: 0, tablet: 0, desktop: 0 },
    links: {},
    ctr: {},
    leads: 0,
    leads_by_source: {},
  };
  return {
    tts1: {
      views: 9,
      visitors: 5, // .1 (iPhone), .2, .3, .4 and .9: one each, the returning .1 still one
      pages: { '/article-detail/3': 5, '/': 3, '/privacy': 1 },
      referrers: { direct: 8, 'https://news.example': 1 },
      sources: { google: 1, newsletter: 1, '': 7 }, // a view without the parameter counts under ''
      mediums: { email: 1, '': 8 },
      campaigns: { 'spring-sale': 1, '': 8 },
      devices: { mobile: 3, tablet: 1, desktop: 5 },
      links: { [slug]: { clicks: 1, from: { 3: 1 } } },
      ctr: { '/article-detail/3': 0.2 },
      leads: 0,
      leads_by_source: {},
    },
    tts2: { views: 0, visitors: 0, ...zero },
    tts3: { views: 0, visitors: 0, ...zero },
    kuponz1: { views: 0, visitors: 0, ...zero },
    kuponz2: { views: 0, visitors: 0, ...zero },
    waveads: {
      views: 3,
      visitors: 2,
      pages: { '/ja/': 1, '/ja/contact-us': 1, '/': 1 },
      referrers: { direct: 2, 'https://www.google.com': 1 },
      sources: { google: 1, '': 2 },
      mediums: { cpc: 1, '': 2 },
      campaigns: { 'jp-launch': 1, '': 2 },
      devices: { mobile: 2, tablet: 0, desktop: 1 },
      languages: { ja: 2, en: 1 },
      links: {},
      ctr: {},
      leads: 2,
      leads_by_source: { google: 1, '': 1 }, // utm_source as the views count it; '' for none
    },
    enicf: {
      views: 4,
      visitors: 3,
      pages: { '/': 3, '/privacy': 1 },
      referrers: { direct: 4 },
      sources: { '': 4 },
      mediums: { '': 4 },
      campaigns: { '': 4 },
      devices: { mobile: 2, tablet: 0, desktop: 2 },
      links: { 'block-blast': { clicks: 1, from: {} } },
      landing_clicks: 2,
      ctr: { '/': 2 / 3 },
      leads: 0,
      leads_by_source: {},
    },
  };
}

/** Two leads, one with the attribution its page remembered, one from an old page without. */
async function leads(srv) {
  const base = validLead({
    businessEmail: 'keiko.sato@tokyo-games.example',
    firstName: 'Keiko',
    lastName: 'Sato',
    country: 'JP',
    describes: 'advertiser',
    companyName: 'Tokyo Games',
    remark: 'Installs in Japan',
  });
  const post = async (body) => {
    const r = await request(srv.port, LEAD_PATH, {
      host: WAVE,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.70' },
      body: JSON.stringify(body),
    });
    assert.equal(r.status, 200, r.body);
    return JSON.parse(r.body).data.id;
  };
  const attributed = await post({
    ...base,
    attribution: {
      utm_source: 'Google',
      utm_medium: 'cpc',
      utm_campaign: 'jp-launch',
      gclid: 'abc',
      landing_path: '/ja/contact-us?utm_source=google',
      first_seen: '2026-11-26T09:00:00.000Z',
    },
  });
  const plain = await post(base);
  return { attributed, plain };
}

const ARTICLE_LINK = () => {
  const html = readFileSync(path.join(WEB, 'pages/online/tts1/article/3.html'), 'utf8');
  return /href="\/go\/([a-z0-9-]+)\?from=3"/.exec(html)[1];
};

describe('visit counts and the stats report', () => {
  test('known traffic gives exact numbers, a SIGTERM in between loses nothing, and /stats/api says the same', async () => {
    const slug = ARTICLE_LINK();
    const config = configText(`${PROXY}${LIMITS}\n[stats]\nexclude = ["203.0.113.0/24"]\n`);
    let srv = await startServer({ config });
    try {
      await firstHalf(srv, slug);
      // SIGTERM: what was counted since the last flush is written on the way out.
      const { code } = await srv.stop();
      assert.equal(code, 0);
      const half = totals(await statsJson(srv, ['--site', 'tts1']));
      assert.equal(half.tts1.views, 8);
      assert.equal(half.tts1.visitors, 5);
      srv = await startServer({ config, dir: srv.dir });
      await secondHalf(srv);
      const { attributed, plain } = await leads(srv);
      await srv.stop();

      const report = await statsJson(srv);
      assert.deepEqual(Object.keys(report), ['from', 'to', 'sites']);
      assert.equal(report.to, today());
      assert.equal(
        report.from,
        new Date(Date.now() - 29 * 86400_000).toISOString().slice(0, 10),
        'the last 30 days',
      );
      assert.deepEqual(totals(report), expected(slug));
      const days = report.sites.tts1.days;
      assert.equal(days.length, 30);
      assert.deepEqual(days.at(-1), { day: today(), views: 9, visitors: 5 });
      assert.ok(days.slice(0, -1).every((d) => d.views === 0 && d.visitors === 0));

      // One site, one day, in every format.
      const one = await statsJson(srv, ['--site', 'enicf', '--from', today(), '--to', today()]);
      assert.deepEqual(Object.keys(one.sites), ['enicf']);
      assert.deepEqual(totals(one).enicf, expected(slug).enicf);
      const csv = await runCli([
        'stats',
        '--format',
        'csv',
        '--site',
        'tts1',
        '--web',
        WEB,
        ...storeOf(srv),
      ]);
      assert.equal(csv.code, 0, csv.stderr);
      const rows = csv.stdout.trim().split('\r\n');
      assert.equal(rows[0], 'site,metric,name,value');
      assert.ok(rows.includes('"tts1","views","",9'), csv.stdout);
      assert.ok(rows.includes('"tts1","pages","/article-detail/3",5'));
      assert.ok(rows.includes('"tts1","ctr","/article-detail/3",0.2'));
      const table = await runCli(['stats', '--site', 'tts1', '--web', WEB, ...storeOf(srv)]);
      assert.equal(table.code, 0, table.stderr);
      assert.match(table.stdout, /tts1: 9 views, 5 visitors, 1 link clicks, 0 leads/);
      for (const [args, message] of [
        [['--from', '2026-13-01'], /--from/],
        [['--to', 'yesterday'], /--to/],
        [['--from', today(), '--to', '2020-01-01'], /after/],
        [['--site', 'nope'], /--site/],
        [['--format', 'xml'], /--format/],
      ]) {
        const bad = await runCli(['stats', '--web', WEB, ...storeOf(srv), ...args]);
        assert.equal(bad.code, 2, `${args}: ${bad.stderr}`);
        assert.match(bad.stderr, message);
        assert.equal(bad.stderr.trim().split('\n').length, 1);
      }

      // The leads, with their attribution, in the export (JSON object, CSV columns).
      const exported = JSON.parse(
        (await runCli(['leads', 'export', '--format', 'json', ...storeOf(srv)])).stdout,
      );
      const a = exported.find((l) => l.id === attributed);
      assert.deepEqual(a.attribution, {
        utm_source: 'Google',
        utm_medium: 'cpc',
        utm_campaign: 'jp-launch',
        gclid: 'abc',
        landing_path: '/ja/contact-us?utm_source=google',
        first_seen: '2026-11-26T09:00:00.000Z',
      });
      assert.deepEqual(exported.find((l) => l.id === plain).attribution, {});
      const leadCsv = (await runCli(['leads', 'export', ...storeOf(srv)])).stdout.split('\r\n');
      const header = leadCsv[0].split(',');
      const names = [
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'utm_term',
        'utm_content',
        'gclid',
        'fbclid',
        'ttclid',
        'msclkid',
        'li_fat_id',
        'referrer',
        'landing_path',
        'first_seen',
      ];
      assert.deepEqual(
        header.slice(-names.length),
        names.map((n) => `attribution.${n}`),
      );
      const line = leadCsv.find((l) => l.startsWith(`"${attributed}"`));
      assert.ok(
        line.endsWith(
          '"Google","cpc","jp-launch","","","abc","","","","","","/ja/contact-us?utm_source=google","2026-11-26T09:00:00.000Z"',
        ),
        line,
      );

      // The dashboard's data is the same report, while the server runs (after a flush).
      srv = await startServer({ config, dir: srv.dir });
      const api = await request(srv.port, '/stats/api', { host: BEAUTY });
      assert.equal(api.status, 200);
      assert.match(api.headers['content-type'], /^application\/json/);
      assert.equal(api.headers['cache-control'], 'no-store');
      assert.deepEqual(JSON.parse(api.body), report);
      const oneApi = await request(
        srv.port,
        `/stats/api?site=enicf&from=${today()}&to=${today()}`,
        { host: '127.0.0.1' },
      );
      assert.deepEqual(JSON.parse(oneApi.body), one);
      for (const q of ['site=nope', 'from=2026-02-30', 'to=x', `from=${today()}&to=2020-01-01`]) {
        const bad = await request(srv.port, `/stats/api?${q}`, { host: BEAUTY });
        assert.equal(bad.status, 400, q);
        assert.equal(JSON.parse(bad.body).code, 400);
      }
      // A view now reaches the store within the flush interval (10 s), with the server running.
      assert.equal((await visit(srv, BEAUTY, '/privacy', { ip: '198.51.100.4' })).status, 200);
      await waitFor(
        'the flush',
        async () =>
          JSON.parse((await request(srv.port, '/stats/api?site=tts1', { host: BEAUTY })).body).sites
            .tts1.views === 10,
        15_000,
      );
      const after = JSON.parse(
        (await request(srv.port, '/stats/api?site=tts1', { host: BEAUTY })).body,
      ).sites.tts1;
      assert.equal(
        after.visitors,
        5,
        'a visitor of the day is one visitor, however many times it comes back',
      );

      // Neither an address nor a User-Agent of a view is in any file of the store (a lead keeps its
      // own, from 198.51.100.70).
      await srv.stop();
      const data = path.join(srv.dir, 'data');
      for (const f of readdirSync(data).filter((f) => f.startsWith('wavesites.db'))) {
        const bytes = readFileSync(path.join(data, f));
        for (const needle of [
          '198.51.100.1',
          '198.51.100.20',
          '203.0.113.7',
          'iPhone OS',
          'Pixel 8',
          'Googlebot',
        ]) {
          assert.equal(bytes.indexOf(needle), -1, `${needle} in ${f}`);
        }
      }
    } finally {
      await srv.stop();
    }
  });

  test('[stats] enabled = false counts nothing; [retention] stats_days sweeps old days', async () => {
    const off = configText(`${PROXY}\n[stats]\nenabled = false\n`);
    let srv = await startServer({ config: off });
    try {
      for (let i = 0; i < 5; i++) await visit(srv, BEAUTY, '/', { ip: `198.51.100.${40 + i}` });
      await srv.stop();
      assert.equal((await statsJson(srv, ['--site', 'tts1'])).sites.tts1.views, 0);

      srv = await startServer({ config: configText(PROXY), dir: srv.dir });
      for (let i = 0; i < 5; i++) await visit(srv, BEAUTY, '/', { ip: `198.51.100.${40 + i}` });
      await srv.stop();
      // Make today's counts 40 days old, as time would.
      const db = path.join(srv.dir, 'data', 'wavesites.db');
      const old = new Date(Date.now() - 40 * 86400_000).toISOString().slice(0, 10);
      const r = spawnSync(
        'python3',
        [
          '-c',
          'import sqlite3,sys\nd=sqlite3.connect(sys.argv[1])\nn=d.execute("UPDATE stats_daily SET day=?",(sys.argv[2],)).rowcount\nd.commit()\nprint(n)',
          db,
          old,
        ],
        { encoding: 'utf8' },
      );
      assert.equal(r.status, 0, r.stderr);
      assert.ok(Number(r.stdout) > 5, r.stdout);
      assert.equal(
        (await statsJson(srv, ['--site', 'tts1', '--from', old, '--to', old])).sites.tts1.views,
        5,
      );

      srv = await startServer({
        config: configText(`${PROXY}\n[retention]\nstats_days = 30\n`),
        dir: srv.dir,
      });
      await waitFor('the sweep at start', () => srv.stderr.includes('"records":"stats"'));
      const swept = srv.stderr
        .split('\n')
        .filter((l) => l.includes('"records":"stats"'))
        .map((l) => JSON.parse(l))[0];
      assert.equal(swept.kind, 'retention');
      assert.equal(swept.rows, Number(r.stdout));
      assert.equal(
        (await statsJson(srv, ['--site', 'tts1', '--from', old, '--to', old])).sites.tts1.views,
        0,
      );
    } finally {
      await srv.stop();
    }
  });

  test('an attribution never costs a lead: unknown keys, over-long values and wrong types are dropped and logged', async () => {
    const srv = await startServer({ config: configText(`${PROXY}${LIMITS}`) });
    try {
      const r = await request(srv.port, LEAD_PATH, {
        host: WAVE,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.50' },
        body: JSON.stringify(
          validLead({
            businessEmail: 'ana@lisboa-apps.example',
            firstName: 'Ana',
            lastName: 'Costa',
            country: 'PT',
            describes: 'advertiser',
            companyName: 'Lisboa Apps',
            remark: '',
            attribution: {
              utm_source: 'partner',
              fbclid: 'f'.repeat(201),
              evil: 'x',
              ttclid: 42,
              msclkid: 'm'.repeat(200),
            },
          }),
        ),
      });
      assert.equal(r.status, 200, r.body);
      const id = JSON.parse(r.body).data.id;
      const [lead] = JSON.parse(
        (await runCli(['leads', 'export', '--format', 'json', ...storeOf(srv)])).stdout,
      );
      assert.equal(lead.id, id);
      assert.deepEqual(lead.attribution, { utm_source: 'partner', msclkid: 'm'.repeat(200) });
      const dropped = await loggedEvents(srv, (e) => e.event === 'attribution_dropped');
      assert.equal(dropped.length, 1);
      assert.equal(dropped[0].lead, id);
      assert.deepEqual([...dropped[0].dropped].sort(), [
        'evil (unknown)',
        'fbclid (over 200 characters)',
        'ttclid (not text)',
      ]);
      assert.ok(!JSON.stringify(dropped[0]).includes('fffff'), 'the dropped values are not logged');
      // An attribution that is not an object is dropped too, and the lead is kept.
      for (const attribution of ['utm_source=x', [1, 2], null]) {
        const again = await request(srv.port, LEAD_PATH, {
          host: WAVE,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.50' },
          body: JSON.stringify(
            validLead({
              businessEmail: 'ana@lisboa-apps.example',
              firstName: 'Ana',
              lastName: 'Costa',
              country: 'PT',
              describes: 'advertiser',
              companyName: 'Lisboa Apps',
              remark: '',
              attribution,
            }),
          ),
        });
        assert.equal(again.status, 200, `${JSON.stringify(attribution)}: ${again.body}`);
      }
    } finally {
      await srv.stop();
    }
  });
});

describe('who may see the stats', () => {
  const hashOf = (password) => {
    const r = spawnSync('env', ['--default-signal=PIPE', BIN, 'passwd'], {
      input: `${password}\n`,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim();
  };

  test('wavesites passwd prints an argon2id hash, and refuses a short or missing password', () => {
    const hash = hashOf('correct horse battery');
    assert.match(hash, /^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    assert.notEqual(hashOf('correct horse battery'), hash, 'a fresh salt each time');
    for (const input of ['short\n', '\n', '']) {
      const r = spawnSync(BIN, ['passwd'], { input, encoding: 'utf8' });
      assert.equal(r.status, 2, input);
      assert.match(r.stderr, /^wavesites: passwd: /);
    }
  });

  test('an allowed address sees it; anyone else gets the 404 page, or with [stats] users a password prompt, and 429 after 10 failures', async () => {
    let srv = await startServer({ config: configText(PROXY) });
    try {
      // Loopback is allowed by default: the proxy's own requests (no X-Forwarded-For).
      const page = await request(srv.port, '/stats/', { host: BEAUTY });
      assert.equal(page.status, 200);
      assert.match(page.body, /<div id="root">/);
      assert.match(page.headers['content-security-policy'], /default-src 'self'/);
      assert.equal(page.headers['cache-control'], 'no-store');
      const bare = await request(srv.port, '/stats', { host: BEAUTY });
      assert.equal(bare.status, 308);
      assert.equal(bare.headers.location, '/stats/');
      // The page brings no site's bundle and nothing from another origin.
      const srcs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      assert.ok(srcs.length > 0);
      for (const s of srcs) assert.match(s, /^\/(assets\/|favicon)/, s);
      // From another address (through the proxy) there is nothing there.
      for (const target of ['/stats/', '/stats/api', '/stats']) {
        const r = await request(srv.port, target, {
          host: BEAUTY,
          headers: { 'X-Forwarded-For': '198.51.100.60' },
        });
        assert.equal(r.status, 404, target);
        assert.match(r.headers['content-type'], /^text\/html/);
      }
      await srv.stop();

      const hash = hashOf('correct horse battery');
      srv = await startServer({
        config: configText(`${PROXY}\n[stats]\nallow = []\n\n[stats.users]\nmika = "${hash}"\n`),
        dir: srv.dir,
      });
      const basic = (user, password) => ({
        Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      });
      const none = await request(srv.port, '/stats/', { host: BEAUTY });
      assert.equal(none.status, 401, 'loopback is no longer allowed');
      assert.match(none.headers['www-authenticate'], /^Basic realm="wavesites stats"/);
      const good = await request(srv.port, '/stats/api', {
        host: BEAUTY,
        headers: basic('mika', 'correct horse battery'),
      });
      assert.equal(good.status, 200);
      assert.ok(JSON.parse(good.body).sites.tts1);
      assert.equal(
        (
          await request(srv.port, '/stats/', {
            host: WAVE,
            headers: basic('mika', 'correct horse battery'),
          })
        ).status,
        200,
        'on any host',
      );
      const from = (ip, headers) =>
        request(srv.port, '/stats/api', {
          host: BEAUTY,
          headers: { 'X-Forwarded-For': ip, ...headers },
        });
      for (let i = 0; i < 10; i++) {
        const wrong = await from(
          '198.51.100.61',
          basic(i % 2 ? 'mika' : 'someone', 'wrong password'),
        );
        assert.equal(wrong.status, 401, `failure ${i + 1}`);
        assert.ok(wrong.headers['www-authenticate']);
      }
      const locked = await from('198.51.100.61', basic('mika', 'correct horse battery'));
      assert.equal(locked.status, 429, 'even the right password, for this hour');
      assert.ok(Number(locked.headers['retry-after']) > 0);
      assert.equal(
        (await from('198.51.100.62', basic('mika', 'correct horse battery'))).status,
        200,
        'another address',
      );
      assert.equal((await from('198.51.100.62', { Authorization: 'Basic !!!' })).status, 401);
      assert.equal((await from('198.51.100.62', { Authorization: 'Bearer x' })).status, 401);
    } finally {
      await srv.stop();
    }
  });
});

describe(
  'two servers on one PostgreSQL',
  { skip: !HAVE_PG && 'needs WAVESITES_TEST_PG_URL (make test sets it)' },
  () => {
    test('their counts add up and a visitor seen by both is one visitor', async () => {
      const url = pgSchemaUrl('stats');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-stats-pg-'));
      const servers = [];
      try {
        const config = configText(PROXY);
        for (const name of ['a', 'b']) {
          const d = path.join(dir, name);
          mkdirSync(d, { recursive: true });
          servers.push(await startServer({ config, args: ['--database', url], dir: d }));
        }
        const [a, b] = servers;
        // 40 visitors; each of the first 20 is seen by both servers, the others by one.
        const sent = [];
        for (let i = 0; i < 40; i++) {
          const ip = `198.51.100.${100 + i}`;
          const ua = i % 3 === 0 ? UA.iphone : UA.windows;
          const targets = i < 20 ? [a, b] : [i % 2 ? a : b];
          for (const srv of targets)
            sent.push(
              visit(srv, BEAUTY, `/article-detail/${(i % 4) + 1}?utm_campaign=pg-${i % 2}`, {
                ip,
                ua,
              }),
            );
        }
        for (const r of await Promise.all(sent)) assert.equal(r.status, 200);
        await Promise.all(servers.map((s) => s.stop()));
        for (const srv of servers) assert.ok(!srv.stderr.includes('"stats_error"'), srv.stderr);
        const report = await statsJson(a, ['--site', 'tts1'], url);
        const t = report.sites.tts1;
        assert.equal(t.views, 60);
        assert.equal(t.visitors, 40);
        assert.deepEqual(t.campaigns, { 'pg-0': 30, 'pg-1': 30 });
        assert.equal(
          Object.values(t.pages).reduce((x, y) => x + y, 0),
          60,
        );
        assert.deepEqual(t.devices, { mobile: 21, tablet: 0, desktop: 39 });
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    });
  },
);
