import { screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contentDirFromEnv } from '../shared/content/load-content';
import { plannedImages } from '../shared/images/image-registry';
import type { PrepareSite, SiteRouteObject } from '../shared/render/site-render';
import { renderPath } from '../shared/render/test-render';
import { renderModule, SITES } from './registry';

/**
 * The five blogs rendered from the real content (content/), as the prerender renders them, with
 * image names planned but nothing encoded: docs/product.md's counts, texts, links, images and footers.
 */
const dir = contentDirFromEnv();
const source = { dir, warn: () => {}, images: plannedImages() };
/** A blog as the prerender prepares it: its render module (its theme's), given its site.toml. */
const blogNamed =
  (name: string): PrepareSite =>
  async (content) => {
    const site = SITES.find((s) => s.routes.site === name)!;
    return (await renderModule(site).load()).prepare(content, site.blog);
  };
const [tts1, tts2, tts3, kuponz1, kuponz2] = ['tts1', 'tts2', 'tts3', 'kuponz1', 'kuponz2'].map(
  blogNamed,
) as [PrepareSite, PrepareSite, PrepareSite, PrepareSite, PrepareSite];
const json = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as never;
/** An article's front matter (content/<site>/articles/<id>.md). */
const front = (path: string) =>
  parse(
    readFileSync(join(dir, path), 'utf8')
      .split('\n---\n')[0]!
      .replace(/^---\n/, ''),
  ) as never;

async function routes(prepare: PrepareSite, routeSet: 'prefixed' | 'online' = 'prefixed') {
  return (await prepare(source)).routeObjects({ routeSet, lang: 'en' });
}

function documentOf(objects: SiteRouteObject[], path: string, id?: string) {
  return objects.find((o) => o.path === path)!.document(id === undefined ? {} : { id });
}

/** Every picture: alt text, intrinsic size, AVIF and WebP sources; the first one eager and high priority. */
function expectPictures(container: HTMLElement, count: number) {
  const images = [...container.querySelectorAll('img')];
  expect(images).toHaveLength(count);
  images.forEach((img, i) => {
    expect(img.getAttribute('alt')?.length).toBeGreaterThan(10);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    const sources = [...img.parentElement!.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const s of sources) {
      expect(s.getAttribute('srcset')).toMatch(/ 480w, .* 800w, .* 1200w$/);
      expect(s.getAttribute('sizes')).not.toBe('');
    }
    expect(img.getAttribute('loading')).toBe(i === 0 ? 'eager' : 'lazy');
    expect(img.getAttribute('fetchpriority')).toBe(i === 0 ? 'high' : null);
  });
  return images;
}

const footer = (brand: string) => `Copyright © 2026 ${brand}. All Rights Reserved.`;

describe('GlowBack (tts1)', async () => {
  const objects = await routes(tts1);
  const featured = json('tts1/featured.json') as { article: number; related: number[] };

  it('home: banner, six articles with image, title, excerpt, date, and the featured block', () => {
    const { container } = renderPath(objects, '/tts1/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to GlowBack');
    expect(screen.getByText(/cosmetics/).textContent).toMatch(/cashback/);
    const latest = screen.getByRole('heading', { name: 'Latest articles' }).parentElement!;
    const items = within(latest).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(item.querySelector('img')).not.toBeNull();
      expect(item.querySelector('time')?.textContent).toMatch(/^[A-Z][a-z]+ \d{1,2}, 20\d\d$/);
      expect(within(item).getByRole('link').getAttribute('href')).toMatch(
        /^\/tts1\/article-detail\/\d+$/,
      );
      expect(item.querySelector('p')?.textContent?.length).toBeGreaterThan(60);
    }
    const block = screen.getByRole('heading', { name: 'Featured' }).parentElement!;
    const article = block.querySelector('article')!;
    expect(within(article).getByRole('link').getAttribute('href')).toBe(
      `/tts1/article-detail/${featured.article}`,
    );
    const related = within(block).getByRole('list', { name: 'Related articles' });
    const relatedItems = within(related).getAllByRole('listitem');
    expect(relatedItems.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual(
      featured.related.map((id) => `/tts1/article-detail/${id}`),
    );
    for (const li of relatedItems) {
      expect(li.querySelector('img')).not.toBeNull();
      expect(li.querySelector('time')).not.toBeNull();
    }
    expectPictures(container, 6 + 1 + 4);
    expect(screen.getByRole('link', { name: 'HOME' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText(footer('GlowBack'))).toBeTruthy();
  });

  it('detail: featured image, title, date, sections; prefetches home', () => {
    const a = front('tts1/articles/1.md') as { title: string; date: string };
    const { container } = renderPath(objects, '/tts1/article-detail/1');
    const images = expectPictures(container, 4);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).toBe(a.title);
    expect(images[0]!.compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(a.date).tagName).toBe('TIME');
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: 'HOME' }).getAttribute('aria-current')).toBeNull();
    expect(documentOf(objects, '/tts1/article-detail/:id', '1').prefetch).toEqual(['/tts1/home']);
    // The newest three of the list ("Latest articles", newest first).
    expect(documentOf(objects, '/tts1/home').prefetch).toEqual([
      '/tts1/article-detail/6',
      '/tts1/article-detail/5',
      '/tts1/article-detail/4',
    ]);
  });
});

