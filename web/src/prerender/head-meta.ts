/**
 * The head lines of an indexable page (src/shared/seo/page-meta.ts): canonical, hreflang
 * alternates, Open Graph and Twitter card, the feed, and JSON-LD. Every URL is absolute on the
 * site's origin, written as the origin's setting token for the server to fill in at start-up.
 */
import { originOf, type Setting } from '../shared/render/settings';
import { ORIGIN_PATH, type JsonLd, type PageMeta } from '../shared/seo/page-meta';
import { escapeHtml } from './html-document';

/** A page's JSON-LD as the text of its script element: origin paths made absolute, nothing that could end the script. */
export function jsonLdText(data: JsonLd, origin: Setting): string {
  const json = JSON.stringify(data, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(ORIGIN_PATH)
      ? origin.json + value.slice(ORIGIN_PATH.length)
      : value,
  );
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function metaHead(meta: PageMeta): {
  readonly lines: string[];
  readonly settings: Setting[];
} {
  const origin = originOf(meta.site);
  const url = (path: string) => `${origin.html}${escapeHtml(path)}`;
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}">`;
  const lines = [
    `<link rel="canonical" href="${url(meta.canonical)}">`,
    ...(meta.languages ?? []).map(
      (l) => `<link rel="alternate" hreflang="${escapeHtml(l.hreflang)}" href="${url(l.path)}">`,
    ),
    ...(meta.xDefault !== undefined
      ? [`<link rel="alternate" hreflang="x-default" href="${url(meta.xDefault)}">`]
      : []),
    property('og:type', meta.type),
    property('og:site_name', meta.siteName),
    property('og:title', meta.title),
    property('og:description', meta.description),
    `<meta property="og:url" content="${url(meta.canonical)}">`,
    `<meta property="og:image" content="${url(meta.image.url)}">`,
    property('og:image:type', meta.image.type),
    property('og:image:width', String(meta.image.width)),
    property('og:image:height', String(meta.image.height)),
    property('og:image:alt', meta.image.alt),
    property('og:locale', meta.locale),
    ...(meta.languages ?? [])
      .filter((l) => l.locale !== meta.locale)
      .map((l) => property('og:locale:alternate', l.locale)),
    ...(meta.published !== undefined ? [property('article:published_time', meta.published)] : []),
    ...(meta.modified !== undefined ? [property('article:modified_time', meta.modified)] : []),
    '<meta name="twitter:card" content="summary_large_image">',
    ...(meta.appStoreId !== undefined
      ? [
          `{{?${meta.appStoreId.key}}}<meta name="apple-itunes-app" content="app-id=${meta.appStoreId.html}">{{/${meta.appStoreId.key}}}`,
        ]
      : []),
    ...(meta.feed !== undefined
      ? [
          `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(meta.feed.title)}" href="${url(meta.feed.path)}">`,
        ]
      : []),
    ...(meta.jsonLd ?? []).map(
      (data) =>
        `<script type="application/ld+json">${'text' in data && typeof data.text === 'string' ? data.text : jsonLdText(data as JsonLd, origin)}</script>`,
    ),
  ];
  return {
    lines,
    settings: [origin, ...(meta.settings ?? []), ...(meta.appStoreId ? [meta.appStoreId] : [])],
  };
}
