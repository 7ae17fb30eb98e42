import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prepareFixtureBlog } from '../../shared/blog/fixture-blog';
import { renderPath } from '../../shared/render/test-render';
import { prepare } from './render';

describe('GlowBack (tts1)', async () => {
  // GlowBack's own site.toml, on the fixture articles.
  const site = await prepareFixtureBlog(prepare, 'tts1');
  const test = site.routeObjects({ routeSet: 'prefixed', lang: 'en' });
  const online = site.routeObjects({ routeSet: 'online', lang: 'en' });

  it('knows the ids of its articles', () => {
    expect(site.knownIds).toEqual({ article: ['10', '2', '1'] }); // newest first
  });

  it.each([
    ['prefixed', '/tts1/home'],
    ['online', '/'],
    ['online', '/home'],
  ] as const)('%s %s: highlights HOME and links articles inside the routeSet', (routeSet, path) => {
    renderPath(routeSet === 'prefixed' ? test : online, path);
    const home = screen.getByRole('link', { name: 'HOME' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(home.getAttribute('href')).toBe(routeSet === 'prefixed' ? '/tts1/home' : '/');
    const prefix = routeSet === 'prefixed' ? '/tts1/article-detail/' : '/article-detail/';
    expect(screen.getByRole('link', { name: 'Fixture One' }).getAttribute('href')).toBe(
      `${prefix}1`,
    );
    expect(screen.getByText('Copyright © 2026 GlowBack. All Rights Reserved.')).toBeTruthy();
  });

  it('shows the featured article and its related items (those that exist)', () => {
    renderPath(test, '/tts1/home');
    const featured = screen.getByRole('heading', { name: 'Featured' }).parentElement!;
    expect(within(featured).getByRole('link', { name: 'Fixture Ten' })).toBeTruthy();
    const related = within(featured).getByRole('list', { name: 'Related articles' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Fixture One', 'Fixture Two']);
  });

  it('shows an article: title, date, sections', () => {
    renderPath(online, '/article-detail/01');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fixture One');
    expect(screen.getByText('January 13, 2025').getAttribute('datetime')).toBe('2025-01-13');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Part 1',
      'Part 2',
      'Part 3',
    ]);
    expect(screen.getByRole('link', { name: 'HOME' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the empty article for an unknown or malformed id: layout only, no title, no message', () => {
    for (const path of [
      '/tts1/article-detail/99',
      '/tts1/article-detail/abc',
      '/tts1/article-detail/_',
    ]) {
      const { container, unmount } = renderPath(test, path);
      expect(screen.queryByRole('heading')).toBeNull();
      expect(container.querySelector('main')?.textContent).toBe('');
      expect(screen.getByRole('link', { name: 'HOME' })).toBeTruthy();
      expect(screen.getByText('Copyright © 2026 GlowBack. All Rights Reserved.')).toBeTruthy();
      unmount();
    }
  });

  it('titles each document', () => {
    const article = online.find((r) => r.path === '/article-detail/:id')!;
    expect(article.document({ id: '2' })).toMatchObject({
      title: 'Fixture Two | GlowBack',
      lang: 'en',
    });
    expect(article.document({ id: 'x' }).title).toBe('GlowBack');
    expect(online[0]!.document({}).description).not.toBe('');
  });
});
