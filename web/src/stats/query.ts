/** What the page shows, as its URL says it: `?site=&from=&to=` (shareable, kept on reload). */
import { isDay, lastDays } from './dates';

export interface StatsQuery {
  /** A site's name, or '' for all sites. */
  readonly site: string;
  readonly from: string;
  readonly to: string;
}

export const DEFAULT_DAYS = 30;
export const QUICK_RANGES = [7, 30, 90] as const;

/** The query in `search`; the last 30 days ending `today` where the dates are missing or wrong. */
export function readQuery(search: string, today: string): StatsQuery {
  const params = new URLSearchParams(search);
  const site = params.get('site') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!isDay(from) || !isDay(to)) return { site, ...lastDays(today, DEFAULT_DAYS) };
  return from <= to ? { site, from, to } : { site, from: to, to: from };
}

export function queryString(query: StatsQuery): string {
  return new URLSearchParams({ site: query.site, from: query.from, to: query.to }).toString();
}
