/**
 * Lead attribution: where a visitor's session came from, kept from its first page so a lead sent
 * pages later is still credited to the ad or site that brought the visitor. Session storage only
 * (no cookie, no localStorage): it ends with the tab and never travels with a request.
 */

/** Read from the first page's query: the campaign tags and the ad networks' click ids. */
export const QUERY_ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'ttclid',
  'msclkid',
  'li_fat_id',
] as const;

/** Every key a record may hold, in the order it is built. */
export const ATTRIBUTION_KEYS = [
  ...QUERY_ATTRIBUTION_KEYS,
  'referrer',
  'landing_path',
  'first_seen',
] as const;

export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

/** Only the keys that had a value: an empty value is left out, never sent as ''. */
export type Attribution = Partial<Record<AttributionKey, string>>;

/**
 * In characters (code points), as the server counts them: a click id is an opaque token well
 * under this, and anything longer is not worth keeping whole.
 */
export const MAX_ATTRIBUTION_VALUE = 200;

export const ATTRIBUTION_STORAGE_KEY = 'attribution';

/** What capture needs of `location`. */
export type AttributionLocation = Pick<Location, 'search' | 'pathname' | 'host'>;

/** What capture needs of a Storage. */
export type AttributionStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Trimmed and cut without splitting a surrogate pair; '' when nothing is left. */
function clean(value: string): string {
  const chars = [...value.trim()];
  return chars.length <= MAX_ATTRIBUTION_VALUE
    ? chars.join('')
    : chars.slice(0, MAX_ATTRIBUTION_VALUE).join('').trimEnd();
}

/** Leaves out empty values, so `{}` means nothing known. */
function put(record: Attribution, key: AttributionKey, value: string | null | undefined): void {
  const text = value === null || value === undefined ? '' : clean(value);
  if (text !== '') record[key] = text;
}

/**
 * The referrer's origin when another site sent the visitor. Our own pages are no source, and
 * neither is a non-web referrer (android-app://, about:); only the origin is kept, since a full
 * referrer URL may carry the other site's private query.
 */
function externalReferrer(referrer: string, ownHost: string): string | undefined {
  if (referrer === '') return undefined;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.host === ownHost ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** The record this page would start: pure, for the first page of a session. */
export function attributionOf(loc: AttributionLocation, referrer: string, now: Date): Attribution {
  const record: Attribution = {};
  const query = new URLSearchParams(loc.search);
  for (const key of QUERY_ATTRIBUTION_KEYS) put(record, key, query.get(key));
  put(record, 'referrer', externalReferrer(referrer, loc.host));
  put(record, 'landing_path', loc.pathname);
  put(record, 'first_seen', now.toISOString());
  return record;
}

/**
 * A stored record, checked again: anything on this origin can write session storage, and the
 * record goes into a lead as it is read here. Null when nothing usable is stored.
 */
function parseAttribution(text: string | null): Attribution | null {
  if (text === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const record: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'string') put(record, key, value);
  }
  return Object.keys(record).length > 0 ? record : null;
}

/** The session's record, or null when there is none or storage cannot be read. */
export function readAttribution(storage: AttributionStorage | null): Attribution | null {
  try {
    return storage === null ? null : parseAttribution(storage.getItem(ATTRIBUTION_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * Keeps the session's first record: returns the stored one when there is one, else records this
 * page and returns that. Null when storage is unavailable or refuses the write: a lead then goes
 * without attribution rather than with a record a later page would contradict.
 */
export function captureAttribution(
  loc: AttributionLocation,
  referrer: string,
  now: Date,
  storage: AttributionStorage | null,
): Attribution | null {
  if (storage === null) return null;
  try {
    const kept = parseAttribution(storage.getItem(ATTRIBUTION_STORAGE_KEY));
    if (kept !== null) return kept;
    // A missing or damaged record: this page is the earliest one still known.
    const record = attributionOf(loc, referrer, now);
    storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(record));
    return record;
  } catch {
    return null;
  }
}

/**
 * The browser's session storage, or null: merely reading `window.sessionStorage` throws where
 * storage is disabled, and there is none during the prerender.
 */
export function sessionStore(): AttributionStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
