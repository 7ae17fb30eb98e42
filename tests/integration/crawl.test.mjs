// The sites as a search engine meets them. The real server runs with [origins] for some sites
// and the default origin (https:// and the first host) for the others, one site with no host at
// all. For every configured host the crawler starts from robots.txt and the sitemap and follows
// every link of every page, then checks what docs/routes.md ("Search engines and sharing")
// promises: statuses, one self-referencing canonical, reciprocal hreflang, the sitemap against
// the sitemaps.org schema, no indexable page outside it, the sharing card and its picture,
// JSON-LD, the feeds (read by Debian's python3-feedparser), the icons and a click depth of 3 or
// less. Any other host gets the prefixed route set: noindex on every answer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { articles, request, startServer } from './harness.mjs';

const SCHEMA = path.join(import.meta.dirname, 'fixtures/sitemap.xsd');
/** Debian's Python, with python3-feedparser: not whatever python3 comes first on the PATH. */
const PYTHON = '/usr/bin/python3';
const APP_STORE = 'https://apps.apple.com/app/block-blast/id1617391485';

const HOSTS = {
  waveads: ['Ads.Crawl-Check.test', 'ads-two.crawl-check.test'],
  tts1: ['beauty.crawl-check.test'],
  tts2: ['travel.crawl-check.test', 'trips.crawl-check.test'],
  tts3: [],
  kuponz1: ['coupons.crawl-check.test'],
  kuponz2: ['shop.crawl-check.test'],
  enicf: ['play.crawl-check.test'],
};
/** As configured: a site's public origin may be another host, a port, upper case. */
const ORIGINS = {
  waveads: 'https://www.waveads-crawl.example',
  tts2: 'http://Travel.crawl-check.test:8080',
  enicf: 'HTTPS://play.crawl-check.test',
};
/** What each site's pages must say: https:// and the first host unless [origins] says otherwise. */
const origin = (site) =>
  ORIGINS[site] !== undefined
    ? ORIGINS[site].replace(
        /^([a-z]+):\/\/([^/:]+)/i,
        (_, s, h) => `${s.toLowerCase()}://${h.toLowerCase()}`,
      )
    : `https://${HOSTS[site][0].toLowerCase()}`;
const BLOGS = ['tts1', 'tts2', 'tts3', 'kuponz1', 'kuponz2'];
const LANGS = ['en', 'ja', 'ko', 'es', 'pt'];

