// A blog no code knows (content/README.md, "Start a new blog"): fixtures/blog-tide is copied
// into a copy of the content as content/tide/ (a site.toml, two articles, two pictures; no
// favicon, no card), the pages are built with the shipped bundle code, and the server is given
// one more [hosts] line. A crawler then walks the blog from its home, robots.txt, sitemap and
// feed, following every link, stylesheet, script, picture and icon: every one answers 200, and
// the blog has what every blog has (articles, sitemap, feed, robots, icons, sharing card, 404).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ROOT, buildWithContent, configText, request, startServer } from './harness.mjs';

const HOST = 'tide.check.test';
const ORIGIN = `https://${HOST}`;

/** Same-origin URLs a page or file names: href, src, srcset, <loc>, feed links, Sitemap: lines. */
function urlsIn(body) {
  const found = new Set();
  const add = (u) => {
    const url = u.trim().replaceAll('&amp;', '&');
    if (url.startsWith(ORIGIN)) found.add(url.slice(ORIGIN.length) || '/');
    else if (url.startsWith('/') && !url.startsWith('//')) found.add(url);
  };
  for (const [, u] of body.matchAll(/\s(?:href|src|content)="([^"]+)"/g)) add(u);
  for (const [, set] of body.matchAll(/\ssrcset="([^"]+)"/g)) {
    for (const part of set.split(',')) add(part.trim().split(/\s+/)[0]);
  }
  for (const [, u] of body.matchAll(/<(?:loc|id)>([^<]+)<\//g)) add(u);
  for (const [, u] of body.matchAll(/^Sitemap: (\S+)$/gm)) add(u);
  for (const [, u] of body.matchAll(/"(?:src|start_url)":\s*"([^"]+)"/g)) add(u);
  return [...found].map((u) => u.split('#')[0]).filter((u) => u !== '' && !u.startsWith('/go/'));
}

describe('a new blog from a content folder and one host line', () => {
  test('builds, serves and crawls whole: home, articles, sitemap, feed, robots, icons, 404', async () => {
    const content = mkdtempSync(path.join(os.tmpdir(), 'wavesites-content-'));
    cpSync(path.join(ROOT, 'content'), content, { recursive: true });
    cpSync(path.join(import.meta.dirname, 'fixtures/blog-tide'), path.join(content, 'tide'), {
      recursive: true,
    });
    const bundle = buildWithContent(content);
    const config = configText().replace('[hosts]\n', `[hosts]\ntide = ["${HOST}"]\n`);
    const srv = await startServer({ config, args: ['--web', bundle.web] });
    try {
      const get = (p) => request(srv.port, p, { host: HOST });
      const home = await get('/');
      assert.equal(home.status, 200);
      assert.match(
        home.body,
        /<title>Tideline Kitchen — Coastal Cooking for Small Kitchens<\/title>/,
      );
      assert.match(home.body, /Coast(al)? cooking · Market days · Simple fish/i);
      assert.match(home.body, /Copyright © \d{4} Tideline Kitchen\. All Rights Reserved\./);
      // Its own palette after the theme's stylesheet.
      const palette = /href="(\/assets\/tide-palette-[0-9a-f]+\.css)"/.exec(home.body)?.[1];
      assert.ok(palette, 'the palette stylesheet is linked');
      assert.match((await get(palette)).body, /--blog-paper: #eef4f3;/);

      // The crawl: everything reachable answers 200.
      const seen = new Map();
      const queue = [
        '/',
        '/robots.txt',
        '/sitemap.xml',
        '/feed.xml',
        '/favicon.ico',
        '/apple-touch-icon.png',
      ];
      while (queue.length > 0 && seen.size < 400) {
        const url = queue.shift();
        if (seen.has(url)) continue;
        const res = await get(url);
        seen.set(url, res);
        assert.equal(res.status, 200, `${url}: ${res.status}`);
        const type = String(res.headers['content-type']);
        if (/html|xml|text\/plain|manifest\+json|json/.test(type)) {
          for (const u of urlsIn(res.body.toString())) if (!seen.has(u)) queue.push(u);
        }
      }
      const pages = [...seen].filter(([, r]) =>
        String(r.headers['content-type']).startsWith('text/html'),
      );
      const articles = pages
        .filter(([u]) => /^\/article-detail\/\d+$/.test(u))
        .map(([u]) => u)
        .sort();
      assert.deepEqual(articles, ['/article-detail/1', '/article-detail/2']);
      const article = seen.get('/article-detail/1').body.toString();
      assert.match(
        article,
        /<h1[^>]*>Pan-Fried Mackerel with Sharp Cucumber, in Twenty Minutes<\/h1>/,
      );
      assert.match(article, /March 14, 2025/);
      assert.match(
        article,
        /<meta property="og:image" content="https:\/\/tide\.check\.test\/assets\/og-tide-/,
      );
      const sitemap = seen.get('/sitemap.xml').body.toString();
      for (const p of ['/', '/article-detail/1', '/article-detail/2'])
        assert.ok(sitemap.includes(`<loc>${ORIGIN}${p}</loc>`), p);
      const feed = seen.get('/feed.xml').body.toString();
      assert.equal([...feed.matchAll(/<entry>/g)].length, 2);
      assert.match(
        seen.get('/robots.txt').body.toString(),
        new RegExp(`Sitemap: ${ORIGIN}/sitemap.xml`),
      );
      const icons = [...seen.keys()].filter(
        (u) => /\.(ico|png|svg)$/.test(u) && /icon|favicon/.test(u),
      );
      assert.ok(
        icons.includes('/favicon.ico') && icons.includes('/favicons/tide.svg'),
        icons.join(' '),
      );
      assert.match(String(seen.get('/favicons/tide.svg').body), /<text[^>]*>T<\/text>/);

      // Unknown addresses: the blog's 404 page, never indexed; other sites' routes are not its own.
      for (const p of ['/article-detail/3', '/nowhere', '/tts2/home']) {
        const res = await get(p);
        assert.equal(res.status, 404, p);
        assert.match(res.body.toString(), /<meta name="robots" content="noindex">/);
      }
      // The prefixed route set has it too, under its prefix, and its 404 page lists it last.
      assert.equal((await request(srv.port, '/tide/home')).status, 200);
      assert.equal((await request(srv.port, '/tide/article-detail/2')).status, 200);
      const list = (await request(srv.port, '/nowhere')).body.toString();
      assert.match(
        list,
        /href="\/view\/ecinf">Block Blast!<\/a>[\s\S]*href="\/tide\/home">Tideline Kitchen</,
      );

      const files = seen.size - pages.length;
      console.log(
        `new blog crawl: ${seen.size} URLs, all 200: ${pages.length} pages (${articles.length} articles), ${files} files`,
      );
    } finally {
      await srv.stop();
      rmSync(bundle.dir, { recursive: true, force: true });
      rmSync(content, { recursive: true, force: true });
    }
  });
});
