/**
 * Where the landing page's button sends each visitor (docs/product.md, the landing page): an
 * iPhone or iPad to the App Store with the campaign tokens, an Android phone to Google Play with
 * the ad's UTM parameters as its install referrer, anything else to the App Store's web listing.
 * Pure functions; the click handler is landing-click.ts. The server's /go/block-blast makes the
 * same choice for a visitor without JavaScript.
 */

export type Platform = 'ios' | 'android' | 'other';

/**
 * The platform a User-Agent names. iPadOS asks for desktop pages with a Mac User-Agent; a "Mac"
 * with a touch screen is one.
 */
export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

export interface StoreLinks {
  readonly appStore: string | undefined;
  readonly playStore: string | undefined;
  /** App Store campaign and provider tokens; empty: not added. */
  readonly ct: string | undefined;
  readonly pt: string | undefined;
}

/** The parameters of an ad click the page passes on: the click ids and every utm_*. */
const CLICK_ID_PARAMS = ['gclid', 'fbclid', 'ttclid', 'msclkid', 'clickid'];
/** Longer values are cut: a click id is an opaque token well under this. */
export const MAX_CLICK_PARAM = 200;
const UTM_REFERRER = ['utm_source', 'utm_medium', 'utm_campaign'];

/** A URL setting as the server filled it in, or null (empty, unfilled, not http(s)). */
function storeUrl(value: string | undefined): URL | null {
  const text = value?.trim() ?? '';
  if (text === '' || text.startsWith('{{')) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

const filled = (value: string | undefined) =>
  value !== undefined && value !== '' && !value.startsWith('{{') ? value : null;

/** The landing URL's click ids and utm_* parameters, each cut to MAX_CLICK_PARAM characters. */
export function clickParams(search: string): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of new URLSearchParams(search)) {
    if (value === '') continue;
    if (!CLICK_ID_PARAMS.includes(key) && !/^utm_[a-z0-9_]{1,40}$/.test(key)) continue;
    if (out.some(([k]) => k === key)) continue;
    out.push([key, value.slice(0, MAX_CLICK_PARAM)]);
  }
  return out;
}

/**
 * Where the button sends a visitor on `platform`, from the landing URL's query `search`; null
 * when the page's store settings were not filled in (the link's own /go/ address then decides).
 */
export function storeDestination(
  platform: Platform,
  links: StoreLinks,
  search: string,
): string | null {
  if (platform === 'android') {
    const url = storeUrl(links.playStore);
    if (url === null) return null;
    // Google Play hands `referrer` to the installed app (the Install Referrer API): the ad's
    // UTM parameters, as one URL-encoded value.
    const query = new URLSearchParams(search);
    const referrer = new URLSearchParams();
    for (const key of UTM_REFERRER) {
      const value = query.get(key);
      if (value) referrer.set(key, value.slice(0, MAX_CLICK_PARAM));
    }
    if ([...referrer].length > 0) url.searchParams.set('referrer', referrer.toString());
    return url.href;
  }
  const url = storeUrl(links.appStore);
  if (url === null) return null;
  if (platform === 'ios') {
    const ct = filled(links.ct);
    const pt = filled(links.pt);
    if (ct !== null) url.searchParams.set('ct', ct);
    if (pt !== null) url.searchParams.set('pt', pt);
  }
  return url.href;
}