function configText() {
  const list = (names) => `[${names.map((n) => JSON.stringify(n)).join(', ')}]`;
  return [
    '[hosts]',
    ...Object.entries(HOSTS).map(([site, names]) => `${site} = ${list(names)}`),
    '',
    '[origins]',
    ...Object.entries(ORIGINS).map(([site, o]) => `${site} = ${JSON.stringify(o)}`),
    '',
    '[landing]',
    `app_store_url = "${APP_STORE}"`,
    'tracking_url = "https://clicks.crawl-check.test/track"',
    'offer = "offer-crawl"',
    'affiliate = "aff-crawl"',
    'rating_value = "4.7"',
    'rating_count = "1250000"',
    '',
    '[server]',
    'threads = 2',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Reading pages: the markup is the server's own, so a tag-and-attribute reader is enough.

const decode = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every `<name ...>` tag of `html` as an object of its attributes. */
function tags(html, name) {
  const out = [];
  for (const m of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const attrs = {};
    for (const a of m[1].matchAll(/([\w:-]+)(?:="([^"]*)")?/g))
      attrs[a[1].toLowerCase()] = decode(a[2] ?? '');
    out.push(attrs);
  }
  return out;
}

function headOf(html) {
  const start = html.indexOf('<head>');
  const end = html.indexOf('</head>');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

const metaProperty = (head, property) =>
  tags(head, 'meta')
    .filter((m) => m.property === property)
    .map((m) => m.content);
const metaName = (head, name) =>
  tags(head, 'meta')
    .filter((m) => m.name === name)
    .map((m) => m.content);
const linksRel = (head, rel) => tags(head, 'link').filter((l) => l.rel === rel);

function jsonLd(head) {
  return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
}

/** Width, height and type of a PNG or JPEG from its bytes. */
function imageSize(buf) {
  if (buf.subarray(1, 4).toString('latin1') === 'PNG') {
    return { type: 'image/png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf[0] === 0xff && buf[1] === 0xd8) {
    for (let i = 2; i + 9 < buf.length;) {
      if (buf[i] !== 0xff) break;
      const marker = buf[i + 1];
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return {
          type: 'image/jpeg',
          height: buf.readUInt16BE(i + 5),
          width: buf.readUInt16BE(i + 7),
        };
      }
      i += 2 + buf.readUInt16BE(i + 2);
    }
  }
  return { type: 'unknown', width: 0, height: 0 };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** A content date ("2025-03-04" or "March 4, 2025") as YYYY-MM-DD. */
function isoDay(date) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const m = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(date);
  assert.ok(m, `content date "${date}"`);
  return `${m[3]}-${String(MONTHS.indexOf(m[1]) + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------

let srv;
/** host \0 path -> response, each fetched once. */
const fetched = new Map();

async function get(host, target) {
  const key = `${host}\0${target}`;
  if (!fetched.has(key)) fetched.set(key, await request(srv.port, target, { host }));
  return fetched.get(key);
}

/** The path of a URL on `site`'s origin, or null for any other URL. */
function pathOn(site, url) {
  const o = origin(site);
  return url.startsWith(`${o}/`) ? url.slice(o.length) : null;
}

/**
 * Walks `host` breadth-first from its home along every `<a href>` of every page, the way a
 * crawler does, and returns each page reached with its click depth from the home page.
 */
async function crawl(site, host) {
  const depth = new Map([['/', 0]]);
  const queue = ['/'];
  const pages = new Map();
  const broken = [];
  const seenOut = new Set();
  while (queue.length > 0) {
    const at = queue.shift();
    const r = await get(host, at);
    if (r.status !== 200) {
      broken.push(`${at}: ${r.status}`);
      continue;
    }
    pages.set(at, r);
    if (!String(r.headers['content-type']).startsWith('text/html')) continue;
    for (const a of tags(r.body, 'a')) {
      if (a.href === undefined || a.href.startsWith('#')) continue;
      if (a.href.startsWith('/go/')) {
        // A link out: a redirect off the site, marked as paid for, never crawled further.
        if (seenOut.has(a.href)) continue;
        seenOut.add(a.href);
        const out = await get(host, a.href.replaceAll('&amp;', '&'));
        if (out.status !== 302 || !/^https:\/\/[^/]+\./.test(out.headers.location ?? '')) {
          broken.push(`${a.href}: ${out.status} ${out.headers.location}`);
        }
        if (a.rel !== 'sponsored nofollow') broken.push(`${a.href}: rel ${a.rel}`);
        continue;
      }
      const url = new URL(a.href, `http://${host.toLowerCase()}${at}`);
      const own =
        url.host === host.toLowerCase() ? url.pathname : pathOn(site, url.href.replace(/#.*$/, ''));
      if (own === null || depth.has(own)) continue; // another site (the App Store), or seen
      depth.set(own, depth.get(at) + 1);
      queue.push(own);
    }
  }
  return { pages, depth, broken };
}

const figures = [];

before(async () => {
  srv = await startServer({
    config: configText(),
    dir: mkdtempSync(path.join(os.tmpdir(), 'wavesites-crawl-')),
  });
});
after(async () => {
  if (figures.length > 0) {
    console.log('\nhost                          sitemap  crawled  deepest  feed items');
    for (const f of figures) {
      console.log(
        `${f.host.padEnd(30)}${String(f.sitemap).padStart(7)}${String(f.crawled).padStart(9)}${String(f.deepest).padStart(9)}${String(f.feed ?? '-').padStart(12)}`,
      );
    }
  }
  await srv.stop();
});

/** The checks of one indexable page's head; returns its canonical URL. */
async function checkPage(site, host, at, r, problems) {
  const head = headOf(r.body);
  const o = origin(site);
  const say = (text) => problems.push(`${host}${at}: ${text}`);
  if (r.headers['x-robots-tag'] !== undefined) say(`X-Robots-Tag ${r.headers['x-robots-tag']}`);
  if (metaName(head, 'robots').length > 0) say(`meta robots ${metaName(head, 'robots')}`);

  const canonicals = linksRel(head, 'canonical');
  if (canonicals.length !== 1) {
    say(`${canonicals.length} canonical links`);
    return null;
  }
  const canonical = canonicals[0].href;
  const canonicalPath = pathOn(site, canonical);
  if (canonicalPath === null) say(`canonical ${canonical} is not on ${o}`);

  // The sharing card.
  const one = (property) => {
    const values = metaProperty(head, property);
    if (values.length !== 1 || values[0] === '') say(`${property}: ${JSON.stringify(values)}`);
    return values[0];
  };
  for (const p of ['og:title', 'og:description', 'og:site_name', 'og:locale', 'og:image:alt'])
    one(p);
  if (one('og:url') !== canonical) say(`og:url is not the canonical ${canonical}`);
  const type = one('og:type');
  if (type === 'article') {
    one('article:published_time');
    one('article:modified_time');
  } else if (type !== 'website') say(`og:type ${type}`);
  if (metaName(head, 'twitter:card')[0] !== 'summary_large_image') say('twitter:card');
  const image = one('og:image');
  const imagePath = image && pathOn(site, image);
  if (imagePath === null || imagePath === undefined) say(`og:image ${image} is not on ${o}`);
  else {
    const picture = await get(host, imagePath);
    const size = imageSize(picture.raw);
    const declared = {
      type: one('og:image:type'),
      width: Number(one('og:image:width')),
      height: Number(one('og:image:height')),
    };
    if (picture.status !== 200) say(`og:image ${imagePath}: ${picture.status}`);
    else if (
      size.type !== declared.type ||
      size.width !== declared.width ||
      size.height !== declared.height ||
      size.width !== 1200 ||
      size.height !== 630
    ) {
      say(`og:image ${imagePath} is ${JSON.stringify(size)}, declared ${JSON.stringify(declared)}`);
    } else if (picture.headers['content-type'] !== size.type)
      say(`og:image served as ${picture.headers['content-type']}`);
  }

  // The small things: colour, home-screen icon and app manifest, all answering.
  if (metaName(head, 'theme-color').length !== 1) say('theme-color');
  for (const rel of ['apple-touch-icon', 'manifest', 'icon']) {
    const link = linksRel(head, rel)[0];
    if (link === undefined) {
      say(`no <link rel="${rel}">`);
      continue;
    }
    const file = await get(host, link.href);
    if (file.status !== 200) say(`${rel} ${link.href}: ${file.status}`);
    if (rel === 'apple-touch-icon' && imageSize(file.raw).width !== 180)
      say('apple-touch-icon is not 180 px');
    if (rel === 'manifest') {
      const manifest = JSON.parse(file.body);
      if (!manifest.name || !(manifest.icons?.length > 0))
        say('web app manifest without name or icons');
    }
  }

  // Structured data: what Google's rich-result documentation asks for.
  const data = jsonLd(head);
  const types = data.map((d) => d['@type']);
  const absolute = (url, what) => {
    if (typeof url !== 'string' || pathOn(site, url) === null) say(`${what} ${url} is not on ${o}`);
  };
  for (const d of data) {
    if (d['@context'] !== 'https://schema.org') say(`JSON-LD @context ${d['@context']}`);
    const need = (...keys) =>
      keys.forEach((k) => d[k] === undefined && say(`${d['@type']} without ${k}`));
    switch (d['@type']) {
      case 'Organization':
        need('name', 'url', 'logo');
        absolute(d.logo, 'Organization logo');
        break;
      case 'WebSite':
        need('name', 'url');
        if (d.url !== `${o}/`) say(`WebSite url ${d.url}`);
        break;
      case 'BlogPosting':
        need(
          'headline',
          'description',
          'image',
          'datePublished',
          'dateModified',
          'author',
          'publisher',
          'mainEntityOfPage',
        );
        if (d.headline?.length > 110) say('headline over 110 characters');
        if (!d.author?.name || !d.publisher?.name || !d.publisher?.logo?.url)
          say('BlogPosting author/publisher');
        if (d.mainEntityOfPage?.['@id'] !== canonical) say('mainEntityOfPage is not the canonical');
        for (const url of [].concat(d.image)) absolute(url, 'BlogPosting image');
        if (d.dateModified !== metaProperty(head, 'article:modified_time')[0])
          say('dateModified differs');
        break;
      case 'BreadcrumbList': {
        const items = d.itemListElement ?? [];
        if (items.length < 2) say('BreadcrumbList with fewer than 2 items');
        items.forEach((item, i) => {
          if (item.position !== i + 1 || !item.name) say(`breadcrumb ${i + 1}`);
          absolute(item.item, 'breadcrumb');
        });
        if (items.at(-1)?.item !== canonical) say('the last breadcrumb is not the page');
        break;
      }
      case 'MobileApplication':
        need('name', 'operatingSystem', 'applicationCategory', 'offers', 'aggregateRating');
        if (d.offers?.url !== APP_STORE || d.offers?.price === undefined)
          say(`offer ${JSON.stringify(d.offers)}`);
        if (
          d.aggregateRating?.ratingValue !== '4.7' ||
          d.aggregateRating?.ratingCount !== '1250000'
        )
          say('aggregateRating');
        break;
      default:
        say(`unexpected JSON-LD type ${d['@type']}`);
    }
  }
  const expected =
    site === 'waveads'
      ? canonicalPath?.replace(/^\/(ja|ko|es|pt)\//, '/') === '/'
        ? ['Organization', 'WebSite']
        : ['Organization']
      : site === 'enicf'
        ? canonicalPath === '/'
          ? ['MobileApplication']
          : ['BreadcrumbList']
        : type === 'article'
          ? ['BlogPosting', 'BreadcrumbList']
          : null;
  if (expected !== null && JSON.stringify(types) !== JSON.stringify(expected))
    say(`JSON-LD ${types} (want ${expected})`);

  // Feeds: advertised on every page of a blog.
  const feeds = tags(head, 'link').filter(
    (l) => l.rel === 'alternate' && l.type === 'application/atom+xml',
  );
  if (BLOGS.includes(site) !== (feeds.length === 1)) say(`${feeds.length} feed links`);
  if (feeds[0] && feeds[0].href !== `${o}/feed.xml`) say(`feed link ${feeds[0].href}`);
  return canonical;
}

/** hreflang alternates of a page: hreflang -> URL. */
function alternatesOf(body) {
  return Object.fromEntries(
    tags(headOf(body), 'link')
      .filter((l) => l.rel === 'alternate' && l.hreflang !== undefined)
      .map((l) => [l.hreflang, l.href]),
  );
}

function parseFeed(xml) {
  const script = `
import feedparser, json, sys
d = feedparser.parse(sys.stdin.read())
print(json.dumps({
  "bozo": bool(d.bozo), "error": str(d.get("bozo_exception", "")), "version": d.version,
  "title": d.feed.get("title"), "self": [l.href for l in d.feed.get("links", []) if l.rel == "self"],
  "entries": [{"title": e.get("title"), "link": e.get("link"), "published": e.get("published"),
               "updated": e.get("updated"), "summary": e.get("summary")} for e in d.entries]}))
`;
  const out = spawnSync(PYTHON, ['-c', script], { input: xml, encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout);
}

function xmllint(xml) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-sitemap-'));
  const file = path.join(dir, 'sitemap.xml');
  writeFileSync(file, xml);
  return spawnSync('xmllint', ['--noout', '--schema', SCHEMA, file], { encoding: 'utf8' });
}

for (const [site, hosts] of Object.entries(HOSTS)) {
  for (const host of hosts) {
    describe(`${host} (${site}, origin ${origin(site)})`, () => {
      const o = origin(site);
      let locs = [];
      let sitemapXml = '';

      test('robots.txt allows everything but the /go/ redirects and names the absolute sitemap', async () => {
        const r = await get(host, '/robots.txt');
        assert.equal(r.status, 200);
        assert.match(r.headers['content-type'], /^text\/plain/);
        assert.equal(r.headers['x-robots-tag'], undefined);
        assert.match(r.body, /^User-agent: \*$/m);
        assert.match(r.body, /^Allow: \/$/m);
        // Only the redirects out, whose every visit would count as a reader's click.
        assert.deepEqual(
          [...r.body.matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1]),
          ['/go/'],
        );
        const sitemaps = [...r.body.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]);
        assert.deepEqual(sitemaps, [`${o}/sitemap.xml`]);
      });

      test('the sitemap is valid against the sitemaps.org schema and lists absolute URLs on the origin', async () => {
        const r = await get(host, '/sitemap.xml');
        assert.equal(r.status, 200);
        assert.match(r.headers['content-type'], /xml/);
        sitemapXml = r.body;
        const lint = xmllint(sitemapXml);
        assert.equal(lint.status, 0, lint.stderr);
        locs = [...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1]));
        assert.ok(locs.length > 0);
        assert.equal(new Set(locs).size, locs.length, 'each URL once');
        for (const loc of locs) assert.ok(pathOn(site, loc) !== null, `${loc} is on ${o}`);
      });

      test('every link of every page answers, every page is findable, canonical and complete', async () => {
        const { pages, depth, broken } = await crawl(site, host);
        assert.deepEqual(broken, [], 'broken links');
        const problems = [];
        const canonicalDepth = new Map();
        for (const [at, r] of pages) {
          if (!String(r.headers['content-type']).startsWith('text/html')) continue;
          const canonical = await checkPage(site, host, at, r, problems);
          if (canonical === null) continue;
          canonicalDepth.set(
            canonical,
            Math.min(canonicalDepth.get(canonical) ?? Infinity, depth.get(at)),
          );
          if (!locs.includes(canonical))
            problems.push(`${at}: its canonical ${canonical} is not in the sitemap`);
        }
        // Every sitemap URL: 200, its own canonical, reached from the home page in 3 clicks or less.
        for (const loc of locs) {
          const at = pathOn(site, loc);
          const r = await get(host, at);
          if (r.status !== 200) problems.push(`sitemap ${loc}: ${r.status}`);
          const canonical = linksRel(headOf(r.body), 'canonical').map((l) => l.href);
          if (JSON.stringify(canonical) !== JSON.stringify([loc]))
            problems.push(`sitemap ${loc}: canonical ${canonical}`);
          if (!canonicalDepth.has(loc)) problems.push(`sitemap ${loc}: no link leads to it`);
          else if (canonicalDepth.get(loc) > 3)
            problems.push(`sitemap ${loc}: ${canonicalDepth.get(loc)} clicks deep`);
        }
        assert.deepEqual(problems, []);
        const feed = BLOGS.includes(site)
          ? sitemapXml && (await get(host, '/feed.xml')).body.match(/<entry>/g)?.length
          : undefined;
        figures.push({
          host,
          sitemap: locs.length,
          crawled: pages.size,
          deepest: Math.max(...canonicalDepth.values()),
          feed,
        });
      });

      test('sitemap dates are the content dates: revised, else published', async () => {
        if (!BLOGS.includes(site)) {
          // Pages with no content dates carry none rather than an invented one.
          assert.doesNotMatch(sitemapXml, /<lastmod>/);
          return;
        }
        const entries = [
          ...sitemapXml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>)?/g),
        ];
        const byTitle = new Map(articles(site).map((a) => [a.title, a]));
        let seen = 0;
        for (const [, loc, lastmod] of entries) {
          const head = headOf((await get(host, pathOn(site, loc))).body);
          const a = byTitle.get(metaProperty(head, 'og:title')[0]);
          if (metaProperty(head, 'og:type')[0] !== 'article') continue;
          assert.ok(a, `${loc} is an article of the content`);
          assert.equal(lastmod, isoDay(a.updated ?? a.date), loc);
          assert.equal(metaProperty(head, 'article:published_time')[0], isoDay(a.date));
          seen++;
        }
        assert.equal(seen, articles(site).length, 'every article is in the sitemap');
      });

      if (site === 'waveads') {
        test('every language has its URL, its <html lang>, and the same reciprocal hreflang set', async () => {
          const pagesOf = ['', 'contact-us'];
          for (const page of pagesOf) {
            const urls = Object.fromEntries(
              LANGS.map((l) => [l, `${o}/${l === 'en' ? '' : `${l}/`}${page}`]),
            );
            const cluster = { ...urls, 'x-default': urls.en };
            for (const lang of LANGS) {
              const r = await get(host, pathOn(site, urls[lang]));
              assert.equal(r.status, 200, urls[lang]);
              assert.match(r.body, new RegExp(`<html lang="${lang}">`));
              assert.deepEqual(
                alternatesOf(r.body),
                cluster,
                `${urls[lang]} names every language and itself`,
              );
              const head = headOf(r.body);
              assert.equal(metaProperty(head, 'og:locale:alternate').length, 4);
              assert.ok(locs.includes(urls[lang]), `${urls[lang]} in the sitemap`);
              // The language URLs are the same for every visitor: any cache may keep them. English
              // stays at the URLs the cookie picks the language of, which vary by it.
              assert.equal(
                r.headers.vary,
                lang === 'en' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
              );
            }
            // The sitemap gives each URL the whole cluster as xhtml:link.
            const entry = sitemapXml
              .split('<url>')
              .find((u) => u.includes(`<loc>${urls.ja}</loc>`));
            for (const [lang, url] of Object.entries(cluster)) {
              assert.ok(
                entry.includes(`hreflang="${lang}" href="${url}"`),
                `sitemap alternate ${lang}`,
              );
            }
          }
          // English stays where it was, picked by the cookie: those URLs vary by it.
          const cookieJa = await request(srv.port, '/contact-us', {
            host,
            headers: { Cookie: 'lang=ja' },
          });
          assert.match(cookieJa.body, /<html lang="ja">/);
          assert.equal(cookieJa.headers.vary, 'Accept-Encoding, Cookie');
          assert.deepEqual(
            linksRel(headOf(cookieJa.body), 'canonical').map((l) => l.href),
            [`${o}/ja/contact-us`],
          );
        });
      }

      test('other spellings of a page name one canonical URL', async () => {
        const same = {
          waveads: [
            ['/home', '/'],
            ['/home/', '/'],
            ['/contact-us/', '/contact-us'],
            ['/ja', '/ja/'],
            ['/ko/contact-us/', '/ko/contact-us'],
          ],
          tts1: [
            ['/home', '/'],
            ['/article-detail/01', '/article-detail/1'],
            ['/article-detail/1/', '/article-detail/1'],
          ],
          tts2: [['/home/', '/']],
          kuponz1: [['/home', '/']],
          kuponz2: [
            ['/home', '/'],
            ['/article-detail/002', '/article-detail/2'],
          ],
          enicf: [
            ['/view/ecinf', '/'],
            ['/view/ecinf/', '/'],
          ],
        }[site];
        for (const [spelling, canonical] of same) {
          const r = await get(host, spelling);
          assert.equal(r.status, 200, spelling);
          assert.deepEqual(
            linksRel(headOf(r.body), 'canonical').map((l) => l.href),
            [`${o}${canonical}`],
            spelling,
          );
        }
      });

      test('a 404 is never indexed and leads home; the icons and the web app manifest answer', async () => {
        const missing = [
          '/no-such-page',
          ...(BLOGS.includes(site) ? ['/article-detail/99999', '/article_detail/99999'] : []),
        ];
        let pages404 = 0;
        for (const at of missing) {
          const r = await get(host, at);
          if (r.status !== 404) continue; // the other blog family's detail prefix is not a route here
          pages404++;
          const head = headOf(r.body);
          assert.deepEqual(metaName(head, 'robots'), ['noindex'], at);
          assert.equal(linksRel(head, 'canonical').length, 0, `${at} names no canonical`);
          if (at === '/no-such-page') {
            assert.ok(
              tags(r.body, 'a').some((a) => a.href === '/'),
              '404 links home',
            );
            assert.match(r.body, /404 - 页面未找到/);
            assert.match(r.body, /您访问的页面不存在。/);
          }
        }
        assert.ok(pages404 >= (BLOGS.includes(site) ? 2 : 1));
        const ico = await get(host, '/favicon.ico');
        assert.equal(ico.status, 200);
        assert.equal(ico.headers['content-type'], 'image/x-icon');
        assert.deepEqual([...ico.raw.subarray(0, 4)], [0, 0, 1, 0]);
        const touch = await get(host, '/apple-touch-icon.png');
        assert.equal(touch.status, 200);
        assert.deepEqual(imageSize(touch.raw), { type: 'image/png', width: 180, height: 180 });
      });

      if (BLOGS.includes(site)) {
        test('the feed parses with feedparser and lists every article with link, date and summary', async () => {
          const r = await get(host, '/feed.xml');
          assert.equal(r.status, 200);
          assert.match(r.headers['content-type'], /^application\/atom\+xml/);
          const feed = parseFeed(r.body);
          assert.equal(feed.bozo, false, feed.error);
          assert.equal(feed.version, 'atom10');
          assert.ok(feed.title);
          assert.deepEqual(feed.self, [`${o}/feed.xml`]);
          assert.equal(feed.entries.length, articles(site).length);
          for (const e of feed.entries) {
            assert.ok(e.title && e.summary && e.published && e.updated, JSON.stringify(e));
            assert.ok(locs.includes(e.link), `${e.link} is a sitemap URL`);
          }
        });
      }
    });
  }
}

