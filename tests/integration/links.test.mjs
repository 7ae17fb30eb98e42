// Links out: every article's [text](go:slug) becomes /go/<slug>?from=<id> with rel="sponsored
// nofollow"; /go/<slug> answers 302 to the registered destination for the visitor's platform,
// tagged with the article where the merchant takes a tag, and records the click (never for a
// crawler, never past an address's hourly limit). No other path under /go/ leads anywhere. The
// config's [links] moves a destination on SIGHUP; a bad one stops the server or is refused. The
// build refuses content that would break any of it, naming the file and the line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  articles,
  configText,
  goLinks,
  HOSTS,
  reloadConfig,
  request,
  ROOT,
  runCli,
  runCliOn,
  startServer,
  WEB,
} from './harness.mjs';

const BLOGS = ['tts1', 'tts2', 'tts3', 'kuponz1', 'kuponz2'];
const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  url: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const manifest = JSON.parse(readFileSync(path.join(WEB, 'manifest.json'), 'utf8'));
const LANDING_STORE = 'https://apps.apple.com/app/block-blast/id1617391485';

/** Where `slug` sends `platform` from article `from` of `site`, by the bundle's registry. */
function expected(site, slug, platform, from) {
  const link = manifest.links[slug];
  let url = (platform !== 'url' && link[platform]) || link.url;
  if (link.subid_param && from) {
    const [base, hash] = url.split('#');
    url = `${base}${base.includes('?') ? '&' : '?'}${link.subid_param}=${site}-${from}${hash === undefined ? '' : `#${hash}`}`;
  }
  return url;
}

const articlePath = (site, id) => `${manifest.route_sets[site].details[0].prefix}${id}`;

async function exportClicks(srv) {
  const out = await runCliOn(srv, ['clicks', 'export', '--format', 'json']);
  assert.equal(out.code, 0, out.stderr);
  return JSON.parse(out.stdout);
}

function linkClickMetric(metrics) {
  return [
    ...metrics.matchAll(/^wavesites_link_clicks_total\{site="([^"]+)",link="([^"]+)"\} (\d+)$/gm),
  ].map((m) => ({
    site: m[1],
    link: m[2],
    n: Number(m[3]),
  }));
}

