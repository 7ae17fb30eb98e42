import { screen } from '@testing-library/react';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { plannedImages, type ImageRegistry } from '../images/image-registry';
import { renderPath } from '../render/test-render';
import { defineRoutes } from '../routes/route-set';
import { blogSite } from './blog-site';
import { blogImages, loadBlog, type BlogSite } from './load-blog';

// The fixture blog: tts1's three fixture articles (ids 1, 2 and 10) under routes of its own.
const routes = defineRoutes({
  site: 'tts1',
  pages: [
    { page: 'home', prefixed: ['/fixture/home'], online: ['/'] },
    { page: 'extra', prefixed: ['/fixture/extra'], online: ['/extra'] },
  ],
  details: [{ page: 'article', prefixed: '/fixture/read/', online: '/read/', id: 'number' }],
});

const site: BlogSite = {
  ARTICLE_RULES: { idKind: 'number', dateStyle: 'long', minSections: 3 },
  BRAND: 'Fixture Blog',
  HOME_TITLE: 'Fixture Blog — Home',
  HOME_DESCRIPTION: 'The fixture blog.',
  PREFETCH_ARTICLES: 2,
};

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../content/__fixtures__/valid');

/** A registry that remembers what it was asked for. */
function recordingImages(asked: string[]): ImageRegistry {
  const planned = plannedImages();
  return {
    get: (name, src) => {
      asked.push(`${name}/${src}`);
      return planned.get(name, src);
    },
  };
}

describe('the blog scaffold', async () => {
  const source = { dir, warn: () => {}, images: plannedImages() };
  const blog = await loadBlog<'extra'>(source, routes, site);
  const prepared = blogSite(blog, ({ routeSet, homePath, home, article, privacy }) => ({
    privacy: privacy((notice) => <div>{notice}</div>),
    home: home(<p>home</p>, [...blog.articles].reverse(), ['/also']),
    extra: {
      element: <p>extra</p>,
      document: () => ({ title: homePath, description: '', lang: 'en' }),
    },
    article: article((a) => <p>{a === undefined ? 'empty' : `${routeSet} ${a.title}`}</p>),
  }));
  const online = prepared.routeObjects({ routeSet: 'online', lang: 'en' });
  const page = (path: string) => online.find((r) => r.path === path)!;

  it('loads and indexes the articles, newest first', () => {
    // 10 (March 4, 2025), 2 (February 2), 1 (January 13).
    expect(blog.articles.map((a) => a.id)).toEqual(['10', '2', '1']);
    expect(blog.index.get('10')?.title).toBe('Fixture Ten');
    expect(prepared.knownIds).toEqual({ article: ['10', '2', '1'] });
  });

  it('titles the home page and prefetches its first articles, then the extra paths', () => {
    const { meta, ...doc } = page('/').document({});
    expect(doc).toEqual({
      title: 'Fixture Blog — Home',
      description: 'The fixture blog.',
      lang: 'en',
      prefetch: ['/read/1', '/read/2', '/also'],
    });
    expect(meta).toMatchObject({
      site: 'tts1',
      canonical: '/',
      type: 'website',
      siteName: 'Fixture Blog',
      locale: 'en_US',
      feed: { title: 'Fixture Blog', path: '/feed.xml' },
      image: { width: 1200, height: 630, type: 'image/jpeg', alt: 'Fixture Blog — Home' },
    });
    expect(meta!.jsonLd!.map((j) => ('@type' in j ? j['@type'] : null))).toEqual(['WebSite']);
  });

  it("describes an article for sharing: its own picture, dates, author and the blog's crumbs", () => {
    const { meta } = page('/read/:id').document({ id: '2' });
    const two = blog.index.get('2')!;
    expect(meta).toMatchObject({
      canonical: '/read/2',
      type: 'article',
      title: two.title,
      description: two.excerpt,
      published: two.isoDate,
      modified: two.updated?.isoDate ?? two.isoDate,
      author: 'Fixture Blog Editorial Team',
    });
    expect(meta!.image.url).toMatch(/^\/assets\/og-tts1-2-cover-[0-9a-f]+\.jpg$/);
    expect(meta!.jsonLd!.map((j) => ('@type' in j ? j['@type'] : null))).toEqual([
      'BlogPosting',
      'BreadcrumbList',
    ]);
  });

  it('titles an article after the brand and prefetches the home page of its route set', () => {
    const article = prepared
      .routeObjects({ routeSet: 'prefixed', lang: 'en' })
      .find((r) => r.path === '/fixture/read/:id')!;
    const { meta, ...doc } = article.document({ id: '02' });
    expect(doc).toEqual({
      title: 'Fixture Two | Fixture Blog',
      description: blog.index.get('2')?.excerpt,
      lang: 'en',
      prefetch: ['/fixture/home'],
    });
    // The canonical names the online URL with the id in its canonical form.
    expect(meta?.canonical).toBe('/read/2');
  });

  it('gives the empty article the brand and the home description, no meta and noindex', () => {
    expect(page('/read/:id').document({ id: '99' })).toEqual({
      title: 'Fixture Blog',
      description: 'The fixture blog.',
      lang: 'en',
      prefetch: [],
      noindex: true,
    });
  });

  it("renders the article page through the blog's own element, the empty article included", () => {
    const { unmount } = renderPath(online, '/read/1');
    expect(screen.getByText('online Fixture One')).toBeTruthy();
    unmount();
    renderPath(online, '/read/abc');
    expect(screen.getByText('empty')).toBeTruthy();
  });

  it("keeps the blog's own pages", () => {
    expect(page('/extra').document({}).title).toBe('/');
  });

  it('resolves every picture of the articles and of the closing sections at once', () => {
    const asked: string[] = [];
    const closing = [{ heading: 'Closing', image: { src: 'closing.svg', alt: '' }, blocks: [] }];
    blogImages({ ...source, images: recordingImages(asked) }, blog, closing);
    expect(asked).toContain('tts1/1-cover.svg');
    expect(asked).toContain('tts1/closing.svg');
    expect(() => blogImages({ dir, warn: () => {} }, blog)).toThrow(/no image registry/);
  });
});
