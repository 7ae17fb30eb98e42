// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseAnswer } from './api';
import { addDays, daysBetween, isDay, lastDays } from './dates';
import { formatCount, formatDay, formatPercent } from './format';
import { queryString, readQuery } from './query';
import { siteSummaries, statsView } from './view';
import fixture from './fixtures/stats.json';

const query = { site: '', from: '2026-10-28', to: '2026-11-26' };

describe('days', () => {
  it('knows a day when it sees one', () => {
    expect(isDay('2026-11-26')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('0002-11-26')).toBe(false);
    expect(isDay('2026-1-2')).toBe(false);
  });

  it('counts in UTC days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(lastDays('2026-11-26', 30)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(lastDays('2026-11-26', 7)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });
});

describe('the query', () => {
  it('reads the URL, with the last 30 days by default', () => {
    expect(readQuery('', '2026-11-26')).toEqual(query);
    expect(readQuery('?site=tts1&from=2026-11-01&to=2026-11-02', '2026-11-26')).toEqual({
      site: 'tts1',
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(readQuery('?from=2026-11-02&to=2026-11-01', '2026-11-26')).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(queryString({ site: 'a b', from: '2026-11-01', to: '2026-11-02' })).toBe(
      'site=a+b&from=2026-11-01&to=2026-11-02',
    );
  });
});

describe('formats', () => {
  it('writes counts, rates and days', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(0.2)).toBe('20.0%');
    expect(formatPercent(0.12345)).toBe('12.3%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatDay('2026-11-06')).toBe('6 Nov 2026');
  });
});

describe('the answer', () => {
  it('fills in what it leaves out', () => {
    const answer = parseAnswer({ from: '2026-11-01', to: '2026-11-01', sites: { a: {} } }, query)!;
    expect(answer.sites.a).toEqual({
      views: 0,
      visitors: 0,
      days: [],
      pages: {},
      referrers: {},
      sources: {},
      mediums: {},
      campaigns: {},
      devices: {},
      links: {},
      ctr: {},
      leads: 0,
      leads_by_source: {},
    });
    expect(parseAnswer([], query)).toBeNull();
    expect(parseAnswer({ sites: 1 }, query)).toBeNull();
  });

  it('makes every day of the range, with all sites summed', () => {
    const view = statsView(parseAnswer(fixture, query)!, '')!;
    expect(view.days).toHaveLength(30);
    expect(view.days[0]).toEqual({ day: '2026-10-28', views: 0, visitors: 0 });
    expect(view.days.at(-1)).toEqual({ day: '2026-11-26', views: 1060, visitors: 700 });
    expect(view.languages).toEqual([
      { key: 'en', label: 'en', count: 1000 },
      { key: 'ja', label: 'ja', count: 500 },
    ]);
    expect(view.landingClicks).toBe(42);
  });

  it('shows one site as it is', () => {
    const answer = parseAnswer(fixture, query)!;
    const view = statsView(answer, 'tts1')!;
    expect(view.languages).toBeUndefined();
    expect(view.landingClicks).toBeUndefined();
    expect(view.pages[1]).toEqual({
      key: 'tts1\0/article-detail/3',
      label: '/article-detail/3',
      count: 30,
      ctr: 0.2,
    });
    expect(statsView(answer, 'nope')).toBeNull();
    expect(siteSummaries(answer).map((s) => s.site)).toEqual(['waveads', 'enicf', 'tts1']);
  });
});
