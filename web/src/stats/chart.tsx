/**
 * Views and visitors per day: a uPlot line chart as wide as its box (redrawn when the box
 * resizes), and the same numbers in a table only screen readers see.
 */
import { useEffect, useRef } from 'react';
// uPlot: a small (about 50 KB minified, 20 KB gzip), fast canvas chart for time series, MIT,
// actively maintained, no dependencies. It styles its elements through element.style only (no
// inline <style>, no style attributes in markup), which the page's CSP allows.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayStats } from './api';
import { dayOf, dayStart } from './dates';
import { formatCount, formatDay, MONTHS } from './format';
import styles from './chart.module.css';

const VIEWS = '#3d5a8a';
const VISITORS = '#2f8a7e';
const AXIS = '#5e6672';
const GRID = '#e7e9ee';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

const DAY = 86_400;
/** Ticks on whole days, weeks or months (uPlot counts a month as 30 days and aligns it). */
const DAY_INCREMENTS = [1, 2, 3, 4, 5, 7, 14, 30, 60, 90, 180, 365].map((n) => n * DAY);

/** A tick: "28 Oct", or "Jan 2027" for a month. */
function tick(ts: number, step: number): string {
  const d = new Date(ts * 1000);
  const month = MONTHS[d.getUTCMonth()]!;
  return step >= 30 * DAY ? `${month} ${d.getUTCFullYear()}` : `${d.getUTCDate()} ${month}`;
}

/** Whole-number steps only: counts are never fractional. */
const INCREMENTS = [1, 2, 5].flatMap((m) => [0, 1, 2, 3, 4, 5, 6, 7, 8].map((e) => m * 10 ** e));
INCREMENTS.sort((a, b) => a - b);

function size(box: HTMLElement): { width: number; height: number } {
  const width = Math.max(260, Math.floor(box.clientWidth));
  return { width, height: width < 560 ? 220 : 300 };
}

function options(days: readonly DayStats[], box: HTMLElement): uPlot.Options {
  // Out of the chart (no day under the cursor), the legend says the range's totals.
  const total = (key: 'views' | 'visitors') => formatCount(days.reduce((n, d) => n + d[key], 0));
  const axis = {
    stroke: AXIS,
    font: FONT,
    grid: { stroke: GRID, width: 1 },
    ticks: { stroke: GRID, width: 1, size: 4 },
  };
  return {
    ...size(box),
    // Days are UTC days: show them as such, whatever the browser's time zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    // No zoom (the range is picked above), no horizontal cursor line.
    cursor: { y: false, drag: { x: false, y: false } },
    scales: {
      x: { time: true },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    series: [
      {
        label: 'Day',
        value: (_u, v) => (v === null ? 'all' : formatDay(dayOf(new Date(v * 1000)))),
      },
      {
        label: 'Views',
        stroke: VIEWS,
        width: 2,
        fill: 'rgba(61, 90, 138, 0.08)',
        value: (_u, v) => (v === null ? total('views') : formatCount(v)),
        points: { show: days.length <= 31 },
      },
      {
        label: 'Visitors',
        stroke: VISITORS,
        width: 2,
        value: (_u, v) => (v === null ? total('visitors') : formatCount(v)),
        points: { show: days.length <= 31 },
      },
    ],
    axes: [
      {
        ...axis,
        space: 56,
        incrs: DAY_INCREMENTS,
        values: (_u, splits, _axis, _space, step) => splits.map((ts) => tick(ts, step)),
      },
      {
        ...axis,
        incrs: INCREMENTS,
        size: (_u, values) => 14 + 7 * Math.max(2, ...(values ?? []).map((v) => v.length)),
        values: (_u, splits) => splits.map((v) => formatCount(v)),
      },
    ],
  };
}

export function DailyChart(props: { days: readonly DayStats[]; from: string; to: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { days } = props;

  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const data: uPlot.AlignedData = [
      days.map((d) => dayStart(d.day) / 1000),
      days.map((d) => d.views),
      days.map((d) => d.visitors),
    ];
    const chart = new uPlot(options(days, el), data, el);
    let width = el.clientWidth;
    const resize = () => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      chart.setSize(size(el));
    };
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    if (observer) observer.observe(el);
    else window.addEventListener('resize', resize);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [days]);

  return (
    <>
      <div
        ref={box}
        className={styles.chart}
        role="img"
        aria-label={`Chart of views and visitors per day, ${formatDay(props.from)} to ${formatDay(props.to)}. The numbers are in the table that follows.`}
      />
      {/* A table is as tall as its rows whatever its height: hide a box around it. */}
      <div className={styles.hidden}>
        <table>
          <caption>Views and visitors per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Visitors</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.views}</td>
                <td>{d.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
