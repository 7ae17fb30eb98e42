// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlDocument } from './html-document';

describe('htmlDocument', () => {
  const html = htmlDocument({
    lang: 'ja',
    title: 'A <b> & "c"',
    description: "It's",
    favicon: '/favicons/x.svg',
    stylesheets: ['/assets/a.css'],
    modulePreloads: ['/assets/r.js'],
    scripts: ['/assets/s.js'],
    prefetch: ['/tts1/article-detail/1', '/a?b="c"'],
    rootData: { page: 'home', 'route-set': 'prefixed' },
    body: '<main>hi</main>',
  });

  it('sets the language, title, description, viewport and favicon', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="ja">')).toBe(true);
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(html).toContain('<meta name="description" content="It&#39;s">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<link rel="icon" href="/favicons/x.svg" type="image/svg+xml">');
  });

  it('links external scripts and stylesheets only', () => {
    expect(html).toContain('<script type="module" src="/assets/s.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/r.js">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/a.css">');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(html).not.toContain('style=');
  });

  it('prefetches the pages a visitor is likely to open next', () => {
    expect(html).toContain('<link rel="prefetch" href="/tts1/article-detail/1">');
    expect(html).toContain('<link rel="prefetch" href="/a?b=&quot;c&quot;">');
  });

  it('puts the page in #root with its data attributes', () => {
    expect(html).toContain(
      '<div id="root" data-page="home" data-route-set="prefixed"><main>hi</main></div>',
    );
  });

  it('escapes text', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
