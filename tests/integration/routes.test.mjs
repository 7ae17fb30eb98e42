// Every route of every route set, on every kind of host, by status and a key text, against the real binary.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { HOSTS, articles, request, startServer, textOf } from './harness.mjs';

const NOT_FOUND = ['404 - 页面未找到', '您访问的页面不存在。'];

/** What each site must show; `list` = how many article titles its home lists. */
const SITES = {
  tts1: { detail: 'article-detail', numeric: true, home: ['GlowBack'], list: 11 },
  tts2: { detail: 'article-detail', numeric: false, home: ['Read More →'], list: 8 },
  tts3: { detail: 'article-detail', numeric: true, home: ['Welcome To Youadsmedia-Top'], list: 6 },
  kuponz1: {
    detail: 'article_detail',
    numeric: false,
    home: [
      'Your Ultimate Guide to Smart Savings & Exclusive Deals',
      'Copyright © 2026 Kuponz. All Rights Reserved.',
      'Read More →',
    ],
    list: 10,
  },
  kuponz2: { detail: 'article-detail', numeric: true, home: ['HOME', 'FRANCE'], list: 10 },
};
const FRANCE =
  'Discover timeless beauty, rich culture, and romantic landscapes that inspire wanderlust.';

let srv;
before(async () => {
  srv = await startServer();
});
after(async () => {
  const { code } = await srv.stop();
  assert.equal(code, 0, 'SIGTERM stops the server with status 0');
});

async function page(target, host) {
  const r = await request(srv.port, target, { host });
  return { ...r, text: textOf(r.body) };
}

function titlesIn(text, site) {
  return articles(site).filter((a) => text.includes(a.title));
}

function routeSets(site) {
  const prefix = `/${site}`;
  return [
    {
      name: 'prefixed set on an unknown host',
      host: 'somewhere-else.test',
      base: prefix,
      homes: [`${prefix}/home`],
    },
    {
      name: 'prefixed set on the loopback address',
      host: undefined,
      base: prefix,
      homes: [`${prefix}/home`],
    },
    ...HOSTS[site].map((h) => ({
      name: `online on ${h}`,
      host: h,
      base: '',
      homes: ['/', '/home'],
    })),
  ];
}

for (const [site, spec] of Object.entries(SITES)) {
  describe(site, () => {
    for (const v of routeSets(site)) {
      test(`${v.name}: home`, async () => {
        for (const home of v.homes) {
          const r = await page(home, v.host);
          assert.equal(r.status, 200, `${home} on ${v.host}`);
          assert.match(r.headers['content-type'], /^text\/html; charset=utf-8$/);
          for (const t of spec.home) assert.ok(r.text.includes(t), `${home} shows "${t}"`);
          assert.ok(r.text.includes('2026'), 'copyright year');
          assert.equal(
            titlesIn(r.text, site).length,
            spec.list,
            `${home} lists ${spec.list} articles`,
          );
          assert.ok(!r.text.includes(NOT_FOUND[0]));
        }
      });

      test(`${v.name}: every article, and the id rule`, async () => {
        const all = articles(site);
        assert.ok(all.length >= spec.list, 'content is present');
        for (const a of all) {
          const r = await page(`${v.base}/${spec.detail}/${a.id}`, v.host);
          assert.equal(r.status, 200, `${site} article ${a.id}`);
          assert.ok(r.text.includes(a.title), `article ${a.id} shows its title`);
        }
        const first = all[0];
        const padded = await page(`${v.base}/${spec.detail}/0${first.id}`, v.host);
        if (spec.numeric) {
          assert.equal(padded.status, 200, '01 is article 1 on a numeric site');
          assert.ok(padded.text.includes(first.title));
        } else {
          assert.equal(padded.status, 404, '01 is not article 1 on a string-id site');
          assert.equal(titlesIn(padded.text, site).length, 0, 'the empty article');
        }
        for (const bad of ['9', '999', 'abc', '1x', '%20']) {
          if (all.some((a) => String(a.id) === bad)) continue;
          const r = await page(`${v.base}/${spec.detail}/${bad}`, v.host);
          assert.equal(r.status, 404, `${bad} is unknown`);
          assert.equal(
            titlesIn(r.text, site).length,
            0,
            `${bad}: the empty article shows no article`,
          );
          assert.ok(!r.text.includes(NOT_FOUND[0]), `${bad}: the empty article, not the 404 page`);
          assert.ok(r.text.includes('2026'), `${bad}: the empty article keeps the site's footer`);
        }
      });

      test(`${v.name}: anything else is the 404 page`, async () => {
        const others = v.base
          ? ['/', '/home', `${v.base}/nope`, `${v.base}`, '/contact-us']
          : ['/nope', `/${site}/home`, '/waveads/home', '/view/ecinf/x'];
        for (const p of others) {
          const r = await page(p, v.host);
          assert.equal(r.status, 404, `${p} on ${v.host}`);
          for (const t of NOT_FOUND) assert.ok(r.text.includes(t), `${p} shows the 404 text`);
        }
      });
    }
  });
}

