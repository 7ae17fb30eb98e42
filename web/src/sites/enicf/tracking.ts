/**
 * The landing page's click tracking (docs/product.md, Behaviour and Calls): a fire-and-forget GET to the affiliate
 * tracking link with the query parameters offer, affiliate, language and user-agent, and a
 * hidden image loading the plain tracking link. Pure functions here; the click handler is
 * landing-click.ts.
 */

export interface TrackingParams {
  readonly offer: string;
  readonly affiliate: string;
  /** navigator.language */
  readonly language: string;
  /** navigator.userAgent */
  readonly userAgent: string;
  /** The ad's click ids and utm_* parameters from the landing URL (store-link.ts clickParams). */
  readonly clickIds?: readonly (readonly [string, string])[];
}

/**
 * The tracking link as an absolute http(s) URL, or null when there is none to call: empty, not
 * http(s), or a token the server did not fill.
 */
export function trackingLink(value: string | undefined): URL | null {
  const text = value?.trim() ?? '';
  // "{{...": a token the server did not fill (the page opened from the build itself). Written
  // out rather than imported from shared/render/settings.ts, which the WaveAds pages' code
  // imports too: sharing it would cost the landing page a request for a chunk of its own.
  if (text === '' || text.startsWith('{{')) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/**
 * The URL of the tracking request: the tracking link with offer, affiliate, language and
 * user-agent (and the ad's click ids, when the landing URL carries them) set as query parameters (replacing any of the same name already there, keeping
 * the others), or null when there is no tracking link.
 */
export function trackingRequestUrl(
  tracking: string | undefined,
  params: TrackingParams,
): string | null {
  const url = trackingLink(tracking);
  if (url === null) return null;
  url.searchParams.set('offer', params.offer);
  url.searchParams.set('affiliate', params.affiliate);
  url.searchParams.set('language', params.language);
  url.searchParams.set('user-agent', params.userAgent);
  for (const [key, value] of params.clickIds ?? []) url.searchParams.set(key, value);
  return url.href;
}
