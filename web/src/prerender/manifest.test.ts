// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildRouting, defineRoutes } from '../shared/routes/route-set';
import { buildManifest, checkManifest, type ManifestPage } from './manifest';

const blog = defineRoutes({
  site: 'blog',
  pages: [{ page: 'home', prefixed: ['/blog/home'], online: ['/', '/home'] }],
  details: [
    {
      page: 'article',
      prefixed: '/blog/article-detail/',
      online: '/article-detail/',
      id: 'number',
    },
  ],
});
const ads = defineRoutes({
  site: 'ads',
  pages: [{ page: 'home', prefixed: ['/ads/home'], online: ['/'] }],
  details: [],
  langs: { list: ['en', 'ja'], default: 'en' },
});

function pagesFor(ids: readonly string[]): Record<string, ManifestPage> {
  const pages: Record<string, ManifestPage> = {
    'not-found': { file: 'pages/not-found.html' },
    'not-found-prefixed': { file: 'pages/not-found-prefixed.html' },
  };
  for (const id of ids) pages[id] = { file: `pages/${id}.html` };
  return pages;
}

describe('buildManifest', () => {
  const routing = buildRouting([blog, ads], { blog: { article: ['1', '2'] } });
  const blogIds = routing.pages.filter((p) => p.site === 'blog').map((p) => p.id);
  const pages: Record<string, ManifestPage> = {
    ...pagesFor(blogIds),
    'ads-prefixed-home': {
      langs: { en: 'pages/prefixed/ads/home.en.html', ja: 'pages/prefixed/ads/home.ja.html' },
      default_lang: 'en',
    },
    'ads-online-home': {
      langs: { en: 'pages/online/ads/home.en.html', ja: 'pages/online/ads/home.ja.html' },
      default_lang: 'en',
    },
    'ads-prefixed-home-ja': { file: 'pages/prefixed/ads/ja/home.html' },
    'ads-online-home-ja': { file: 'pages/online/ads/ja/home.html' },
  };
  const manifest = buildManifest({
    routing,
    settings: { 'shop.link': { type: 'url', default: 'https://shop.example/' } },
    pages: {
      ...pages,
      'not-found': {
        file: 'pages/not-found.html',
        fill: ['shop.link'],
        csp: { 'img-src': ['shop.link'] },
      },
    },
    alias: new Map(),
    statics: [
      { path: '/favicon.svg', file: 'favicon.svg', immutable: false },
      { path: '/assets/a-1234.js', file: 'assets/a-1234.js', immutable: true },
    ],
    links: new Map([
      ['shop', { url: 'https://shop.example/', subid_param: 'subid' }],
      ['app', { url: '{{shop.link}}', ios: 'https://apps.apple.com/app/id1' }],
    ]),
    crawlers: { literals: ['Googlebot/'], patterns: ['^curl'] },
    dashboard: 'pages/stats.html',
    views: { 'pages/online/ads/home.en.html': { path: '/', lang: 'en' } },
  });

  it('has the shape of docs/manifest.md', () => {
    expect(Object.keys(manifest)).toEqual([
      'version',
      'settings',
      'route_sets',
      'pages',
      'static',
      'links',
      'crawlers',
      'dashboard',
      'views',
    ]);
    expect(manifest.views).toEqual({ 'pages/online/ads/home.en.html': { path: '/', lang: 'en' } });
    expect(manifest.dashboard).toBe('pages/stats.html');
    expect(manifest.links.app).toEqual({
      url: '{{shop.link}}',
      ios: 'https://apps.apple.com/app/id1',
    });
    expect(manifest.version).toBe(2);
    expect(manifest.settings['shop.link']).toEqual({
      type: 'url',
      default: 'https://shop.example/',
    });
    expect(Object.keys(manifest.route_sets)).toEqual(['prefixed', 'blog', 'ads']);
    expect(manifest.route_sets.prefixed).toEqual({
      routes: {
        '/blog/home': 'blog-prefixed-home',
        '/ads/home': 'ads-prefixed-home',
        '/ads/ja/home': 'ads-prefixed-home-ja',
      },
      headers: { 'X-Robots-Tag': 'noindex' },
      details: [
        {
          prefix: '/blog/article-detail/',
          id: 'number',
          ids: { '1': 'blog-prefixed-article-1', '2': 'blog-prefixed-article-2' },
          empty: 'blog-prefixed-article-empty',
        },
      ],
      not_found: 'not-found-prefixed',
    });
    expect(manifest.route_sets.blog).toEqual({
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
      prefixed_entry: '/blog/home',
    });
    expect(manifest.route_sets.ads).toEqual({
      routes: { '/': 'ads-online-home', '/ja': 'ads-online-home-ja' },
      details: [],
      not_found: 'not-found',
      prefixed_entry: '/ads/home',
    });
    expect(manifest.pages['ads-prefixed-home']).toEqual({
      langs: { en: 'pages/prefixed/ads/home.en.html', ja: 'pages/prefixed/ads/home.ja.html' },
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
      routing,
      settings: {},
      pages: rest,
      alias: new Map([['blog-online-home', 'blog-prefixed-home']]),
      statics: [],
      links: new Map(),
      crawlers: { literals: [], patterns: [] },
    });
    expect('dashboard' in deduped).toBe(false);
    expect(deduped.route_sets.blog!.routes).toEqual({
      '/': 'blog-prefixed-home',
      '/home': 'blog-prefixed-home',
    });
    expect(checkManifest(deduped, () => true)).toEqual([]);
  });
});

describe('checkManifest', () => {
  const routing = buildRouting([blog], { blog: { article: ['1'] } });
  const ids = routing.pages.map((p) => p.id);

  it('reports missing files, unknown and unused pages, bad statics', () => {
    const { 'blog-prefixed-home': _missing, ...pages } = pagesFor(ids);
    const manifest = buildManifest({
      routing,
      settings: {},
      pages: { ...pages, orphan: { file: 'pages/orphan.html' } },
      alias: new Map(),
      statics: [{ path: '/x.js', file: 'y.js', immutable: false }],
      links: new Map([['app', { url: '{{shop.link}}' }]]),
      crawlers: { literals: [], patterns: [] },
    });
    const problems = checkManifest(manifest, (f) => f !== 'pages/blog-prefixed-article-1.html');
    expect(problems).toEqual(
      expect.arrayContaining([
        'prefixed /blog/home: unknown page id "blog-prefixed-home"',
        'page "orphan" is not used by any route set',
        'page "blog-prefixed-article-1": missing pages/blog-prefixed-article-1.html',
        'static /x.js does not match its file y.js',
        'link app: setting shop.link is not declared by any page',
      ]),
    );
  });

  it('checks the dashboard file, which no route set uses', () => {
    const manifest = (dashboard: string) =>
      buildManifest({
        routing,
        settings: {},
        pages: pagesFor(ids),
        alias: new Map(),
        statics: [],
        links: new Map(),
        crawlers: { literals: [], patterns: [] },
        dashboard,
      });
    expect(checkManifest(manifest('pages/stats.html'), () => true)).toEqual([]);
    expect(checkManifest(manifest('pages/stats.html'), (f) => f !== 'pages/stats.html')).toEqual([
      'dashboard: missing pages/stats.html',
    ]);
    expect(checkManifest(manifest('../stats.html'), () => true)).toEqual([
      'dashboard: "../stats.html" is not an HTML file under pages/',
    ]);
  });
});
