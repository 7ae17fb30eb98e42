// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Assets } from './assets';
import { DASHBOARD_ENTRY, dashboardHtml } from './dashboard';
import type { ViteManifest } from './vite-manifest';

const client: ViteManifest = {
  'src/stats/entry-client.tsx': {
    file: 'assets/stats-AbC1.js',
    src: 'src/stats/entry-client.tsx',
    isEntry: true,
    imports: ['_react-Xy9.js'],
    css: ['assets/stats-Df2.css'],
  },
  '_react-Xy9.js': { file: 'assets/react-Xy9.js' },
  'src/sites/waveads/entry-client.tsx': {
    file: 'assets/waveads-Q1.js',
    src: 'src/sites/waveads/entry-client.tsx',
    isEntry: true,
    imports: ['_react-Xy9.js'],
    css: ['assets/waveads-Q2.css'],
  },
  'src/shared/scroll/scroll-top.ts': { file: 'assets/scroll-top-S1.js', isEntry: true },
};

describe('the stats dashboard shell', () => {
  const html = dashboardHtml(new Assets(client, {}));

  it('is an English page search engines do not keep, sized for phones', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>Stats · wavesites</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it("loads the stats entry, its chunks and stylesheet, and no site's", () => {
    expect(html).toContain('<link rel="stylesheet" href="/assets/stats-Df2.css">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/react-Xy9.js">');
    expect(html).toContain('<script type="module" src="/assets/stats-AbC1.js"></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('waveads');
    expect(html).not.toContain('scroll-top');
    expect(html).not.toContain('style=');
    expect(html).not.toContain('<style');
  });

  it('has an empty mount point', () => {
    expect(html).toContain('<div id="root"></div>');
  });

  it("refuses to link a site's file", () => {
    const sharing: ViteManifest = {
      ...client,
      [DASHBOARD_ENTRY]: {
        ...client[DASHBOARD_ENTRY]!,
        imports: ['src/sites/waveads/entry-client.tsx'],
      },
    };
    expect(() => dashboardHtml(new Assets(sharing, {}))).toThrow(
      "the stats dashboard links a site's file: /assets/waveads-Q1.js",
    );
  });
});
