// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { originOf } from '../shared/render/settings';
import type { PageMeta } from '../shared/seo/page-meta';
import { plannedSocialImages } from '../shared/seo/social-image';
import type { SiteDefinition } from '../sites/registry';
import { atomFeed, sitemapXml } from './feeds';

const origin = originOf('blog');
const image = plannedSocialImages().card('blog', 'Blog');
const common = { site: 'blog', siteName: 'Blog', image, locale: 'en_US' } as const;
const home: PageMeta = {
  ...common,
  canonical: '/',
  title: 'Blog & friends',
  description: 'Notes <and> tips',
  type: 'website',
};
const article = (id: string, published: string, modified?: string): PageMeta => ({
  ...common,
  canonical: `/post/${id}`,
  title: `Post ${id}`,
  description: `About ${id}`,
  type: 'article',
  author: 'Blog Editorial Team',
  published,
  ...(modified ? { modified } : {}),
});
const pages = [
  { meta: home },
  { meta: article('1', '2025-01-02') },
  { meta: article('2', '2025-02-03', '2025-06-01') },
];
const site = { name: 'Blog', routes: { site: 'blog' } } as unknown as SiteDefinition;

describe('sitemapXml', () => {
  const xml = sitemapXml(origin, pages);

  it('lists every page by its absolute canonical URL, on the origin token', () => {
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      '{{origins.blog}}/',
      '{{origins.blog}}/post/1',
      '{{origins.blog}}/post/2',
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
  });

  it('dates an article by its revision, else its publication, and the home by the newest', () => {
    expect([...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1])).toEqual([
      '2025-06-01',
      '2025-01-02',
      '2025-06-01',
    ]);
  });

  it('gives a page in several languages every alternate, x-default included', () => {
    const multi: PageMeta = {
      ...home,
      languages: [
        { hreflang: 'en', locale: 'en_US', path: '/' },
        { hreflang: 'ja', locale: 'ja_JP', path: '/ja/' },
      ],
      xDefault: '/',
    };
    const out = sitemapXml(origin, [{ meta: multi }]);
    expect(out).toContain(
      '<xhtml:link rel="alternate" hreflang="ja" href="{{origins.blog}}/ja/"/>',
    );
    expect(out).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="{{origins.blog}}/"/>',
    );
    // A site without content dates gives none rather than inventing one.
    expect(out).not.toContain('<lastmod>');
  });
});

describe('atomFeed', () => {
  const feed = atomFeed(origin, site, pages);

  it('has the self link, the site link, and one entry per article, newest change first', () => {
    expect(feed).toContain(
      '<link rel="self" type="application/atom+xml" href="{{origins.blog}}/feed.xml"/>',
    );
    expect(feed).toContain('<subtitle>Notes &lt;and&gt; tips</subtitle>');
    expect([...feed.matchAll(/<entry>\s*<title>([^<]+)<\/title>/g)].map((m) => m[1])).toEqual([
      'Post 2',
      'Post 1',
    ]);
    expect(feed).toContain('<updated>2025-06-01T00:00:00Z</updated>');
    expect(feed).toContain('<published>2025-02-03T00:00:00Z</published>');
    expect(feed).toContain('<summary>About 1</summary>');
  });

  it('refuses a blog with no article', () => {
    expect(() => atomFeed(origin, site, [{ meta: home }])).toThrow(/at least one article/);
  });
});
