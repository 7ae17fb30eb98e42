/**
 * A ranked list as an accessible table: a label, its count with a bar behind the label (its
 * share of the largest count; the bar's width is set from script, the CSP allows that), and
 * optional columns. Long lists show their first rows and a button for the rest.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { formatCount } from './format';
import type { Row } from './view';
import styles from './bar-table.module.css';

export interface Column<R> {
  readonly head: string;
  readonly cell: (row: R) => ReactNode;
}

export interface BarTableProps<R extends Row> {
  /** The id of the heading that names the table. */
  readonly labelledBy: string;
  readonly labelHead: string;
  readonly countHead: string;
  readonly rows: readonly R[];
  readonly columns?: readonly Column<R>[];
  /** Rows shown before "Show all". */
  readonly limit?: number;
  /** Said when there are no rows. */
  readonly empty?: string;
}

/** A bar `fraction` (0 to 1) of its cell wide. */
export function Bar(props: { fraction: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const f = Math.max(0, Math.min(1, props.fraction));
    if (ref.current) ref.current.style.width = `${(f * 100).toFixed(1)}%`;
  }, [props.fraction]);
  return <span ref={ref} className={styles.bar} aria-hidden="true" />;
}

export function RowLabel(props: { row: Row; max: number }) {
  return (
    <>
      <Bar fraction={props.max > 0 ? props.row.count / props.max : 0} />
      <span className={styles.labelText}>
        {props.row.prefix !== undefined && (
          <span className={styles.prefix}>{props.row.prefix} </span>
        )}
        {props.row.label}
      </span>
    </>
  );
}

export function BarTable<R extends Row>(props: BarTableProps<R>) {
  const { rows, columns = [], limit = 10 } = props;
  const [all, setAll] = useState(false);
  if (rows.length === 0) return <p className={styles.empty}>{props.empty ?? 'None.'}</p>;
  const max = Math.max(...rows.map((r) => r.count));
  const shown = all ? rows : rows.slice(0, limit);
  return (
    <>
      <table className={styles.table} aria-labelledby={props.labelledBy}>
        <thead>
          <tr>
            <th scope="col">{props.labelHead}</th>
            <th scope="col" className={styles.num}>
              {props.countHead}
            </th>
            {columns.map((c) => (
              <th key={c.head} scope="col" className={styles.num}>
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={styles.label}>
                <RowLabel row={row} max={max} />
              </th>
              <td className={styles.num}>{formatCount(row.count)}</td>
              {columns.map((c) => (
                <td key={c.head} className={styles.num}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > limit && (
        <button type="button" className={styles.more} onClick={() => setAll(!all)}>
          {all ? `Show the first ${limit}` : `Show all ${rows.length}`}
        </button>
      )}
    </>
  );
}
