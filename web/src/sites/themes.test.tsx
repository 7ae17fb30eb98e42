import { cleanup, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBlogConfig, THEMES } from '../shared/blog/blog-config';
import { routesOf } from '../shared/blog/blog-routes';
import { plannedImages } from '../shared/images/image-registry';
import { renderPath } from '../shared/render/test-render';
import { renderModule } from './registry';

/**
 * Every theme renders a blog no code knows: the crawl test's fixture folder
 * (tests/integration/fixtures/blog-tide: a site.toml, two articles, two pictures), worn by each
 * theme in turn, on its own host's route set.
 */
const FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../tests/integration/fixtures',
);
const TOML = readFileSync(`${FIXTURES}/blog-tide/site.toml`, 'utf8');

afterEach(cleanup);

describe.each(THEMES)('the %s theme', async (theme) => {
  const blog = parseBlogConfig(
    'blog-tide',
    TOML.replace(/^theme = .*$/m, `theme = "${theme}"`),
    'site.toml',
  );
  const site = { routes: routesOf(blog), name: blog.blog.BRAND, themeColor: blog.themeColor, blog };
  const { prepare } = await renderModule(site).load();
  const source = { dir: FIXTURES, warn: () => {}, images: plannedImages() };
  const prepared = await prepare(source, blog);
  const online = prepared.routeObjects({ routeSet: 'online', lang: 'en' });

  it('lists both articles on the home page, with the brand and the copyright footer', () => {
    expect(prepared.knownIds).toEqual({ article: ['2', '1'] });
    const { container } = renderPath(online, '/');
    expect(container.textContent).toContain('Tideline Kitchen');
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toContain('/article-detail/1');
    expect(links).toContain('/article-detail/2');
    expect(links).toContain('/privacy');
    expect(container.querySelector('footer')?.textContent).toContain(
      'Copyright © 2026 Tideline Kitchen. All Rights Reserved.',
    );
  });

  it('renders an article with its title, its date and its sections', () => {
    renderPath(online, '/article-detail/1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Pan-Fried Mackerel with Sharp Cucumber, in Twenty Minutes',
    );
    expect(screen.getByText('March 14, 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'The method' })).toBeTruthy();
  });
});
