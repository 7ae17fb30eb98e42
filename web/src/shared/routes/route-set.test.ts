// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  buildRouting,
  defineRoutes,
  detailPath,
  EMPTY_ARTICLE_SEGMENT,
  isPagePath,
  localizedPath,
  pagePath,
  PREFIXED_HEADERS,
  routerPatterns,
  type SiteRoutes,
} from './route-set';

const blog = defineRoutes({
  site: 'blog',
  pages: [
    { page: 'home', prefixed: ['/blog/home'], online: ['/', '/home'] },
    { page: 'about', prefixed: ['/blog/about'], online: ['/about'] },
  ],
  details: [{ page: 'post', prefixed: '/blog/post/', online: '/post/', id: 'number' }],
});

const shop = defineRoutes({
  site: 'shop',
  pages: [{ page: 'home', prefixed: ['/shop/home'], online: ['/'] }],
  details: [{ page: 'item', prefixed: '/shop/item/', online: '/item/', id: 'string' }],
  langs: { list: ['en', 'ja'], default: 'en' },
});

describe('buildRouting', () => {
  const routing = buildRouting([blog, shop], {
    blog: { post: ['1', '12'] },
    shop: { item: ['a-1'] },
  });

  it('builds the prefixed route set from every site and one online route set per site', () => {
    expect(Object.keys(routing.sets)).toEqual(['prefixed', 'blog', 'shop']);
    expect(routing.sets.prefixed!.routes).toEqual({
      '/blog/home': 'blog-prefixed-home',
      '/blog/about': 'blog-prefixed-about',
      '/shop/home': 'shop-prefixed-home',
      '/shop/ja/home': 'shop-prefixed-home-ja',
    });
    expect(routing.sets.prefixed!.headers).toEqual(PREFIXED_HEADERS);
    expect(routing.sets.prefixed!.notFound).toBe('not-found-prefixed');
    expect(routing.sets.blog!.notFound).toBe('not-found');
    expect(routing.sets.shop!.routes).toEqual({
      '/': 'shop-online-home',
      '/ja': 'shop-online-home-ja',
    });
    expect(routing.sets.blog!.routes).toEqual({
      '/': 'blog-online-home',
      '/home': 'blog-online-home',
      '/about': 'blog-online-about',
    });
    expect(routing.sets.shop!.details).toEqual([
      {
        prefix: '/item/',
        id: 'string',
        ids: { 'a-1': 'shop-online-item-a-1' },
        empty: 'shop-online-item-empty',
      },
    ]);
  });

  it('lists one page per route, known id and empty detail page', () => {
    const post = routing.pages.filter(
      (p) => p.site === 'blog' && p.routeSet === 'prefixed' && p.page === 'post',
    );
    expect(post).toEqual([
      {
        id: 'blog-prefixed-post-1',
        site: 'blog',
        routeSet: 'prefixed',
        page: 'post',
        path: '/blog/post/1',
        articleId: '1',
        file: 'pages/prefixed/blog/post/1.html',
      },
      {
        id: 'blog-prefixed-post-12',
        site: 'blog',
        routeSet: 'prefixed',
        page: 'post',
        path: '/blog/post/12',
        articleId: '12',
        file: 'pages/prefixed/blog/post/12.html',
      },
      {
        id: 'blog-prefixed-post-empty',
        site: 'blog',
        routeSet: 'prefixed',
        page: 'post',
        path: `/blog/post/${EMPTY_ARTICLE_SEGMENT}`,
        articleId: null,
        file: 'pages/prefixed/blog/post-empty.html',
      },
    ]);
    const shopHome = routing.pages.find((p) => p.id === 'shop-online-home');
    expect(shopHome?.file).toBe('pages/online/shop/home.{lang}.html');
    expect(shopHome?.langs).toEqual({ list: ['en', 'ja'], default: 'en' });
    // The page at its language's own URL is a page of its own.
    expect(routing.pages.find((p) => p.id === 'shop-online-home-ja')).toEqual({
      id: 'shop-online-home-ja',
      site: 'shop',
      routeSet: 'online',
      page: 'home',
      path: '/ja',
      file: 'pages/online/shop/ja/home.html',
      lang: 'ja',
    });
  });

  it('routes file routes to their site or to the prefixed set, and rejects unknown sites', () => {
    const withFiles = buildRouting([blog], {}, [
      { site: 'blog', path: '/robots.txt', id: 'blog-robots', file: 'files/blog/robots.txt' },
      { site: null, path: '/robots.txt', id: 'prefixed-robots', file: 'files/robots.txt' },
    ]);
    expect(withFiles.sets.blog!.routes['/robots.txt']).toBe('blog-robots');
    expect(withFiles.sets.prefixed!.routes['/robots.txt']).toBe('prefixed-robots');
    expect(() =>
      buildRouting([blog], {}, [{ site: 'nope', path: '/x', id: 'x', file: 'x' }]),
    ).toThrow(/no site "nope"/);
  });

  it('rejects a path defined twice in one route set', () => {
    const clash = defineRoutes({
      site: 'other',
      pages: [{ page: 'home', prefixed: ['/blog/home'], online: ['/'] }],
      details: [],
    });
    expect(() => buildRouting([blog, clash], {})).toThrow(/"\/blog\/home" defined twice/);
  });

  it('rejects overlapping detail prefixes and exact paths', () => {
    const overlap: SiteRoutes = {
      site: 'over',
      pages: [{ page: 'home', prefixed: ['/blog/post/x'], online: ['/'] }],
      details: [],
    };
    expect(() => buildRouting([blog, overlap], {})).toThrow(/overlaps/);
  });

  it('rejects malformed paths, names and ids', () => {
    const bad =
      (routes: SiteRoutes, ids = {}) =>
      () =>
        buildRouting([routes], ids);
    expect(
      bad({
        site: 'x',
        pages: [{ page: 'home', prefixed: ['/x/home/'], online: ['/'] }],
        details: [],
      }),
    ).toThrow(/invalid path/);
    expect(
      bad({
        site: 'x',
        pages: [{ page: 'Home', prefixed: ['/x/home'], online: ['/'] }],
        details: [],
      }),
    ).toThrow(/invalid page name/);
    expect(bad({ site: 'prefixed', pages: [], details: [] })).toThrow(/invalid site name/);
    expect(
      bad({
        site: 'x',
        pages: [],
        details: [{ page: 'post', prefixed: '/x/post', online: '/post/', id: 'number' }],
      }),
    ).toThrow(/invalid prefix/);
    expect(bad(blog, { blog: { post: ['a/b'] } })).toThrow(/cannot name a page/);
  });
});

