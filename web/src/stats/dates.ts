/** Calendar days as `YYYY-MM-DD`, in UTC (the server counts days in UTC). */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar day written `YYYY-MM-DD`, from the year 2000 on. */
export function isDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  if (m === null) return false;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  if (y < 2000) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Milliseconds since the epoch at the start of `day` (UTC). */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, n: number): string {
  return dayOf(new Date(dayStart(day) + n * DAY_MS));
}

/** Every day from `from` to `to`, both included (at most `limit`). */
export function daysBetween(from: string, to: string, limit = 1000): string[] {
  const out: string[] = [];
  for (let t = dayStart(from); t <= dayStart(to) && out.length < limit; t += DAY_MS)
    out.push(dayOf(new Date(t)));
  return out;
}

/** The `n` days ending with `today`. */
export function lastDays(today: string, n: number): { from: string; to: string } {
  return { from: addDays(today, -(n - 1)), to: today };
}
