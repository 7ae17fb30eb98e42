import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prepareFixtureBlog } from '../../shared/blog/fixture-blog';
import { renderPath } from '../../shared/render/test-render';
import { prepare } from './render';

// No kuponz2 fixtures: the shop renders with no content at all.

describe('Kuponz Beauty (kuponz2)', async () => {
  // Kuponz Beauty's own site.toml, on no content of its own.
  const site = await prepareFixtureBlog(prepare, 'kuponz2');
  const tabs = () => ['HOME', 'FRANCE'].map((name) => screen.getByRole('link', { name }));
  const current = () => tabs().map((t) => t.getAttribute('aria-current'));

  it('derives the active tab from the path (prefixed route set)', () => {
    const routes = site.routeObjects({ routeSet: 'prefixed', lang: 'en' });
    renderPath(routes, '/kuponz2/home');
    expect(tabs().map((t) => t.getAttribute('href'))).toEqual(['/kuponz2/home', '/kuponz2/france']);
    expect(current()).toEqual(['page', null]);
  });

  it('derives the active tab from the path (online route set)', () => {
    const routes = site.routeObjects({ routeSet: 'online', lang: 'en' });
    const { unmount } = renderPath(routes, '/france');
    expect(tabs().map((t) => t.getAttribute('href'))).toEqual(['/', '/france']);
    expect(current()).toEqual([null, 'page']);
    expect(
      screen.getByText(
        'Discover timeless beauty, rich culture, and romantic landscapes that inspire wanderlust.',
      ),
    ).toBeTruthy();
    unmount();
    renderPath(routes, '/home');
    expect(current()).toEqual(['page', null]);
  });

  it('keeps the tab bar on the (empty) article page, with neither tab active', () => {
    renderPath(site.routeObjects({ routeSet: 'online', lang: 'en' }), '/article-detail/5');
    expect(current()).toEqual([null, null]);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Copyright © 2026 Kuponz Beauty. All Rights Reserved.')).toBeTruthy();
  });
});
