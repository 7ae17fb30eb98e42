/**
 * How a detail page's id segment is matched against the known article ids.
 *
 * - "number": the segment must be ASCII digits; it is compared in canonical decimal form, so
 *   "01" and "1" are the same article. Anything else ("1.0", "-1", "abc", "") is malformed.
 * - "string": the segment is compared exactly ("01" is not "1").
 *
 * The C++ server applies the same rule from manifest.json ("id": "number" | "string").
 */
export type IdKind = 'number' | 'string';

const DIGITS = /^[0-9]+$/;

/** The canonical form of a raw id segment, or null when the segment can never name an article. */
export function canonicalId(kind: IdKind, raw: string): string | null {
  if (raw === '' || raw.includes('/')) return null;
  if (kind === 'string') return raw;
  if (!DIGITS.test(raw)) return null;
  const trimmed = raw.replace(/^0+/, '');
  return trimmed === '' ? '0' : trimmed;
}

/** The entry of `known` (keyed by canonical id) that `raw` names under `kind`, if any. */
export function lookupId<T>(
  kind: IdKind,
  raw: string | undefined,
  known: ReadonlyMap<string, T>,
): T | undefined {
  if (raw === undefined) return undefined;
  const id = canonicalId(kind, raw);
  return id === null ? undefined : known.get(id);
}