describe('a host nobody configured: the prefixed route set, never indexed', () => {
  const host = 'unknown-host.crawl-check.test';

  test('robots.txt disallows everything and names no sitemap', async () => {
    const r = await get(host, '/robots.txt');
    assert.equal(r.status, 200);
    assert.equal(r.body, 'User-agent: *\nDisallow: /\n');
    assert.equal(r.headers['x-robots-tag'], 'noindex');
    assert.equal((await get(host, '/sitemap.xml')).status, 404);
    assert.equal((await get(host, '/feed.xml')).status, 404);
  });

  test('every answer, from the 404 page through every site it links, says noindex', async () => {
    const root = await get(host, '/');
    assert.equal(root.status, 404);
    assert.deepEqual(metaName(headOf(root.body), 'robots'), ['noindex']);
    const entries = tags(root.body, 'a').map((a) => a.href);
    assert.equal(entries.length, Object.keys(HOSTS).length, 'the 404 page links every site');
    const seen = new Set(entries);
    const queue = [...entries];
    const problems = [];
    while (queue.length > 0) {
      const at = queue.shift();
      const r = await get(host, at);
      if (r.status !== 200) problems.push(`${at}: ${r.status}`);
      if (r.headers['x-robots-tag'] !== 'noindex')
        problems.push(`${at}: X-Robots-Tag ${r.headers['x-robots-tag']}`);
      const head = headOf(r.body);
      if (linksRel(head, 'canonical').length > 0 || metaProperty(head, 'og:url').length > 0) {
        problems.push(`${at}: a copy names a canonical or a card`);
      }
      for (const a of tags(r.body, 'a')) {
        if (!a.href?.startsWith('/') || seen.has(a.href)) continue;
        seen.add(a.href);
        if (a.href.startsWith('/go/')) {
          // A link out names its site, which this host does not, and is never indexed either.
          const out = await get(host, a.href.replaceAll('&amp;', '&'));
          if (out.status !== 302 || out.headers['x-robots-tag'] !== 'noindex, nofollow')
            problems.push(`${a.href}: ${out.status}`);
          if (a.href.includes('from=') && !/[?&]site=(tts[123]|kuponz[12])(&|$)/.test(a.href))
            problems.push(`${a.href}: no site`);
          continue;
        }
        queue.push(a.href);
      }
      for (const l of tags(head, 'link')) {
        if (!l.href?.startsWith('/') || seen.has(l.href)) continue;
        const file = await get(host, l.href);
        if (file.headers['x-robots-tag'] !== 'noindex') problems.push(`${l.href}: X-Robots-Tag`);
      }
    }
    assert.deepEqual(problems, []);
    // Every site, the one without a host included, is there under its prefix.
    assert.ok([...seen].some((p) => p.startsWith('/tts3/article-detail/')));
    assert.ok(seen.has('/waveads/ja/home'));
    assert.ok(seen.size > 60, `${seen.size} pages`);
    for (const at of [
      '/favicon.ico',
      '/apple-touch-icon.png',
      '/api/health',
      '/tts1/article-detail/99999',
    ]) {
      assert.equal((await get(host, at)).headers['x-robots-tag'], 'noindex', at);
    }
  });
});