describe('kuponz2 France page', () => {
  for (const [target, host] of [
    ['/kuponz2/france', undefined],
    ['/france', HOSTS.kuponz2[0]],
    ['/france', HOSTS.kuponz2[1]],
  ]) {
    test(`${target} on ${host ?? 'the prefixed set'}`, async () => {
      const r = await page(target, host);
      assert.equal(r.status, 200);
      assert.ok(r.text.includes(FRANCE));
    });
  }
  test('France is not a page of the other shops', async () => {
    assert.equal((await page('/france', HOSTS.tts1[0])).status, 404);
    assert.equal((await page('/france', 'any.test')).status, 404);
  });
});

describe('waveads', () => {
  test('prefixed set: home and contact', async () => {
    const home = await page('/waveads/home', 'x.test');
    assert.equal(home.status, 200);
    assert.ok(home.text.includes('The Digital Wave Rider'));
    const contact = await page('/waveads/contact-us', 'x.test');
    assert.equal(contact.status, 200);
    assert.ok(contact.text.includes('Get in touch'));
    assert.equal((await page('/contact-us', 'x.test')).status, 404);
  });
  test('the global host: /, /home and /contact-us only', async () => {
    const host = HOSTS.waveads[0];
    for (const p of ['/', '/home']) {
      const r = await page(p, host);
      assert.equal(r.status, 200, p);
      assert.ok(r.text.includes('The Digital Wave Rider'), p);
      assert.match(
        r.body,
        /href="\/contact-us"/,
        'CONTACT US goes to /contact-us on the global host',
      );
    }
    const contact = await page('/contact-us', host);
    assert.equal(contact.status, 200);
    assert.ok(contact.text.includes('Get in touch'));
    for (const p of ['/waveads/home', '/waveads/contact-us', '/tts1/home', '/nope']) {
      assert.equal((await page(p, host)).status, 404, p);
    }
    const test = await page('/waveads/home', 'x.test');
    assert.match(
      test.body,
      /href="\/waveads\/contact-us"/,
      'CONTACT US stays under the prefix elsewhere',
    );
  });
  test('each language is prerendered and picked by the lang cookie', async () => {
    for (const lang of ['en', 'ja', 'ko', 'es', 'pt']) {
      const r = await request(srv.port, '/waveads/home', { headers: { Cookie: `lang=${lang}` } });
      assert.equal(r.status, 200);
      assert.match(r.body, new RegExp(`<html[^>]* lang="${lang}"`), lang);
      assert.match(r.headers.vary, /Cookie/);
    }
    const fallback = await request(srv.port, '/waveads/home', { headers: { Cookie: 'lang=xx' } });
    assert.match(fallback.body, /<html[^>]* lang="en"/);
  });
});