describe('links', () => {
  it('point inside the route set', () => {
    expect(pagePath(blog, 'home', 'prefixed')).toBe('/blog/home');
    expect(pagePath(blog, 'home', 'online')).toBe('/');
    expect(detailPath(blog, 'post', 'prefixed', '3')).toBe('/blog/post/3');
    expect(detailPath(blog, 'post', 'online', '3')).toBe('/post/3');
  });

  it('put a language first on a site host and after the prefix on the prefixed set', () => {
    expect(pagePath(shop, 'home', 'online', 'ja')).toBe('/ja/');
    expect(pagePath(shop, 'home', 'online', 'en')).toBe('/');
    expect(pagePath(shop, 'home', 'prefixed', 'ja')).toBe('/shop/ja/home');
    expect(localizedPath('online', '/contact-us', 'ko')).toBe('/ko/contact-us');
    expect(localizedPath('prefixed', '/shop/contact-us', 'ko')).toBe('/shop/ko/contact-us');
    expect(() => localizedPath('prefixed', '/shop', 'ko')).toThrow(/no site prefix/);
  });

  it('tell the active page from the path', () => {
    expect(isPagePath(blog, 'home', 'online', '/')).toBe(true);
    expect(isPagePath(blog, 'home', 'online', '/home')).toBe(true);
    expect(isPagePath(blog, 'home', 'online', '/about')).toBe(false);
    expect(isPagePath(blog, 'home', 'prefixed', '/')).toBe(false);
  });

  it('give react-router one pattern per path and detail page', () => {
    expect(routerPatterns(blog, 'online').map((p) => [p.path, p.page])).toEqual([
      ['/', 'home'],
      ['/home', 'home'],
      ['/about', 'about'],
      ['/post/:id', 'post'],
    ]);
  });
});
