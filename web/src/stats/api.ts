/**
 * The statistics API the page reads: `GET api?site=&from=&to=` relative to the page (it is
 * served at /stats/, so /stats/api), same-origin with the operator's credentials. The server
 * guards it; 401 and 404 mean the operator may not see these statistics.
 */
import { queryString, type StatsQuery } from './query';

export type Counts = Readonly<Record<string, number>>;

export interface DayStats {
  readonly day: string;
  readonly views: number;
  readonly visitors: number;
}

export interface LinkStats {
  readonly clicks: number;
  /** Article id the link was clicked from -> clicks; '' for none. */
  readonly from: Counts;
}

/** One site's figures over the range. Maps the answer omits are empty here. */
export interface SiteStats {
  readonly views: number;
  /** The sum of the daily unique visitors. */
  readonly visitors: number;
  /** Every day of the range, zeros included. */
  readonly days: readonly DayStats[];
  readonly pages: Counts;
  readonly referrers: Counts;
  readonly sources: Counts;
  readonly mediums: Counts;
  readonly campaigns: Counts;
  readonly devices: Counts;
  /** Only for the WaveAds site. */
  readonly languages?: Counts;
  readonly links: Readonly<Record<string, LinkStats>>;
  /** Only for the landing site (enicf): App Store badge clicks. */
  readonly landing_clicks?: number;
  /** Page path -> clicks per view. */
  readonly ctr: Counts;
  readonly leads: number;
  readonly leads_by_source: Counts;
}

export interface StatsAnswer {
  readonly from: string;
  readonly to: string;
  readonly sites: Readonly<Record<string, SiteStats>>;
}

export type Outcome =
  | { readonly ok: true; readonly answer: StatsAnswer }
  | { readonly ok: false; readonly message: string; readonly detail?: string };

export const NO_ACCESS = 'You do not have access to these statistics.';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function counts(v: unknown): Counts {
  if (!isObject(v)) return {};
  return Object.fromEntries(Object.entries(v).map(([k, n]) => [k, num(n)]));
}

function siteStats(v: Json): SiteStats {
  const links = isObject(v.links) ? v.links : {};
  return {
    views: num(v.views),
    visitors: num(v.visitors),
    days: (Array.isArray(v.days) ? v.days : []).filter(isObject).map((d) => ({
      day: String(d.day),
      views: num(d.views),
      visitors: num(d.visitors),
    })),
    pages: counts(v.pages),
    referrers: counts(v.referrers),
    sources: counts(v.sources),
    mediums: counts(v.mediums),
    campaigns: counts(v.campaigns),
    devices: counts(v.devices),
    ...(v.languages !== undefined ? { languages: counts(v.languages) } : {}),
    links: Object.fromEntries(
      Object.entries(links).map(([slug, l]) => [
        slug,
        { clicks: num(isObject(l) ? l.clicks : 0), from: counts(isObject(l) ? l.from : {}) },
      ]),
    ),
    ...(v.landing_clicks !== undefined ? { landing_clicks: num(v.landing_clicks) } : {}),
    ctr: counts(v.ctr),
    leads: num(v.leads),
    leads_by_source: counts(v.leads_by_source),
  };
}

/** The answer with every absent map empty; null if it is not an answer at all. */
export function parseAnswer(raw: unknown, query: StatsQuery): StatsAnswer | null {
  if (!isObject(raw) || !isObject(raw.sites)) return null;
  const sites: Record<string, SiteStats> = {};
  for (const [name, site] of Object.entries(raw.sites))
    if (isObject(site)) sites[name] = siteStats(site);
  return {
    from: typeof raw.from === 'string' ? raw.from : query.from,
    to: typeof raw.to === 'string' ? raw.to : query.to,
    sites,
  };
}

/**
 * `api` relative to the page: /stats/api from /stats/. Should the page be opened as /stats
 * (no slash), `api` alone would resolve to /api.
 */
function apiPath(): string {
  const { pathname } = window.location;
  return pathname.endsWith('/') ? 'api' : `${pathname.slice(pathname.lastIndexOf('/') + 1)}/api`;
}

async function errorText(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    return isObject(body) && typeof body.msg === 'string' ? body.msg.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/** Fetches the statistics of `query`; rejects only when aborted. */
export async function fetchStats(query: StatsQuery, signal?: AbortSignal): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(`${apiPath()}?${queryString(query)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      ok: false,
      message: 'The statistics could not be loaded (no answer from the server).',
    };
  }
  if (response.status === 401 || response.status === 404) return { ok: false, message: NO_ACCESS };
  if (response.status !== 200) {
    const message = `The statistics could not be loaded (HTTP ${response.status}).`;
    // The server says why it refused a query ({"code": 400, "msg": "from: ..."}).
    const detail = response.status === 400 ? await errorText(response) : undefined;
    return detail ? { ok: false, message, detail } : { ok: false, message };
  }
  let answer: StatsAnswer | null = null;
  try {
    answer = parseAnswer(await response.json(), query);
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  return answer === null
    ? { ok: false, message: 'The statistics could not be loaded (the answer was not understood).' }
    : { ok: true, answer };
}
