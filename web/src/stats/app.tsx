/**
 * The operators' stats dashboard: a site (or all sites) and a range of UTC days, kept in the
 * URL (?site=&from=&to=) so a view can be shared and reloaded, and the figures the server's
 * /stats/api gives for them.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { fetchStats, type Outcome, type StatsAnswer } from './api';
import { BarTable, RowLabel } from './bar-table';
import { DailyChart } from './chart';
import { addDays, dayOf, isDay } from './dates';
import { formatCount, formatDay, formatPercent } from './format';
import { QUICK_RANGES, queryString, readQuery, type StatsQuery } from './query';
import { siteSummaries, statsView, type PageRow, type StatsView } from './view';
import styles from './app.module.css';
import tables from './bar-table.module.css';

export interface StatsAppProps {
  /** Today (UTC), `YYYY-MM-DD`; the clock's by default. */
  readonly today?: string;
}

function Panel(props: { title: string; wide?: boolean; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <section
      className={props.wide ? `${styles.panel} ${styles.wide}` : styles.panel}
      aria-labelledby={id}
    >
      <h2 id={id} className={styles.panelTitle}>
        {props.title}
      </h2>
      {props.children(id)}
    </section>
  );
}

function SubTable(props: { title: string; labelHead: string; rows: StatsView['sources'] }) {
  const id = useId();
  return (
    <div className={styles.sub}>
      <h3 id={id} className={styles.subTitle}>
        {props.title}
      </h3>
      <BarTable labelledBy={id} labelHead={props.labelHead} countHead="Views" rows={props.rows} />
    </div>
  );
}