describe('enicf landing', () => {
  test('prefixed route and online routes', async () => {
    for (const [p, host] of [
      ['/view/ecinf', undefined],
      ['/', HOSTS.enicf[0]],
      ['/view/ecinf', HOSTS.enicf[0]],
    ]) {
      const r = await page(p, host);
      assert.equal(r.status, 200, `${p} on ${host}`);
      assert.ok(r.text.includes('Block Blast!'));
    }
    assert.equal((await page('/enicf/home', HOSTS.enicf[0])).status, 404);
    assert.equal((await page('/', 'x.test')).status, 404);
  });
});

describe('host matching', () => {
  test('case, port and a trailing dot do not matter', async () => {
    const host = HOSTS.tts3[0];
    for (const h of [
      host.toUpperCase(),
      `${host}:8080`,
      `${host}.`,
      `${host.toUpperCase()}.:1234`,
    ]) {
      const r = await page('/home', h);
      assert.equal(r.status, 200, h);
      assert.ok(r.text.includes('Welcome To Youadsmedia-Top'), h);
    }
  });
});

describe('headers', () => {
  test('security headers and CSP on pages, errors and the API', async () => {
    for (const p of ['/tts1/home', '/nope', '/healthz', '/waveads/home']) {
      const r = await request(srv.port, p);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', p);
      assert.equal(r.headers['referrer-policy'], 'strict-origin-when-cross-origin', p);
      assert.equal(r.headers['x-frame-options'], 'DENY', p);
      const csp = r.headers['content-security-policy'];
      assert.match(csp, /frame-ancestors 'none'/, p);
      const scriptSrc = /script-src ([^;]*)/.exec(csp);
      if (scriptSrc) assert.doesNotMatch(scriptSrc[1], /unsafe-inline|unsafe-eval|\*/, p);
      assert.doesNotMatch(csp, /unsafe/, p);
    }
  });

  test('inline scripts are allowed only by hash', async () => {
    const r = await request(srv.port, '/waveads/home');
    const inline = [
      ...r.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g),
    ].filter((m) => !/type="application\/(json|ld\+json)"/.test(m[1]) && m[2].trim() !== '');
    const csp = r.headers['content-security-policy'];
    const { createHash } = await import('node:crypto');
    for (const m of inline) {
      const hash = `'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`;
      assert.ok(csp.includes(hash), `inline script is hashed in the CSP: ${m[2].slice(0, 60)}`);
    }
  });

  test('ETag, 304, HEAD and encodings', async () => {
    const plain = await request(srv.port, '/tts2/home');
    assert.equal(plain.headers['cache-control'], 'no-cache');
    assert.match(plain.headers.vary, /Accept-Encoding/);
    const etag = plain.headers.etag;
    assert.ok(etag);
    const again = await request(srv.port, '/tts2/home', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.raw.length, 0);
    const head = await request(srv.port, '/tts2/home', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-length'], plain.headers['content-length']);
    assert.equal(head.raw.length, 0);
    const br = await request(srv.port, '/tts2/home', {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.body, plain.body);
    assert.ok(br.raw.length < plain.raw.length);
    const gz = await request(srv.port, '/tts2/home', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.body, plain.body);
    assert.notEqual(gz.headers.etag, etag);
  });

  test('hashed assets are immutable and precompressed', async () => {
    const home = await request(srv.port, '/waveads/home');
    const assets = [...home.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    assert.ok(assets.length > 0, 'the page links hashed assets');
    for (const a of assets) {
      const r = await request(srv.port, a, { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(r.status, 200, a);
      assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable', a);
      if (/\.(js|css)$/.test(a) && Number(r.headers['content-length']) > 1024)
        assert.equal(r.headers['content-encoding'], 'br', a);
    }
  });

  test('health and readiness', async () => {
    assert.equal((await request(srv.port, '/healthz')).status, 200);
    assert.equal((await request(srv.port, '/readyz')).status, 200);
  });
});
