// Drafts, schedules and expiry (content/README.md, "Write, preview, schedule"; docs/manifest.md,
// "Editions"): a copy of the content where one tts1 article is a draft, one goes live in a few
// seconds, one expires a little later and one has expired. The build renders an edition per
// moment; two servers on the bundle switch at those moments with no rebuild, restart or reload,
// on both route sets: the article's page, the home page's list, the sitemap, the feed, and 410
// Gone with the not-found page once an article has expired.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  HOSTS,
  ROOT,
  buildWithContent as build,
  configText,
  events,
  request,
  startServer,
} from './harness.mjs';

const HOST = HOSTS.tts1[0];
const iso = (ms) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Sets front matter `key` of content/tts1/articles/<id>.md in `content` (adds it when absent). */
function frontMatter(content, id, key, value) {
  const file = path.join(content, 'tts1/articles', `${id}.md`);
  const text = readFileSync(file, 'utf8');
  const line = new RegExp(`^${key}: .*$`, 'm');
  writeFileSync(
    file,
    line.test(text)
      ? text.replace(line, `${key}: ${value}`)
      : text.replace(/^excerpt:/m, `${key}: ${value}\nexcerpt:`),
  );
}

/** What one server answers now about the scheduled articles, on both route sets. */
async function look(srv) {
  const online = async (p) => request(srv.port, p, { host: HOST });
  const status = async (p) => (await online(p)).status;
  const prefixed = async (p) => (await request(srv.port, `/tts1${p}`)).status;
  const home = (await online('/')).body;
  const sitemap = (await online('/sitemap.xml')).body;
  const feed = (await online('/feed.xml')).body;
  const listed = (id) => home.includes(`href="/article-detail/${id}"`);
  const inSitemap = (id) => sitemap.includes(`/article-detail/${id}</loc>`);
  const inFeed = (id) => feed.includes(`/article-detail/${id}"`);
  const out = {};
  for (const id of ['2', '3', '4', '5']) {
    out[id] = [
      await status(`/article-detail/${id}`),
      await prefixed(`/article-detail/${id}`),
      listed(id),
      inSitemap(id),
      inFeed(id),
    ];
  }
  return out;
}

async function until(ms) {
  const wait = ms - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

describe('drafts, schedules and expiry', () => {
  test('a draft never appears; a scheduled article goes live and an expiring one goes at their moments, on two servers', async () => {
    const content = mkdtempSync(path.join(os.tmpdir(), 'wavesites-content-'));
    cpSync(path.join(ROOT, 'content'), content, { recursive: true });
    const start = Date.now();
    // Build time varies (images come from the build's cache): the moments leave it room.
    const live = Math.ceil((start + 30_000) / 1000) * 1000;
    const expire = live + 8_000;
    frontMatter(content, '2', 'draft', 'true');
    frontMatter(content, '3', 'date', iso(live));
    frontMatter(content, '4', 'expires', iso(expire));
    frontMatter(content, '5', 'expires', iso(start - 86_400_000));
    const bundle = build(content);
    assert.ok(
      Date.now() < live - 5_000,
      `the build took too long to see the moments: ${Date.now() - start} ms`,
    );
    assert.match(bundle.stdout, /2 later editions/);
    const first = JSON.parse(readFileSync(path.join(bundle.web, 'manifest.json'), 'utf8'));
    assert.deepEqual(first.editions, [
      { at: new Date(live).toISOString(), manifest: 'manifest.1.json' },
      { at: new Date(expire).toISOString(), manifest: 'manifest.2.json' },
    ]);

    // A late switch says what was served and what the server logged about its editions.
    const editionEvents = (srv) => events(srv.stderr).filter((e) => e.event.startsWith('edition'));
    const said = (srv) => `edition events so far: ${JSON.stringify(editionEvents(srv))}`;
    const check = async (srv, expected) => {
      const got = await look(srv);
      assert.deepEqual(got, expected, `${JSON.stringify(got)}; ${said(srv)}`);
    };
    const servers = [];
    try {
      for (let i = 0; i < 2; i++)
        servers.push(await startServer({ config: configText(), args: ['--web', bundle.web] }));
      // [status online, status prefixed, on the home page, in the sitemap, in the feed]
      const before = {
        2: [404, 404, false, false, false],
        3: [404, 404, false, false, false],
        4: [200, 200, true, true, true],
        5: [410, 410, false, false, false],
      };
      const between = { ...before, 3: [200, 200, true, true, true] };
      const after = { ...between, 4: [410, 410, false, false, false] };
      for (const srv of servers) assert.deepEqual(await look(srv), before);
      // The gone page is the site's not-found page, with its status.
      const gone = await request(servers[0].port, '/article-detail/5', { host: HOST });
      assert.equal(gone.status, 410);
      assert.equal(gone.headers['cache-control'], 'no-cache');
      assert.equal(
        gone.body,
        (await request(servers[0].port, '/no-such-page', { host: HOST })).body,
      );

      await until(live - 1_500);
      for (const srv of servers)
        assert.deepEqual((await look(srv))[3], before[3], 'not a moment early');
      await until(live + 300);
      for (const srv of servers) await check(srv, between);
      await until(expire + 300);
      for (const srv of servers) await check(srv, after);
      for (const srv of servers) {
        const switches = editionEvents(srv).filter((e) => e.event === 'edition');
        assert.deepEqual(
          switches.map((e) => e.manifest),
          ['manifest.1.json', 'manifest.2.json'],
        );
        for (const e of switches) {
          assert.ok(
            e.late_ms < 250,
            `switched ${e.late_ms} ms late (its build took ${e.built_ms} ms)`,
          );
          assert.ok(Number.isInteger(e.built_ms) && e.built_ms >= 0, JSON.stringify(e));
        }
      }
      // A server started after both moments serves the last edition at once.
      const late = await startServer({ config: configText(), args: ['--web', bundle.web] });
      servers.push(late);
      assert.deepEqual(await look(late), after);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(bundle.dir, { recursive: true, force: true });
      rmSync(content, { recursive: true, force: true });
    }
  });
});
