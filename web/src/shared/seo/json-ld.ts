/**
 * schema.org structured data (JSON-LD) for the kinds of page the sites have, with what Google's
 * rich-result documentation asks of each. URLs on the site's own origin are written with
 * `absolutePath`: the document writer turns them into the origin's setting token.
 */
import { absolutePath, type JsonLd } from './page-meta';

const CONTEXT = 'https://schema.org';

/** The home-screen icon every host answers (180 x 180 PNG): the logo Google asks for (112 px or more). */
export const LOGO_PATH = '/apple-touch-icon.png';

export function organization(name: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name,
    url: absolutePath('/'),
    logo: absolutePath(LOGO_PATH),
  };
}

export function webSite(site: { name: string; description: string; lang: string }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.name,
    url: absolutePath('/'),
    description: site.description,
    inLanguage: site.lang,
  };
}

export interface Posting {
  readonly headline: string;
  readonly description: string;
  /** The canonical path of the article. */
  readonly path: string;
  /** Its link-preview picture (an absolute-path URL on the site). */
  readonly image: string;
  readonly published: string;
  readonly modified: string;
  /** The blog's editorial team, and the blog. */
  readonly author: string;
  readonly publisher: string;
  readonly lang: string;
}

/** A blog article: headline at most 110 characters, as Google shows it. */
export function blogPosting(p: Posting): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: p.headline.length > 110 ? `${p.headline.slice(0, 109)}…` : p.headline,
    description: p.description,
    image: [absolutePath(p.image)],
    datePublished: p.published,
    dateModified: p.modified,
    inLanguage: p.lang,
    author: { '@type': 'Organization', name: p.author, url: absolutePath('/') },
    publisher: {
      '@type': 'Organization',
      name: p.publisher,
      logo: { '@type': 'ImageObject', url: absolutePath(LOGO_PATH) },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': absolutePath(p.path) },
  };
}

export interface App {
  readonly name: string;
  readonly operatingSystem: string;
  readonly category: string;
  /** The store listing: a setting token (the server fills it in, escaped for JSON). */
  readonly storeUrl: string;
  readonly image: string;
  /**
   * Its store rating, when the operator gives it (setting tokens): Google shows an app's rich
   * result only with a rating, and a rating must be the store's real one, never made up here.
   */
  readonly rating: {
    readonly value: string;
    readonly count: string;
    readonly when: readonly string[];
  };
}

/**
 * A mobile app (free: price 0), written out as text so that its rating can be a section that
 * appears only when the settings give one ({{?key}}...{{/key}}).
 */
export function mobileApplication(app: App, origin: string): { text: string } {
  const base = JSON.stringify({
    '@context': CONTEXT,
    '@type': 'MobileApplication',
    name: app.name,
    operatingSystem: app.operatingSystem,
    applicationCategory: app.category,
    url: `${origin}/`,
    image: `${origin}${app.image}`,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD', url: app.storeUrl },
  });
  const rating = `,"aggregateRating":${JSON.stringify({
    '@type': 'AggregateRating',
    ratingValue: app.rating.value,
    ratingCount: app.rating.count,
  })}`;
  const open = app.rating.when.map((key) => `{{?${key}}}`).join('');
  const close = [...app.rating.when]
    .reverse()
    .map((key) => `{{/${key}}}`)
    .join('');
  return { text: `${base.slice(0, -1)}${open}${rating}${close}}`.replace(/</g, '\\u003c') };
}

/** The trail from the site's home to a page: [name, path] pairs, home first. */
export function breadcrumbs(trail: readonly (readonly [string, string])[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: absolutePath(path),
    })),
  };
}
