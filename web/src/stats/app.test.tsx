import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_ACCESS } from './api';
import { StatsApp } from './app';
import fixture from './fixtures/stats.json';

// jsdom has no canvas: a stand-in for uPlot that records what the chart was given.
const charts = vi.hoisted(
  () =>
    [] as {
      opts: { width: number; height: number; series: { label?: string }[] };
      data: number[][];
      el: HTMLElement;
      sizes: { width: number; height: number }[];
      destroyed: boolean;
    }[],
);
vi.mock('uplot', () => ({
  default: class FakePlot {
    static tzDate = (date: Date) => date;
    destroyed = false;
    sizes: { width: number; height: number }[] = [];
    constructor(
      readonly opts: (typeof charts)[number]['opts'],
      readonly data: number[][],
      readonly el: HTMLElement,
    ) {
      charts.push(this);
    }
    setSize(size: { width: number; height: number }) {
      this.sizes.push(size);
    }
    destroy() {
      this.destroyed = true;
    }
  },
}));

const TODAY = '2026-11-26';

interface Answer {
  status: number;
  body?: unknown;
}

let answers: Answer[];
const fetchMock = vi.fn((_url: string, _init?: RequestInit) => {
  const next = answers.length > 1 ? answers.shift()! : answers[0]!;
  return Promise.resolve({
    status: next.status,
    ok: next.status === 200,
    json: () => Promise.resolve(next.body),
  } as Response);
});

beforeEach(() => {
  answers = [{ status: 200, body: fixture }];
  fetchMock.mockClear();
  charts.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/stats/');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(search = '') {
  window.history.replaceState(null, '', `/stats/${search}`);
  return render(<StatsApp today={TODAY} />);
}

/** The headline figure labelled `label`. */
function figure(label: string): string {
  const dt = screen.getByText(label, { selector: 'dt' });
  return dt.nextElementSibling!.textContent!;
}

/** The rows of the table named `name`, each as its cells' text. */
function rows(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent!.trim()));
}

const lastUrl = () => fetchMock.mock.calls.at(-1)![0];

