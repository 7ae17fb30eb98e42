// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildRouteSets, defineRoutes } from '../shared/routes/route-set';
import { buildManifest, checkManifest, type ManifestPage } from './manifest';

const blog = defineRoutes({
  site: 'blog',
  pages: [{ page: 'home', test: ['/blog/home'], online: ['/', '/home'] }],
  details: [
    { page: 'article', test: '/blog/article-detail/', online: '/article-detail/', id: 'number' },
  ],
});
const ads = defineRoutes({
  site: 'ads',
  pages: [{ page: 'home', test: ['/ads/home'], online: ['/'] }],
  details: [],
  langs: { list: ['en', 'ja'], default: 'en' },
});

function pagesFor(ids: readonly string[]): Record<string, ManifestPage> {
  const pages: Record<string, ManifestPage> = { 'not-found': { file: 'pages/not-found.html' } };
  for (const id of ids) pages[id] = { file: `pages/${id}.html` };
  return pages;
}

describe('buildManifest', () => {
  const routeSets = buildRouteSets([blog, ads], { blog: { article: ['1', '2'] } });
  const blogIds = routeSets.pages.filter((p) => p.site === 'blog').map((p) => p.id);
  const pages: Record<string, ManifestPage> = {
    ...pagesFor(blogIds),
    'ads-test-home': {
      langs: { en: 'pages/test/ads/home.en.html', ja: 'pages/test/ads/home.ja.html' },
      default_lang: 'en',
    },
    'ads-online-home': {
      langs: { en: 'pages/online/ads/home.en.html', ja: 'pages/online/ads/home.ja.html' },
      default_lang: 'en',
    },
  };
  const manifest = buildManifest({
    routeSets,
    pages,
    alias: new Map(),
    statics: [
      { path: '/favicon.svg', file: 'favicon.svg', immutable: false },
      { path: '/assets/a-1234.js', file: 'assets/a-1234.js', immutable: true },
    ],
  });

  it('has the shape of docs/manifest.md', () => {
    expect(Object.keys(manifest)).toEqual(['version', 'variants', 'pages', 'static']);
    expect(manifest.version).toBe(1);
    expect(Object.keys(manifest.variants)).toEqual(['test', 'blog', 'ads']);
    expect(manifest.variants.test).toEqual({
      routes: { '/blog/home': 'blog-test-home', '/ads/home': 'ads-test-home' },
      details: [
        {
          prefix: '/blog/article-detail/',
          id: 'number',
          ids: { '1': 'blog-test-article-1', '2': 'blog-test-article-2' },
          empty: 'blog-test-article-empty',
        },
      ],
      not_found: 'not-found',
    });
    expect(manifest.variants.blog).toEqual({
      routes: { '/': 'blog-online-home', '/home': 'blog-online-home' },
      details: [
        {
          prefix: '/article-detail/',
          id: 'number',
          ids: { '1': 'blog-online-article-1', '2': 'blog-online-article-2' },
          empty: 'blog-online-article-empty',
        },
      ],
      not_found: 'not-found',
      test_entry: '/blog/home',
    });
    expect(manifest.variants.ads).toEqual({
      routes: { '/': 'ads-online-home' },
      details: [],
      not_found: 'not-found',
      test_entry: '/ads/home',
    });
    expect(manifest.pages['ads-test-home']).toEqual({
      langs: { en: 'pages/test/ads/home.en.html', ja: 'pages/test/ads/home.ja.html' },
      default_lang: 'en',
    });
    expect(manifest.static).toEqual([
      { path: '/assets/a-1234.js', file: 'assets/a-1234.js', immutable: true },
      { path: '/favicon.svg', file: 'favicon.svg', immutable: false },
    ]);
  });

  it('round-trips through JSON unchanged', () => {
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
  });

  it('passes its own checks when every file exists', () => {
    expect(checkManifest(manifest, () => true)).toEqual([]);
  });

  it('points deduped pages at the page they duplicate', () => {
    const { 'blog-online-home': _dropped, ...rest } = pages;
    const deduped = buildManifest({
      routeSets,
      pages: rest,
      alias: new Map([['blog-online-home', 'blog-test-home']]),
      statics: [],
    });
    expect(deduped.variants.blog!.routes).toEqual({
      '/': 'blog-test-home',
      '/home': 'blog-test-home',
    });
    expect(checkManifest(deduped, () => true)).toEqual([]);
  });
});

describe('checkManifest', () => {
  const routeSets = buildRouteSets([blog], { blog: { article: ['1'] } });
  const ids = routeSets.pages.map((p) => p.id);

  it('reports missing files, unknown and unused pages, bad statics', () => {
    const { 'blog-test-home': _missing, ...pages } = pagesFor(ids);
    const manifest = buildManifest({
      routeSets,
      pages: { ...pages, orphan: { file: 'pages/orphan.html' } },
      alias: new Map(),
      statics: [{ path: '/x.js', file: 'y.js', immutable: false }],
    });
    const problems = checkManifest(manifest, (f) => f !== 'pages/blog-test-article-1.html');
    expect(problems).toEqual(
      expect.arrayContaining([
        'test /blog/home: unknown page id "blog-test-home"',
        'page "orphan" is not used by any variant',
        'page "blog-test-article-1": missing pages/blog-test-article-1.html',
        'static /x.js does not match its file y.js',
      ]),
    );
  });
});