function Headline(props: { view: StatsView; all: boolean }) {
  const { view } = props;
  const items: { label: string; value: number; note?: string }[] = [
    { label: 'Views', value: view.views },
    {
      label: 'Visitors',
      value: view.visitors,
      note: props.all ? 'daily uniques, summed per site' : 'sum of daily uniques',
    },
    { label: 'Link clicks', value: view.linkClicks },
    { label: 'Leads', value: view.leads },
  ];
  if (view.landingClicks !== undefined)
    items.push({ label: 'App Store clicks', value: view.landingClicks, note: 'landing page' });
  return (
    <dl className={styles.headline}>
      {items.map((item) => (
        <div key={item.label} className={styles.figure}>
          <dt className={styles.figureLabel}>{item.label}</dt>
          <dd className={styles.figureValue}>{formatCount(item.value)}</dd>
          {item.note !== undefined && <dd className={styles.figureNote}>{item.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

function SiteTable(props: { answer: StatsAnswer; onPick: (site: string) => void }) {
  const rows = siteSummaries(props.answer);
  const total = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
  return (
    <Panel title="Sites" wide>
      {(id) =>
        rows.length === 0 ? (
          <p className={tables.empty}>No site has statistics in this period.</p>
        ) : (
          <div className={styles.scroll}>
            <table className={tables.table} aria-labelledby={id}>
              <thead>
                <tr>
                  <th scope="col">Site</th>
                  <th scope="col" className={tables.num}>
                    Views
                  </th>
                  <th scope="col" className={tables.num}>
                    Visitors
                  </th>
                  <th scope="col" className={tables.num}>
                    Clicks
                  </th>
                  <th scope="col" className={tables.num}>
                    Leads
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.site}>
                    <th scope="row">
                      <button
                        type="button"
                        className={styles.linkButton}
                        onClick={() => props.onPick(r.site)}
                      >
                        {r.site}
                      </button>
                    </th>
                    <td className={tables.num}>{formatCount(r.views)}</td>
                    <td className={tables.num}>{formatCount(r.visitors)}</td>
                    <td className={tables.num}>{formatCount(r.linkClicks)}</td>
                    <td className={tables.num}>{formatCount(r.leads)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All sites</th>
                  <td className={tables.num}>{formatCount(total((r) => r.views))}</td>
                  <td className={tables.num}>{formatCount(total((r) => r.visitors))}</td>
                  <td className={tables.num}>{formatCount(total((r) => r.linkClicks))}</td>
                  <td className={tables.num}>{formatCount(total((r) => r.leads))}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )
      }
    </Panel>
  );
}

const ctrColumn = {
  head: 'CTR',
  cell: (row: PageRow) => (row.ctr === undefined ? '–' : formatPercent(row.ctr)),
};

function Figures(props: {
  view: StatsView;
  answer: StatsAnswer;
  all: boolean;
  onPick: (site: string) => void;
}) {
  const { view } = props;
  const linkMax = Math.max(0, ...view.links.map((l) => l.clicks));
  return (
    <>
      <Headline view={view} all={props.all} />
      {props.all && <SiteTable answer={props.answer} onPick={props.onPick} />}
      <Panel title="Views and visitors per day" wide>
        {() => <DailyChart days={view.days} from={props.answer.from} to={props.answer.to} />}
      </Panel>
      <div className={styles.grid}>
        <Panel title="Top pages">
          {(id) => (
            <BarTable
              labelledBy={id}
              labelHead="Page"
              countHead="Views"
              rows={view.pages}
              columns={[ctrColumn]}
              empty="No page views."
            />
          )}
        </Panel>
        <Panel title="Referrers">
          {(id) => (
            <BarTable
              labelledBy={id}
              labelHead="Referrer"
              countHead="Views"
              rows={view.referrers}
            />
          )}
        </Panel>
        <Panel title="Campaigns">
          {() => (
            <>
              <SubTable title="Sources" labelHead="Source" rows={view.sources} />
              <SubTable title="Mediums" labelHead="Medium" rows={view.mediums} />
              <SubTable title="Campaigns" labelHead="Campaign" rows={view.campaigns} />
            </>
          )}
        </Panel>
        <Panel title="Devices">
          {(id) => (
            <BarTable labelledBy={id} labelHead="Device" countHead="Views" rows={view.devices} />
          )}
        </Panel>
        {view.languages !== undefined && (
          <Panel title="Languages">
            {(id) => (
              <BarTable
                labelledBy={id}
                labelHead="Language"
                countHead="Views"
                rows={view.languages ?? []}
              />
            )}
          </Panel>
        )}
        <Panel title="Links">
          {(id) =>
            view.links.length === 0 ? (
              <p className={tables.empty}>No link clicks.</p>
            ) : (
              <table className={tables.table} aria-labelledby={id}>
                <thead>
                  <tr>
                    <th scope="col">Link</th>
                    <th scope="col" className={tables.num}>
                      Clicks
                    </th>
                    <th scope="col">Clicked from</th>
                  </tr>
                </thead>
                <tbody>
                  {view.links.map((link) => (
                    <tr key={link.slug}>
                      <th scope="row" className={tables.label}>
                        <RowLabel
                          row={{ key: link.slug, label: link.slug, count: link.clicks }}
                          max={linkMax}
                        />
                      </th>
                      <td className={tables.num}>{formatCount(link.clicks)}</td>
                      <td className={styles.from}>
                        {link.from.length === 0
                          ? '–'
                          : link.from.slice(0, 3).map((f) => (
                              <span key={f.key} className={styles.fromItem}>
                                {f.prefix !== undefined && `${f.prefix} `}
                                {f.label}: {formatCount(f.count)}
                              </span>
                            ))}
                        {link.from.length > 3 && (
                          <span className={styles.fromItem}>+{link.from.length - 3} more</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </Panel>
        <Panel title="Leads by source">
          {(id) => (
            <BarTable
              labelledBy={id}
              labelHead="Source"
              countHead="Leads"
              rows={view.leadsBySource}
              empty="No leads."
            />
          )}
        </Panel>
      </div>
    </>
  );
}

const sameQuery = (a: StatsQuery, b: StatsQuery) =>
  a.site === b.site && a.from === b.from && a.to === b.to;

export function StatsApp(props: StatsAppProps) {
  const today = props.today ?? dayOf(new Date());
  const [query, setQuery] = useState(() => readQuery(window.location.search, today));
  // What the date inputs hold, which may be half-typed; the query changes on a whole day only.
  const [drafts, setDrafts] = useState({ from: query.from, to: query.to });
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; outcome: Outcome } | null>(null);
  const [answer, setAnswer] = useState<StatsAnswer | null>(null);
  // Every site any answer named: the picker keeps them when one site is shown.
  const [known, setKnown] = useState<readonly string[]>([]);
  const key = `${queryString(query)}#${attempt}`;

  useEffect(() => {
    const url = `${window.location.pathname}?${queryString(query)}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  }, [query]);

  useEffect(() => {
    const controller = new AbortController();
    fetchStats(query, controller.signal).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        setResult({ key, outcome });
        if (!outcome.ok) return;
        setAnswer(outcome.answer);
        setKnown((k) => [...new Set([...k, ...Object.keys(outcome.answer.sites)])].sort());
      },
      () => {
        // Aborted: a newer query took its place.
      },
    );
    return () => controller.abort();
  }, [query, key]);

  const change = (next: StatsQuery) => {
    setDrafts({ from: next.from, to: next.to });
    if (!sameQuery(next, query)) setQuery(next);
  };

  const changeDay = (end: 'from' | 'to', value: string) => {
    setDrafts({ ...drafts, [end]: value });
    if (!isDay(value) || value > today) return;
    let next = { ...query, [end]: value };
    // One end moved past the other: the other follows it.
    if (next.from > next.to)
      next = end === 'from' ? { ...next, to: value } : { ...next, from: value };
    change(next);
  };

  const loading = result?.key !== key;
  const failed = !loading && result !== null && !result.outcome.ok ? result.outcome : null;
  const lastOk = result === null || result.outcome.ok;
  const shown = failed === null && answer !== null && (!loading || lastOk) ? answer : null;
  // Kept while nothing it depends on changes: the chart is redrawn only for new figures.
  const view = useMemo(() => shown && statsView(shown, query.site), [shown, query.site]);
  const sites = [...new Set([...known, ...(query.site ? [query.site] : [])])].sort();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1 className={styles.title}>Stats</h1>
          <p className={styles.range}>
            {query.site || 'All sites'} · {formatDay(query.from)} – {formatDay(query.to)} (UTC)
          </p>
        </div>
        <form className={styles.controls} onSubmit={(e) => e.preventDefault()}>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Site</span>
            <select
              className={styles.input}
              value={query.site}
              onChange={(e) => change({ ...query, site: e.target.value })}
            >
              <option value="">All sites</option>
              {sites.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>From</span>
            <input
              className={styles.input}
              type="date"
              value={drafts.from}
              min="2000-01-01"
              max={today}
              required
              onChange={(e) => changeDay('from', e.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>To</span>
            <input
              className={styles.input}
              type="date"
              value={drafts.to}
              min="2000-01-01"
              max={today}
              required
              onChange={(e) => changeDay('to', e.target.value)}
            />
          </label>
          <div className={styles.quick} role="group" aria-label="Quick ranges">
            {QUICK_RANGES.map((n) => {
              const from = addDays(today, -(n - 1));
              const active = query.from === from && query.to === today;
              return (
                <button
                  key={n}
                  type="button"
                  className={styles.quickButton}
                  aria-pressed={active}
                  onClick={() => change({ ...query, from, to: today })}
                >
                  {n} days
                </button>
              );
            })}
          </div>
        </form>
      </header>

      <main className={styles.main} aria-busy={loading}>
        <p className={styles.status} role="status">
          {loading ? (shown ? 'Updating…' : 'Loading the statistics…') : ''}
        </p>
        {failed !== null && (
          <div className={styles.error} role="alert">
            <p>{failed.message}</p>
            {failed.detail !== undefined && <p className={styles.detail}>{failed.detail}</p>}
            <button type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {shown !== null && view === null && (
          <p className={styles.notice}>No statistics for “{query.site}” in this period.</p>
        )}
        {shown !== null && view !== null && (
          <div className={loading ? styles.stale : undefined}>
            <Figures
              view={view}
              answer={shown}
              all={query.site === ''}
              onPick={(site) => change({ ...query, site })}
            />
          </div>
        )}
      </main>
      <footer className={styles.footer}>
        <p>
          Days are UTC days. Visitors are unique per day and site; over a range they are the sum of
          the days.
        </p>
      </footer>
    </div>
  );
}