describe('the stats dashboard, one site', () => {
  it('asks the API for the site and range, with the credentials', async () => {
    open('?site=tts1&from=2026-11-01&to=2026-11-26');
    await screen.findByText('Views', { selector: 'dt' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('api?site=tts1&from=2026-11-01&to=2026-11-26');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('shows the headline numbers', async () => {
    open('?site=tts1');
    await screen.findByText('Views', { selector: 'dt' });
    expect(figure('Views')).toBe('120');
    expect(figure('Visitors')).toBe('80');
    expect(figure('Link clicks')).toBe('7');
    expect(figure('Leads')).toBe('2');
    expect(screen.queryByText('App Store clicks')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Sites' })).toBeNull();
  });

  it('lists pages with their CTR as a percent with one decimal', async () => {
    open('?site=tts1');
    await screen.findByRole('table', { name: 'Top pages' });
    expect(rows('Top pages')).toEqual([
      ['/', '90', '–'],
      ['/article-detail/3', '30', '20.0%'],
    ]);
  });

  it('lists referrers, campaigns, devices, links and leads, empty keys named', async () => {
    open('?site=tts1');
    await screen.findByRole('table', { name: 'Referrers' });
    expect(rows('Referrers')).toEqual([
      ['direct', '100'],
      ['https://news.example', '20'],
    ]);
    expect(rows('Sources')).toEqual([['newsletter', '5']]);
    expect(rows('Mediums')).toEqual([['email', '5']]);
    expect(rows('Campaigns')).toEqual([['spring-sale', '5']]);
    expect(rows('Devices')).toEqual([
      ['mobile', '70'],
      ['desktop', '40'],
      ['tablet', '10'],
    ]);
    expect(rows('Links')).toEqual([['sephora', '7', 'article 3: 6(none): 1']]);
    expect(rows('Leads by source')).toEqual([
      ['(none)', '1'],
      ['google', '1'],
    ]);
    // No languages for a blog.
    expect(screen.queryByRole('heading', { name: 'Languages' })).toBeNull();
  });

  it('sets each bar from its share of the largest count', async () => {
    open('?site=tts1');
    const table = await screen.findByRole('table', { name: 'Devices' });
    const bars = [...table.querySelectorAll<HTMLElement>('tbody [aria-hidden="true"]')];
    expect(bars.map((b) => b.style.width)).toEqual(['100%', '57.1%', '14.3%']);
  });

  it('says so when a section is empty', async () => {
    open('?site=waveads');
    await screen.findByText('Views', { selector: 'dt' });
    expect(screen.getByText('No link clicks.')).toBeTruthy();
    const campaigns = screen.getByRole('region', { name: 'Campaigns' });
    expect(within(campaigns).getAllByText('None.')).toHaveLength(3);
    expect(rows('Languages')).toEqual([
      ['en', '1,000'],
      ['ja', '500'],
    ]);
  });

  it('draws views and visitors per day, also as a table', async () => {
    open('?site=tts1');
    const chart = await screen.findByRole('img', { name: /views and visitors per day/i });
    // The chart is drawn in a passive effect, which may run after the box is in the page.
    await waitFor(() => expect(charts).toHaveLength(1));
    const plot = charts[0]!;
    expect(plot.el).toBe(chart);
    expect(plot.opts.series.map((s) => s.label)).toEqual(['Day', 'Views', 'Visitors']);
    // Every day of the range, zeros included.
    expect(plot.data[0]).toHaveLength(30);
    expect(plot.data[0]![0]).toBe(Date.UTC(2026, 9, 28) / 1000);
    expect(plot.data[1]!.slice(-3)).toEqual([0, 60, 60]);
    expect(plot.data[2]!.slice(-3)).toEqual([0, 40, 40]);
    const table = screen.getByRole('table', { name: 'Views and visitors per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(rows('Views and visitors per day').at(-1)).toEqual(['2026-11-26', '60', '40']);
  });

  it('redraws the chart at the width of its box, and anew for other figures', async () => {
    open('?site=tts1');
    const chart = await screen.findByRole('img', { name: /views and visitors per day/i });
    await waitFor(() => expect(charts).toHaveLength(1));
    // jsdom lays nothing out, and has no ResizeObserver: the window's resize stands in.
    Object.defineProperty(chart, 'clientWidth', { configurable: true, value: 900 });
    fireEvent(window, new Event('resize'));
    expect(charts[0]!.sizes).toEqual([{ width: 900, height: 300 }]);
    Object.defineProperty(chart, 'clientWidth', { configurable: true, value: 360 });
    fireEvent(window, new Event('resize'));
    expect(charts[0]!.sizes.at(-1)).toEqual({ width: 360, height: 220 });
    // Half a date typed: the same figures, the same chart.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(charts).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(lastUrl()).toContain('from=2026-11-20'));
    await waitFor(() => expect(charts).toHaveLength(2));
    expect(charts[0]!.destroyed).toBe(true);
    expect(charts[1]!.destroyed).toBe(false);
  });

  it('says when the answer has no such site', async () => {
    open('?site=nope');
    expect(await screen.findByText('No statistics for “nope” in this period.')).toBeTruthy();
  });
});

describe('the stats dashboard, all sites', () => {
  it('sums the figures over the sites', async () => {
    open();
    await screen.findByText('Views', { selector: 'dt' });
    expect(fetchMock.mock.calls[0]![0]).toBe('api?site=&from=2026-10-28&to=2026-11-26');
    expect(figure('Views')).toBe('1,920');
    expect(figure('Visitors')).toBe('1,230');
    expect(figure('Link clicks')).toBe('10');
    expect(figure('Leads')).toBe('14');
    expect(figure('App Store clicks')).toBe('42');
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(charts[0]!.data[1]!.slice(-2)).toEqual([860, 1060]);
  });

  it('has a line per site and the totals', async () => {
    open();
    await screen.findByRole('table', { name: 'Sites' });
    expect(rows('Sites')).toEqual([
      ['waveads', '1,500', '900', '0', '12'],
      ['enicf', '300', '250', '3', '0'],
      ['tts1', '120', '80', '7', '2'],
      ['All sites', '1,920', '1,230', '10', '14'],
    ]);
  });

  it('keeps each page with its site, and sums the rest by name', async () => {
    open();
    await screen.findByRole('table', { name: 'Top pages' });
    expect(rows('Top pages')).toEqual([
      ['waveads /', '1,200', '–'],
      ['enicf /', '300', '14.0%'],
      ['waveads /contact-us', '300', '–'],
      ['tts1 /', '90', '–'],
      ['tts1 /article-detail/3', '30', '20.0%'],
    ]);
    expect(rows('Referrers')).toEqual([
      ['direct', '1,400'],
      ['https://news.example', '520'],
    ]);
    expect(rows('Links')).toEqual([
      ['sephora', '10', 'tts1 article 3: 6enicf (none): 3tts1 (none): 1'],
    ]);
    expect(rows('Leads by source')).toEqual([
      ['google', '11'],
      ['linkedin', '2'],
      ['(none)', '1'],
    ]);
  });

  it('opens a site from its line, and keeps the other sites in the picker', async () => {
    open();
    const sites = await screen.findByRole('table', { name: 'Sites' });
    answers = [{ status: 200, body: { ...fixture, sites: { tts1: fixture.sites.tts1 } } }];
    fireEvent.click(within(sites).getByRole('button', { name: 'tts1' }));
    await waitFor(() => expect(figure('Views')).toBe('120'));
    expect(lastUrl()).toBe('api?site=tts1&from=2026-10-28&to=2026-11-26');
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Site' });
    expect(picker.value).toBe('tts1');
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'All sites',
      'enicf',
      'tts1',
      'waveads',
    ]);
  });
});

describe('errors', () => {
  it.each([401, 404])('HTTP %i: no access, and a retry button', async (status) => {
    answers = [{ status }];
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NO_ACCESS);
    expect(screen.queryByText('Views', { selector: 'dt' })).toBeNull();
  });

  it('other answers: the status, and retrying loads the figures', async () => {
    answers = [{ status: 500 }, { status: 200, body: fixture }];
    open('?site=tts1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The statistics could not be loaded (HTTP 500).');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure('Views')).toBe('120'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a refused query: the server's reason", async () => {
    answers = [{ status: 400, body: { code: 400, msg: 'site: no site "nope"', data: null } }];
    open('?site=nope');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The statistics could not be loaded (HTTP 400).');
    expect(alert.textContent).toContain('site: no site "nope"');
  });

  it('no answer at all, or one that is not the statistics', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('no answer from the server');
    answers = [{ status: 200, body: ['not', 'stats'] }];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('the answer was not understood'),
    );
  });
});

describe('the URL', () => {
  it('says the default view: all sites, the last 30 days', async () => {
    open();
    await screen.findByText('Views', { selector: 'dt' });
    expect(window.location.pathname).toBe('/stats/');
    expect(window.location.search).toBe('?site=&from=2026-10-28&to=2026-11-26');
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('opens the view it says, and follows the controls', async () => {
    open('?site=tts1&from=2026-11-01&to=2026-11-20');
    await screen.findByText('Views', { selector: 'dt' });
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-11-01');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-11-20');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Site' }).value).toBe('tts1');

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(lastUrl()).toBe('api?site=tts1&from=2026-11-20&to=2026-11-26'));
    expect(window.location.search).toBe('?site=tts1&from=2026-11-20&to=2026-11-26');
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    await waitFor(() =>
      expect(window.location.search).toBe('?site=tts1&from=2026-09-01&to=2026-11-26'),
    );
    expect(lastUrl()).toBe('api?site=tts1&from=2026-09-01&to=2026-11-26');

    fireEvent.change(screen.getByRole('combobox', { name: 'Site' }), { target: { value: '' } });
    await waitFor(() =>
      expect(window.location.search).toBe('?site=&from=2026-09-01&to=2026-11-26'),
    );
  });

  it('moves the other end when one passes it, and waits for a whole day', async () => {
    open('?site=&from=2026-11-01&to=2026-11-10');
    await screen.findByText('Views', { selector: 'dt' });
    const calls = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-01-01' } });
    await act(() => Promise.resolve());
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(window.location.search).toBe('?site=&from=2026-11-01&to=2026-11-10');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-15' } });
    await waitFor(() =>
      expect(window.location.search).toBe('?site=&from=2026-11-15&to=2026-11-15'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-11-15');
  });

  it('ignores dates that are not days', async () => {
    open('?site=tts1&from=2026-02-30&to=soon');
    await screen.findByText('Views', { selector: 'dt' });
    expect(window.location.search).toBe('?site=tts1&from=2026-10-28&to=2026-11-26');
  });
});
