import type { Setting } from '../render/settings';
import type { SocialImage } from './social-image';

/**
 * What an indexable page says of itself to search engines and link previews: its one canonical
 * URL, its other languages, its sharing card and its structured data. Paths are on the site's
 * own origin, which only the server knows (a setting, src/shared/render/settings.ts): the
 * document writer turns each into an absolute URL token the server fills in at start-up.
 */
export interface PageMeta {
  /** The site: its origin makes every path below absolute. */
  readonly site: string;
  readonly siteName: string;
  /** The canonical path: '/', '/ja/', '/article-detail/1'. */
  readonly canonical: string;
  /** For the cards: the page's own title and description (its <title> may add the brand). */
  readonly title: string;
  readonly description: string;
  readonly type: 'website' | 'article';
  readonly image: SocialImage;
  /** og:locale of the page, e.g. en_US. */
  readonly locale: string;
  /** Every language of the page, this one included: hreflang alternates and og:locale:alternate. */
  readonly languages?: readonly PageLanguage[];
  /** The path x-default names (the page for a visitor whose language has none). */
  readonly xDefault?: string;
  /** Articles: who wrote it (the blog's editorial team). */
  readonly author?: string;
  /** Articles: first published and last revised, YYYY-MM-DD. */
  readonly published?: string;
  readonly modified?: string;
  /**
   * schema.org objects (JSON-LD); a string starting with ORIGIN_PATH is a path made absolute.
   * `{ text }` is one already written out, for data whose shape depends on settings.
   */
  readonly jsonLd?: readonly (JsonLd | { readonly text: string })[];
  /** Settings the head's data names besides the origin (the landing page's store link). */
  readonly settings?: readonly Setting[];
  /** An iOS app's App Store id: Safari's Smart App Banner (left out while the setting is empty). */
  readonly appStoreId?: Setting;
  /** The site's feed, advertised in the head. */
  readonly feed?: { readonly title: string; readonly path: string };
}

export interface PageLanguage {
  /** BCP 47, as hreflang wants it: en, ja... */
  readonly hreflang: string;
  readonly locale: string;
  readonly path: string;
}

export type JsonLd = { readonly [key: string]: JsonLdValue };
export type JsonLdValue = string | number | boolean | JsonLd | readonly JsonLdValue[];

/**
 * A JSON-LD string value that is a path on the site's origin: `absolutePath('/x')`. The document
 * writer replaces the marker with the origin's token, so the server writes the absolute URL.
 */
export const ORIGIN_PATH = '\u0000origin\u0000';
export function absolutePath(path: string): string {
  if (!path.startsWith('/')) throw new Error(`"${path}" is not a path`);
  return ORIGIN_PATH + path;
}
