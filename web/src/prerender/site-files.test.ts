// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { icoOf, siteFileRoutes } from './site-files';

describe('siteFileRoutes', () => {
  const routes = siteFileRoutes(['ads', 'blog'], new Set(['blog']));
  const paths = (site: string | null) => routes.filter((r) => r.site === site).map((r) => r.path);

  it('gives every host robots.txt and its icons, and every site a sitemap', () => {
    expect(paths(null)).toEqual(['/robots.txt', '/favicon.ico', '/apple-touch-icon.png']);
    expect(paths('ads')).toEqual([
      '/robots.txt',
      '/favicon.ico',
      '/apple-touch-icon.png',
      '/sitemap.xml',
    ]);
  });

  it('gives a feed only to the sites with articles, served from an .atom file', () => {
    expect(paths('blog')).toContain('/feed.xml');
    expect(routes.find((r) => r.id === 'blog-online-feed')?.file).toBe(
      'pages/online/blog/feed.atom',
    );
  });

  it('uses each id and file once', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.file)).size).toBe(routes.length);
  });
});

describe('icoOf', () => {
  it('writes the ICO header and a directory entry per PNG, pointing at its bytes', () => {
    const a = Buffer.from('first-png');
    const b = Buffer.alloc(300, 7);
    const ico = icoOf([
      { size: 16, data: a },
      { size: 256, data: b },
    ]);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    const entry = (i: number) => {
      const e = 6 + 16 * i;
      return {
        width: ico[e],
        bits: ico.readUInt16LE(e + 6),
        size: ico.readUInt32LE(e + 8),
        offset: ico.readUInt32LE(e + 12),
      };
    };
    expect(entry(0)).toEqual({ width: 16, bits: 32, size: a.length, offset: 38 });
    // 256 pixels is written as 0, as the format says.
    expect(entry(1)).toEqual({ width: 0, bits: 32, size: 300, offset: 38 + a.length });
    expect(ico.subarray(38, 38 + a.length).equals(a)).toBe(true);
    expect(ico.length).toBe(38 + a.length + 300);
  });
});
