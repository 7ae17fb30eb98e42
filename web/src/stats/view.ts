/**
 * What the page shows for one selection: one site's figures, or every site's summed ("All
 * sites"). Pages, CTRs and the articles links were clicked from belong to a site, so with all
 * sites they keep it (`prefix`); referrers, campaigns, devices, languages and lead sources are
 * summed by name.
 */
import type { Counts, DayStats, SiteStats, StatsAnswer } from './api';
import { daysBetween, isDay } from './dates';

export interface Row {
  /** Unique within its list. */
  readonly key: string;
  readonly label: string;
  /** The site the row belongs to, shown before the label with all sites. */
  readonly prefix?: string;
  readonly count: number;
}

export interface PageRow extends Row {
  /** Clicks per view, when the answer has it. */
  readonly ctr?: number;
}

export interface LinkRow {
  readonly slug: string;
  readonly clicks: number;
  /** Where it was clicked from, most first. */
  readonly from: readonly Row[];
}

export interface SiteSummary {
  readonly site: string;
  readonly views: number;
  readonly visitors: number;
  readonly linkClicks: number;
  readonly leads: number;
}

export interface StatsView {
  readonly views: number;
  readonly visitors: number;
  readonly linkClicks: number;
  readonly leads: number;
  /** App Store badge clicks, when a site shown has the landing page. */
  readonly landingClicks?: number;
  readonly days: readonly DayStats[];
  readonly pages: readonly PageRow[];
  readonly referrers: readonly Row[];
  readonly sources: readonly Row[];
  readonly mediums: readonly Row[];
  readonly campaigns: readonly Row[];
  readonly devices: readonly Row[];
  /** When a site shown has languages (WaveAds). */
  readonly languages?: readonly Row[];
  readonly links: readonly LinkRow[];
  readonly leadsBySource: readonly Row[];
}

export const NONE = '(none)';
export const DIRECT = 'direct';

const byCount = (a: { count: number; label: string }, b: { count: number; label: string }) =>
  b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

/** Rows summed by label ('' shown as `empty`), most first. */
function summed(maps: readonly Counts[], empty = NONE): Row[] {
  const total = new Map<string, number>();
  for (const map of maps) {
    for (const [key, n] of Object.entries(map)) {
      const label = key === '' ? empty : key;
      total.set(label, (total.get(label) ?? 0) + n);
    }
  }
  return [...total].map(([label, count]) => ({ key: label, label, count })).sort(byCount);
}

const linkClicksOf = (site: SiteStats) =>
  Object.values(site.links).reduce((sum, l) => sum + l.clicks, 0);

const articleLabel = (id: string) => (id === '' ? NONE : `article ${id}`);

/** The site's sites as [name, stats]: the one selected, or all of them. */
function selected(answer: StatsAnswer, site: string): [string, SiteStats][] {
  if (site === '') return Object.entries(answer.sites).sort(([a], [b]) => (a < b ? -1 : 1));
  const one = answer.sites[site];
  return one === undefined ? [] : [[site, one]];
}

/** Every day of the answer's range, summed over the sites. */
function days(answer: StatsAnswer, sites: readonly SiteStats[]): DayStats[] {
  const total = new Map<string, { views: number; visitors: number }>();
  if (isDay(answer.from) && isDay(answer.to)) {
    for (const day of daysBetween(answer.from, answer.to))
      total.set(day, { views: 0, visitors: 0 });
  }
  for (const site of sites) {
    for (const d of site.days) {
      const t = total.get(d.day) ?? { views: 0, visitors: 0 };
      total.set(d.day, { views: t.views + d.views, visitors: t.visitors + d.visitors });
    }
  }
  return [...total].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, t]) => ({ day, ...t }));
}

/** The view of `site` ('' for all sites); null when the answer does not have that site. */
export function statsView(answer: StatsAnswer, site: string): StatsView | null {
  const chosen = selected(answer, site);
  if (site !== '' && chosen.length === 0) return null;
  const all = site === '';
  const stats = chosen.map(([, s]) => s);
  const sum = (f: (s: SiteStats) => number) => stats.reduce((n, s) => n + f(s), 0);
  const prefix = (name: string) => (all ? { prefix: name } : {});

  const pages: PageRow[] = chosen
    .flatMap(([name, s]) =>
      Object.entries(s.pages).map(([path, count]) => ({
        key: `${name}\0${path}`,
        label: path === '' ? NONE : path,
        ...prefix(name),
        count,
        ...(s.ctr[path] !== undefined ? { ctr: s.ctr[path] } : {}),
      })),
    )
    .sort(byCount);

  const links = new Map<string, { clicks: number; from: Map<string, Row> }>();
  for (const [name, s] of chosen) {
    for (const [slug, l] of Object.entries(s.links)) {
      const link = links.get(slug) ?? { clicks: 0, from: new Map<string, Row>() };
      link.clicks += l.clicks;
      for (const [id, count] of Object.entries(l.from)) {
        const key = `${name}\0${id}`;
        const before = link.from.get(key)?.count ?? 0;
        link.from.set(key, {
          key,
          label: articleLabel(id),
          ...prefix(name),
          count: before + count,
        });
      }
      links.set(slug, link);
    }
  }
  const withLanguages = stats.filter((s) => s.languages !== undefined);
  const withLanding = stats.filter((s) => s.landing_clicks !== undefined);

  return {
    views: sum((s) => s.views),
    visitors: sum((s) => s.visitors),
    linkClicks: sum(linkClicksOf),
    leads: sum((s) => s.leads),
    ...(withLanding.length > 0
      ? { landingClicks: withLanding.reduce((n, s) => n + (s.landing_clicks ?? 0), 0) }
      : {}),
    days: days(answer, stats),
    pages,
    referrers: summed(
      stats.map((s) => s.referrers),
      DIRECT,
    ),
    sources: summed(stats.map((s) => s.sources)),
    mediums: summed(stats.map((s) => s.mediums)),
    campaigns: summed(stats.map((s) => s.campaigns)),
    devices: summed(stats.map((s) => s.devices)),
    ...(withLanguages.length > 0
      ? { languages: summed(withLanguages.map((s) => s.languages ?? {})) }
      : {}),
    links: [...links]
      .map(([slug, l]) => ({ slug, clicks: l.clicks, from: [...l.from.values()].sort(byCount) }))
      .sort((a, b) => b.clicks - a.clicks || (a.slug < b.slug ? -1 : 1)),
    leadsBySource: summed(stats.map((s) => s.leads_by_source)),
  };
}

/** One line per site, most viewed first: the "All sites" summary. */
export function siteSummaries(answer: StatsAnswer): SiteSummary[] {
  return Object.entries(answer.sites)
    .map(([site, s]) => ({
      site,
      views: s.views,
      visitors: s.visitors,
      linkClicks: linkClicksOf(s),
      leads: s.leads,
    }))
    .sort((a, b) => b.views - a.views || (a.site < b.site ? -1 : 1));
}