describe('links out', () => {
  test('every article links out, and each link leads where the registry says for each platform', async () => {
    const srv = await startServer({ config: configText('\n[proxy]\ntrusted = ["127.0.0.1"]\n') });
    try {
      let client = 0;
      const perBlog = {};
      for (const site of BLOGS) {
        const host = HOSTS[site][0];
        const slugs = new Set();
        for (const a of articles(site)) {
          const page = await request(srv.port, articlePath(site, a.id), { host });
          assert.equal(page.status, 200, `${site} ${a.id}`);
          const anchors = [...page.body.matchAll(/<a [^>]*href="(\/go\/[^"]*)"[^>]*>/g)];
          const written = goLinks(a);
          assert.ok(written.length > 0, `${site}/${a.id}.md links out`);
          assert.deepEqual(
            anchors.map((m) => m[1].replaceAll('&amp;', '&')),
            written.map((slug) => `/go/${slug}?from=${a.id}`),
            `${site} ${a.id}: the page has the article's links, in order`,
          );
          for (const [tag] of anchors) assert.match(tag, /rel="sponsored nofollow"/, tag);
          for (const slug of written) {
            slugs.add(slug);
            for (const [platform, ua] of Object.entries(UA)) {
              // A client address of its own for each, so none is over the hourly limit.
              const res = await request(srv.port, `/go/${slug}?from=${a.id}`, {
                host,
                headers: {
                  'User-Agent': ua,
                  'X-Forwarded-For': `198.51.${100 + (client >> 8)}.${client++ & 255}`,
                },
              });
              assert.equal(res.status, 302, `${site} ${slug} ${platform}`);
              assert.equal(
                res.headers.location,
                expected(site, slug, platform, a.id),
                `${site} ${a.id} ${slug} ${platform}`,
              );
              assert.equal(res.headers['cache-control'], 'private, no-store');
              assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow');
            }
          }
        }
        perBlog[site] = slugs.size;
        assert.ok(slugs.size >= 8, `${site} has ${slugs.size} distinct links`);
        const robots = await request(srv.port, '/robots.txt', { host });
        assert.match(robots.body, /^Disallow: \/go\/$/m, `${site} robots.txt`);
      }
      const clicks = (await exportClicks(srv)).filter((c) => c.kind === 'link');
      assert.equal(clicks.length, client, 'every redirect was recorded');
      const total = linkClickMetric((await request(srv.port, '/metrics')).body).reduce(
        (n, m) => n + m.n,
        0,
      );
      assert.equal(total, client, 'and counted');
      console.log(`links per blog: ${JSON.stringify(perBlog)}; ${client} redirects followed`);
    } finally {
      await srv.stop();
    }
  });

  test('a click is recorded with its site, host, link, article, destination and referrer origin, once per answer', async () => {
    const srv = await startServer({ config: configText('\n[proxy]\ntrusted = ["127.0.0.1"]\n') });
    try {
      const host = HOSTS.kuponz1[1];
      const slug = goLinks(articles('kuponz1')[0])[0];
      const go = (target, ua, ip, extra = {}) =>
        request(srv.port, target, {
          host,
          headers: { 'User-Agent': ua, 'X-Forwarded-For': ip, ...extra },
        });
      const first = await go(`/go/${slug}?from=1`, UA.ios, '203.0.113.5', {
        Referer: `http://${host}/article-detail/1?q=x`,
      });
      assert.equal(first.status, 302);
      const head = await request(srv.port, `/go/${slug}?from=99`, {
        host,
        method: 'HEAD',
        headers: { 'User-Agent': UA.url, 'X-Forwarded-For': '203.0.113.5' },
      });
      assert.equal(head.status, 302, 'HEAD is answered too');
      assert.equal(head.body, '');
      // A known crawler is sent on and not recorded.
      for (let i = 0; i < 3; i++)
        assert.equal((await go(`/go/${slug}?from=1`, GOOGLEBOT, '203.0.113.5')).status, 302);
      const records = await exportClicks(srv);
      assert.equal(records.length, 2);
      const [a, b] = records;
      assert.deepEqual(
        {
          kind: a.kind,
          site: a.site,
          host: a.host,
          link: a.link,
          from: a.from,
          destination: a.destination,
          referrerOrigin: a.referrerOrigin,
        },
        {
          kind: 'link',
          site: 'kuponz1',
          host,
          link: slug,
          from: '1',
          destination: manifest.links[slug].ios ? 'ios' : 'url',
          referrerOrigin: `http://${host}`,
        },
      );
      assert.equal(b.from, '', 'a from that is not an article of the site is not kept');
      assert.equal(b.destination, 'url');
      for (const r of records) {
        assert.ok(!JSON.stringify(r).includes('203.0.113.5'), 'no address');
        assert.ok(!JSON.stringify(r).includes('Mozilla'), 'no User-Agent');
      }
      // Past 120 in an hour from one address: still redirected, no longer recorded.
      for (let i = 0; i < 125; i++)
        assert.equal((await go(`/go/${slug}`, UA.url, '203.0.113.9')).status, 302);
      const after = await exportClicks(srv);
      assert.equal(after.filter((c) => c.kind === 'link').length, 2 + 120);
      const metric = linkClickMetric((await request(srv.port, '/metrics')).body);
      assert.deepEqual(metric, [{ site: 'kuponz1', link: slug, n: 122 }]);
      // --since takes what is newer, links and landing clicks alike.
      const since = await runCliOn(srv, ['clicks', 'export', '--since', after.at(-2).id]);
      assert.equal(since.code, 0, since.stderr);
      const lines = since.stdout.trim().split(/\r?\n/);
      assert.deepEqual(lines[0].split(','), [
        'id',
        'clickedAt',
        'site',
        'host',
        'referrerOrigin',
        'kind',
        'link',
        'from',
        'destination',
      ]);
      assert.equal(lines.length, 2);
    } finally {
      await srv.stop();
    }
  });

  test('no path but a registered slug leads anywhere: everything else under /go/ is the 404 page', async () => {
    const srv = await startServer();
    try {
      const slug = goLinks(articles('tts2')[0])[0];
      const notFound = (await request(srv.port, '/no-such-page', { host: HOSTS.tts2[0] })).body;
      const shapes = [
        '/go/',
        '/go',
        '/go/unknown-shop',
        `/go/${slug}/extra`,
        `/go/${slug}/`,
        '/go/%2Fevil.example',
        `/go/%2F${slug}`,
        `/go/..%2F${slug}`,
        '/go/..',
        '/go/.',
        `/go/${slug}%2F..%2F..`,
        '/go/https:%2F%2Fevil.example',
        '/go/https://evil.example',
        '/go//evil.example',
        '/go///evil.example',
        '/go/%5Cevil.example',
        `/go/%09${slug}`,
        `/go/${slug}%7F`,
        `/go/${'a'.repeat(65)}`,
        `/go/${'a'.repeat(5000)}`,
        `/go/${slug.toUpperCase()}`,
        `/go/${slug}.`,
        `/go/${encodeURIComponent(slug).replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
        // A stray "%" before the slug is an escape when the slug begins with two hex digits (not NUL, CR or LF).
        ...(/^(?!0[0ad])[0-9a-f]{2}/.test(slug) ? [`/go/%${slug}`] : []),
      ];
      // An escape of CR, LF or NUL, or a malformed one, never reaches /go/: the request is refused
      // as it is read (400; docs/http-api.md, "Requests refused before any route").
      for (const target of [
        `/go/${slug}%0d%0aSet-Cookie:%20x=1`,
        `/go/${slug}%00`,
        `/go/%zz${slug}`,
        `/go/${slug}%`,
      ]) {
        const res = await request(srv.port, target, {
          host: HOSTS.tts2[0],
          headers: { 'User-Agent': UA.url },
        });
        assert.equal(res.status, 400, target);
        assert.equal(res.headers.location, undefined, target);
      }
      for (const host of [HOSTS.tts2[0], HOSTS.waveads[0], `127.0.0.1:${srv.port}`]) {
        for (const target of shapes) {
          const res = await request(srv.port, target, { host, headers: { 'User-Agent': UA.url } });
          assert.equal(res.status, 404, `${host} ${target}`);
          assert.equal(res.headers.location, undefined, `${host} ${target}`);
          assert.match(
            res.headers['content-type'],
            /^text\/html/,
            `${host} ${target}: the 404 page`,
          );
          if (host === HOSTS.tts2[0])
            assert.equal(res.body, notFound, `${target}: the site's own 404 page`);
        }
      }
      // Every host answers a registered slug, the unknown ones (the prefixed route set) too.
      for (const host of [HOSTS.tts2[0], HOSTS.enicf[0], 'unknown.check.test']) {
        assert.equal((await request(srv.port, `/go/${slug}`, { host })).status, 302, host);
      }
      const post = await request(srv.port, `/go/${slug}`, {
        host: HOSTS.tts2[0],
        method: 'POST',
        body: 'x',
      });
      assert.equal(post.status, 405);
      assert.equal(post.headers.allow, 'GET, HEAD, OPTIONS');
      // The three redirects above, and nothing for any path that was not one.
      assert.deepEqual(
        (await exportClicks(srv)).map((c) => c.link),
        [slug, slug, slug],
      );
    } finally {
      await srv.stop();
    }
  });

  test('the landing button without JavaScript: /go/block-blast sends each phone to its store', async () => {
    const srv = await startServer({
      config: configText()
        .replace('[server]', '[server]')
        .replace(
          'affiliate = "aff-check"',
          'affiliate = "aff-check"\napp_store_ct = "spring"\napp_store_pt = "118765"',
        ),
    });
    try {
      const page = await request(srv.port, '/', { host: HOSTS.enicf[0] });
      assert.match(page.body, /<a [^>]*href="\/go\/block-blast"[^>]*data-landing/);
      assert.match(page.body, /<meta name="apple-itunes-app" content="app-id=1617391485">/);
      const to = async (ua) =>
        (
          await request(srv.port, '/go/block-blast', {
            host: HOSTS.enicf[0],
            headers: { 'User-Agent': ua },
          })
        ).headers.location;
      assert.equal(await to(UA.ios), `${LANDING_STORE}?ct=spring&pt=118765`);
      assert.equal(
        await to(UA.android),
        'https://play.google.com/store/apps/details?id=com.block.juggle',
      );
      assert.equal(await to(UA.url), LANDING_STORE);
    } finally {
      await srv.stop();
    }
  });

  test('[links] in the config moves a destination on SIGHUP; a bad one is refused by name, or stops the server', async () => {
    const slug = goLinks(articles('tts1')[0])[0];
    const base = configText();
    const srv = await startServer({ config: base });
    const location = async () =>
      (
        await request(srv.port, `/go/${slug}?from=1`, {
          host: HOSTS.tts1[0],
          headers: { 'User-Agent': UA.url },
        })
      ).headers.location;
    const reload = (text) => reloadConfig(srv, text);
    try {
      assert.equal(await location(), expected('tts1', slug, 'url', '1'));
      const moved = `${base}\n[links]\n${slug} = { url = "https://merchant.check.test/new?x=1", subid_param = "aff" }\nbrand-new = "https://new.check.test/"\n`;
      assert.equal((await reload(moved)).event, 'reloaded');
      assert.equal(await location(), 'https://merchant.check.test/new?x=1&aff=tts1-1');
      assert.equal(
        (await request(srv.port, '/go/brand-new', { host: HOSTS.tts1[0] })).headers.location,
        'https://new.check.test/',
      );

      const refused = await reload(`${base}\n[links]\n${slug} = "http://merchant.check.test/"\n`);
      assert.equal(refused.event, 'reload_refused');
      assert.match(refused.error, new RegExp(`links\\.${slug}`));
      assert.equal(
        await location(),
        'https://merchant.check.test/new?x=1&aff=tts1-1',
        'the config in force stays',
      );
      const unknown = await reload(
        `${base}\n[links]\nnot-in-the-bundle = { ios = "https://apps.apple.com/app/id1" }\n`,
      );
      assert.equal(unknown.event, 'reload_refused');
      assert.match(unknown.error, /links\.not-in-the-bundle.*needs a url/);
    } finally {
      await srv.stop();
    }
    for (const bad of [
      `${slug} = "javascript:alert(1)"`,
      `${slug} = { url = "https://x.check.test/", colour = "red" }`,
      `"Bad Slug" = "https://x.check.test/"`,
    ]) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-links-'));
      writeFileSync(path.join(dir, 'sites.toml'), `${base}\n[links]\n${bad}\n`);
      const out = await runCli([
        'serve',
        '--config',
        path.join(dir, 'sites.toml'),
        '--listen',
        '127.0.0.1:0',
        '--data',
        path.join(dir, 'data'),
      ]);
      assert.equal(out.code, 2, bad);
      assert.match(out.stderr, /links\./, bad);
      assert.equal(out.stderr.trim().split('\n').length, 1, `one line: ${out.stderr}`);
    }
  });
});

