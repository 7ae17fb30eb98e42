// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  buildRouteSets,
  defineRoutes,
  detailPath,
  EMPTY_ARTICLE_SEGMENT,
  isPagePath,
  pagePath,
  routerPatterns,
  type SiteRoutes,
} from './route-set';

const blog = defineRoutes({
  site: 'blog',
  pages: [
    { page: 'home', test: ['/blog/home'], online: ['/', '/home'] },
    { page: 'about', test: ['/blog/about'], online: ['/about'] },
  ],
  details: [{ page: 'post', test: '/blog/post/', online: '/post/', id: 'number' }],
});

const shop = defineRoutes({
  site: 'shop',
  pages: [{ page: 'home', test: ['/shop/home'], online: ['/'] }],
  details: [{ page: 'item', test: '/shop/item/', online: '/item/', id: 'string' }],
  langs: { list: ['en', 'ja'], default: 'en' },
});

describe('buildRouteSets', () => {
  const sets = buildRouteSets([blog, shop], {
    blog: { post: ['1', '12'] },
    shop: { item: ['a-1'] },
  });

  it('builds the test variant from every site and one online variant per site', () => {
    expect(Object.keys(sets.variants)).toEqual(['test', 'blog', 'shop']);
    expect(sets.variants.test!.routes).toEqual({
      '/blog/home': 'blog-test-home',
      '/blog/about': 'blog-test-about',
      '/shop/home': 'shop-test-home',
    });
    expect(sets.variants.blog!.routes).toEqual({
      '/': 'blog-online-home',
      '/home': 'blog-online-home',
      '/about': 'blog-online-about',
    });
    expect(sets.variants.shop!.details).toEqual([
      {
        prefix: '/item/',
        id: 'string',
        ids: { 'a-1': 'shop-online-item-a-1' },
        empty: 'shop-online-item-empty',
      },
    ]);
  });

  it('lists one page per route, known id and empty detail page', () => {
    const post = sets.pages.filter(
      (p) => p.site === 'blog' && p.variant === 'test' && p.page === 'post',
    );
    expect(post).toEqual([
      {
        id: 'blog-test-post-1',
        site: 'blog',
        variant: 'test',
        page: 'post',
        path: '/blog/post/1',
        articleId: '1',
        file: 'pages/test/blog/post/1.html',
      },
      {
        id: 'blog-test-post-12',
        site: 'blog',
        variant: 'test',
        page: 'post',
        path: '/blog/post/12',
        articleId: '12',
        file: 'pages/test/blog/post/12.html',
      },
      {
        id: 'blog-test-post-empty',
        site: 'blog',
        variant: 'test',
        page: 'post',
        path: `/blog/post/${EMPTY_ARTICLE_SEGMENT}`,
        articleId: null,
        file: 'pages/test/blog/post-empty.html',
      },
    ]);
    const shopHome = sets.pages.find((p) => p.id === 'shop-online-home');
    expect(shopHome?.file).toBe('pages/online/shop/home.{lang}.html');
    expect(shopHome?.langs).toEqual({ list: ['en', 'ja'], default: 'en' });
  });

  it('rejects a path defined twice in one variant', () => {
    const clash = defineRoutes({
      site: 'other',
      pages: [{ page: 'home', test: ['/blog/home'], online: ['/'] }],
      details: [],
    });
    expect(() => buildRouteSets([blog, clash], {})).toThrow(/"\/blog\/home" defined twice/);
  });

  it('rejects overlapping detail prefixes and exact paths', () => {
    const overlap: SiteRoutes = {
      site: 'over',
      pages: [{ page: 'home', test: ['/blog/post/x'], online: ['/'] }],
      details: [],
    };
    expect(() => buildRouteSets([blog, overlap], {})).toThrow(/overlaps/);
  });

  it('rejects malformed paths, names and ids', () => {
    const bad =
      (routes: SiteRoutes, ids = {}) =>
      () =>
        buildRouteSets([routes], ids);
    expect(
      bad({ site: 'x', pages: [{ page: 'home', test: ['/x/home/'], online: ['/'] }], details: [] }),
    ).toThrow(/invalid path/);
    expect(
      bad({ site: 'x', pages: [{ page: 'Home', test: ['/x/home'], online: ['/'] }], details: [] }),
    ).toThrow(/invalid page name/);
    expect(bad({ site: 'test', pages: [], details: [] })).toThrow(/invalid site name/);
    expect(
      bad({
        site: 'x',
        pages: [],
        details: [{ page: 'post', test: '/x/post', online: '/post/', id: 'number' }],
      }),
    ).toThrow(/invalid prefix/);
    expect(bad(blog, { blog: { post: ['a/b'] } })).toThrow(/cannot name a page/);
  });
});

describe('links', () => {
  it('point inside the variant', () => {
    expect(pagePath(blog, 'home', 'test')).toBe('/blog/home');
    expect(pagePath(blog, 'home', 'online')).toBe('/');
    expect(detailPath(blog, 'post', 'test', '3')).toBe('/blog/post/3');
    expect(detailPath(blog, 'post', 'online', '3')).toBe('/post/3');
  });

  it('tell the active page from the path', () => {
    expect(isPagePath(blog, 'home', 'online', '/')).toBe(true);
    expect(isPagePath(blog, 'home', 'online', '/home')).toBe(true);
    expect(isPagePath(blog, 'home', 'online', '/about')).toBe(false);
    expect(isPagePath(blog, 'home', 'test', '/')).toBe(false);
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
