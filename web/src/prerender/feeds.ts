/**
 * A site's sitemap (sitemaps.org 0.9, with hreflang alternates as xhtml:link) and a blog's Atom
 * feed (RFC 4287), from what its indexable pages said of themselves. URLs start with the site's
 * origin token; the server fills it in, escaped for markup, which XML reads the same way.
 */
import type { Setting } from '../shared/render/settings';
import type { PageMeta } from '../shared/seo/page-meta';
import type { SiteDefinition } from '../sites/registry';
import { escapeHtml } from './html-document';
import type { IndexedPage } from './site-files';

const newest = (dates: readonly (string | undefined)[]) =>
  dates
    .filter((d): d is string => d !== undefined)
    .sort()
    .at(-1);

/** An article's last change: revised, else published. */
const changedOn = (meta: PageMeta) => meta.modified ?? meta.published;

/** The date the sitemap gives a page: an article's own, else the newest of the site's articles. */
function lastmod(meta: PageMeta, pages: readonly IndexedPage[]): string | undefined {
  return meta.type === 'article' ? changedOn(meta) : newest(pages.map((p) => changedOn(p.meta)));
}

export function sitemapXml(origin: Setting, pages: readonly IndexedPage[]): string {
  const url = (path: string) => `${origin.html}${escapeHtml(path)}`;
  const entries = pages.map(({ meta }) => {
    const date = lastmod(meta, pages);
    const alternates = [
      ...(meta.languages ?? []).map((l) => [l.hreflang, l.path] as const),
      ...(meta.xDefault !== undefined ? [['x-default', meta.xDefault] as const] : []),
    ];
    return [
      '  <url>',
      `    <loc>${url(meta.canonical)}</loc>`,
      ...(date !== undefined ? [`    <lastmod>${date}</lastmod>`] : []),
      ...alternates.map(
        ([lang, path]) =>
          `    <xhtml:link rel="alternate" hreflang="${escapeHtml(lang)}" href="${url(path)}"/>`,
      ),
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** RFC 3339, as Atom wants its dates. */
const atomDate = (day: string) => `${day}T00:00:00Z`;

export function atomFeed(
  origin: Setting,
  site: SiteDefinition,
  pages: readonly IndexedPage[],
): string {
  const url = (path: string) => `${origin.html}${escapeHtml(path)}`;
  const home = pages.find((p) => p.meta.type === 'website')?.meta;
  const articles = pages
    .map((p) => p.meta)
    .filter((m) => m.type === 'article')
    // The home page's order: newest published first (an update does not move an article up).
    .sort((a, b) => (b.published ?? '').localeCompare(a.published ?? ''));
  const updated = newest(articles.map(changedOn));
  if (home === undefined || updated === undefined) {
    throw new Error(`${site.routes.site}: a feed needs the home page and at least one article`);
  }
  const entry = (m: PageMeta) =>
    [
      '  <entry>',
      `    <title>${escapeHtml(m.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${url(m.canonical)}"/>`,
      `    <id>${url(m.canonical)}</id>`,
      `    <published>${atomDate(m.published!)}</published>`,
      `    <updated>${atomDate(changedOn(m)!)}</updated>`,
      ...(m.author !== undefined
        ? [`    <author><name>${escapeHtml(m.author)}</name></author>`]
        : []),
      `    <summary>${escapeHtml(m.description)}</summary>`,
      '  </entry>',
    ].join('\n');
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeHtml(home.locale.split('_')[0]!)}">`,
    `  <title>${escapeHtml(site.name)}</title>`,
    `  <subtitle>${escapeHtml(home.description)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${url('/feed.xml')}"/>`,
    `  <link rel="alternate" type="text/html" href="${url(home.canonical)}"/>`,
    `  <id>${url(home.canonical)}</id>`,
    `  <updated>${atomDate(updated)}</updated>`,
    `  <author><name>${escapeHtml(articles[0]!.author ?? site.name)}</name></author>`,
    ...articles.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