describe('the build refuses content that would break links', () => {
  const COVER =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="#ddd"/></svg>\n';
  const paragraph =
    'A paragraph long enough to read as prose, about saving money at the shops a reader already uses every week.';
  const good = [
    '---',
    'id: 1',
    'title: A Fixture Article',
    'date: January 13, 2025',
    'excerpt: One sentence that says what the fixture article is about, for the refusals below.',
    'image:',
    '  src: 1-cover.svg',
    '  alt: A grey rectangle standing in for a cover picture',
    '---',
    '',
    '## First',
    '',
    `${paragraph} Visit [the shop](go:shop).`,
    '',
    '## Second',
    '',
    paragraph,
    '',
    '## Third',
    '',
    paragraph,
    '',
  ].join('\n');
  const registry =
    '[block-blast]\nurl = "{{landing.app_store_url}}"\n\n[shop]\nurl = "https://shop.check.test/"\n';

  /** Runs the prerender of the last build on a content folder of one tts1 article. */
  function build(article, links = registry, images = ['1-cover.svg']) {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'wavesites-refuse-'));
    cpSync(path.join(ROOT, 'build/web-ssr'), path.join(tmp, 'web-ssr'), { recursive: true });
    const content = path.join(tmp, 'content');
    mkdirSync(path.join(content, 'tts1/articles'), { recursive: true });
    mkdirSync(path.join(content, 'tts1/images'), { recursive: true });
    writeFileSync(path.join(content, 'links.toml'), links);
    writeFileSync(path.join(content, 'tts1/articles/1.md'), article);
    cpSync(path.join(ROOT, 'content/tts1/site.toml'), path.join(content, 'tts1/site.toml'));
    for (const name of images) writeFileSync(path.join(content, 'tts1/images', name), COVER);
    const run = spawnSync('node', [path.join(tmp, 'web-ssr/prerender.js')], {
      cwd: path.join(ROOT, 'web'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        WAVESITES_BUILD_DIR: tmp,
        WAVESITES_CONTENT_DIR: content,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: run.status, stderr: run.stderr };
  }

  const cases = [
    [
      'bad front matter',
      good.replace('date: January 13, 2025', 'date: 2025-13-45'),
      undefined,
      /1\.md:4: date: /,
    ],
    [
      'front matter that is not YAML',
      good.replace('title: A Fixture Article', 'title: [unclosed'),
      undefined,
      /1\.md:[34]: front matter: /,
    ],
    [
      'raw HTML',
      good.replace('## Second\n', '## Second\n\n<script>alert(1)</script>\n'),
      undefined,
      /1\.md:17: raw HTML is not allowed/,
    ],
    [
      'inline raw HTML',
      good.replace('Visit [the shop]', '<img src=x onerror=alert(1)> Visit [the shop]'),
      undefined,
      /1\.md:13: raw HTML is not allowed/,
    ],
    [
      'a missing picture',
      good.replace('## First\n', '## First\n\n![A chart](1-s1.svg)\n'),
      undefined,
      /1\.md:13: the picture 1-s1\.svg is not in/,
    ],
    [
      'an unknown link slug',
      good.replace('go:shop', 'go:nowhere'),
      undefined,
      /1\.md:13: unknown link slug "nowhere"/,
    ],
    [
      'a link to another site around the registry',
      good.replace('go:shop', 'https://shop.check.test/'),
      undefined,
      /1\.md:13: a link to another site goes through the link registry/,
    ],
    [
      'a javascript: link',
      good.replace('go:shop', 'javascript:alert(1)'),
      undefined,
      /1\.md:13: a link to another site goes through the link registry: write \[text\]\(go:slug\), not "javascript:alert\(1\)"/,
    ],
    [
      'a registry destination that is not https',
      good,
      registry.replace('https://shop', 'http://shop'),
      /links\.toml:5: shop: url: .* is not https/,
    ],
  ];
  for (const [name, article, links, message] of cases) {
    test(name, () => {
      const out = build(article, links);
      assert.notEqual(out.status, 0, out.stderr);
      assert.match(out.stderr, /^prerender failed: /m);
      assert.match(out.stderr, message);
    });
  }

  test('the same content with nothing wrong gets past every check', () => {
    const out = build(good);
    // It fails later (one article is not a blog), but not on any check above.
    assert.doesNotMatch(out.stderr, /1\.md:\d+:|links\.toml:\d+:/, out.stderr);
  });
});