describe('Wayfarer Journal (tts2)', async () => {
  const objects = await routes(tts2, 'online');

  it('home: eight cards with image, date, title, excerpt and a Read More → link', () => {
    const { container } = renderPath(objects, '/');
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(8);
    for (const card of cards) {
      const [title, more] = within(card).getAllByRole('link');
      expect(more!.textContent).toMatch(/^Read More →/);
      expect(more!.getAttribute('href')).toBe(title!.getAttribute('href'));
      expect(title!.getAttribute('href')).toMatch(/^\/article-detail\/(?:[1-8]|10|11)$/);
      expect(card.querySelector('time')?.textContent).toMatch(/^20\d\d-\d\d-\d\d$/);
    }
    // The newest eight, newest first.
    const dates = cards.map((c) => c.querySelector('time')!.getAttribute('datetime')!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(cards.map((c) => within(c).getAllByRole('link')[0]!.getAttribute('href'))).toEqual(
      ['11', '10', '5', '7', '4', '2', '6', '8'].map((id) => `/article-detail/${id}`),
    );
    expectPictures(container, 8);
    expect(screen.getByText(footer('Wayfarer Journal'))).toBeTruthy();
  });

  it('detail: string ids, the empty article for others', () => {
    renderPath(objects, '/article-detail/10');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      (front('tts2/articles/10.md') as { title: string }).title,
    );
  });

  it('detail: "01" is not article 1 (ids match as strings)', () => {
    const { container } = renderPath(objects, '/article-detail/01');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelector('main')!.textContent).toBe('');
  });
});

describe('Youadsmedia-Top (tts3)', async () => {
  const objects = await routes(tts3);

  it('home: the welcome banner and six articles', () => {
    const { container } = renderPath(objects, '/tts3/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Welcome To Youadsmedia-Top',
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual(
      // Newest first: 6 (May 11, 2026) ... 3 (March 18, 2025) before 1 (February 9, 2025).
      [6, 5, 4, 2, 3, 1].map((id) => `/tts3/article-detail/${id}`),
    );
    expectPictures(container, 6);
    expect(screen.getByText(footer('Youadsmedia-Top'))).toBeTruthy();
  });
});

describe('Kuponz (kuponz1)', async () => {
  const objects = await routes(kuponz1, 'online');

  it('list: title, tagline, ten cards with image, title, excerpt, Read More →; dark footer', () => {
    const { container } = renderPath(objects, '/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Kuponz');
    expect(screen.getByText('Your Ultimate Guide to Smart Savings & Exclusive Deals')).toBeTruthy();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    expect(cards.map((c) => within(c).getAllByRole('link')[0]!.getAttribute('href'))).toEqual(
      // Newest first.
      ['11', '10', '8', '7', '6', '5', '4', '3', '2', '1'].map((id) => `/article_detail/${id}`),
    );
    for (const card of cards) {
      expect(within(card).getAllByRole('link')[1]!.textContent).toMatch(/^Read More →/);
      expect(card.querySelector('p')?.textContent?.length).toBeGreaterThan(60);
    }
    expectPictures(container, 10);
    expect(screen.getByText(footer('Kuponz'))).toBeTruthy();
  });

  it('detail: featured image, title, ISO date, sections', () => {
    const a = front('kuponz1/articles/11.md') as { title: string; date: string };
    const { container } = renderPath(objects, '/article_detail/11');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(a.title);
    expect(screen.getByText(a.date).getAttribute('datetime')).toBe(a.date);
    expectPictures(container, 3);
    expect(screen.getByText(footer('Kuponz'))).toBeTruthy();
  });
});

describe('Kuponz Beauty (kuponz2)', async () => {
  const test = await routes(kuponz2);
  const common = json('kuponz2/common.json') as { sections: { heading: string }[] };

  it('home: banner, tabs, ten articles whose titles open /article-detail/{id}', () => {
    const { container } = renderPath(test, '/kuponz2/home');
    const list = container.querySelector('ol')!;
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual(
      // Newest first: 9 (November 24, 2025) comes after 6 (January 20, 2026).
      [10, 8, 7, 6, 9, 5, 4, 3, 2, 1].map((id) => `/kuponz2/article-detail/${id}`),
    );
    expectPictures(container, 10);
    expect(screen.getByText(/cosmetics/).textContent).toMatch(/cashback rewards/);
    expect(documentOf(test, '/kuponz2/home').prefetch).toContain('/kuponz2/france');
  });

  it('France: banner text and three rows of a large image, title, date and four sub-items', () => {
    const { container } = renderPath(test, '/kuponz2/france');
    expect(
      screen.getByText(
        'Discover timeless beauty, rich culture, and romantic landscapes that inspire wanderlust.',
      ),
    ).toBeTruthy();
    const rows = [...container.querySelectorAll('main section[aria-labelledby]')];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(within(row as HTMLElement).getAllByRole('heading', { level: 2 })).toHaveLength(1);
      const subs = within(row as HTMLElement).getAllByRole('listitem');
      expect(subs).toHaveLength(4);
      for (const sub of subs) {
        expect(within(sub).getByRole('heading', { level: 3 })).toBeTruthy();
        expect(sub.querySelector('time')).not.toBeNull();
        expect(sub.querySelector('img')).not.toBeNull();
      }
    }
    expectPictures(container, 3 * 5);
    const [home, france] = ['HOME', 'FRANCE'].map((name) => screen.getByRole('link', { name }));
    expect([home!.getAttribute('aria-current'), france!.getAttribute('aria-current')]).toEqual([
      null,
      'page',
    ]);
  });

  it('detail: the article, then the two common sections, under the tab bar', () => {
    renderPath(test, '/kuponz2/article-detail/4');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(-2)).toEqual(common.sections.map((s) => s.heading));
    expect(screen.getByRole('link', { name: 'HOME' }).getAttribute('href')).toBe('/kuponz2/home');
    expect(screen.getByText(footer('Kuponz Beauty'))).toBeTruthy();
  });
});
