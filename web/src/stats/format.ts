const NUMBER = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return NUMBER.format(n);
}

/** A rate (0.2) as a percent with one decimal ("20.0%"). */
export function formatPercent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** `2026-11-26` as "26 Nov 2026". */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}
