import type { IdKind } from '../routes/id-rule';

/**
 * The schema of the article content in content/<site>/ (see content/README.md), as hand-written
 * type guards. Every parse function takes the JSON value and the file it came from, and throws
 * a ContentError naming the file and the field on the first problem. Unknown fields are errors
 * too, so a misspelt key does not silently drop content.
 */

export interface ImageRef {
  /** File name in content/<site>/images/. */
  readonly src: string;
  readonly alt: string;
}

/**
 * A piece of a paragraph or a list item: text, or text in emphasis, in code, or in a link. A
 * link goes through the link registry (`go`: a slug of content/links.toml) or to another article
 * of the same blog (`article`: its id); nothing else links out of an article.
 */
export type Inline =
  | string
  | { readonly em: readonly Inline[] }
  | { readonly strong: readonly Inline[] }
  | { readonly code: string }
  | { readonly br: true }
  | { readonly go: string; readonly children: readonly Inline[] }
  | { readonly article: string; readonly children: readonly Inline[] };

/** A paragraph, or a list (bulleted or numbered) of items. */
export type Block =
  | { readonly p: readonly Inline[] }
  | { readonly list: 'ul' | 'ol'; readonly items: readonly (readonly Inline[])[] };

export interface Section {
  readonly heading: string;
  readonly image?: ImageRef;
  readonly blocks: readonly Block[];
}

export interface Article {
  /** Canonical id as a string: "3" for the number 3, the string itself for string ids. */
  readonly id: string;
  readonly title: string;
  /** As written in the file, in the site's date format. */
  readonly date: string;
  /** The same date as YYYY-MM-DD, for <time datetime>. */
  readonly isoDate: string;
  /** When the article was last revised, if it was: in the same two forms. */
  readonly updated?: { readonly date: string; readonly isoDate: string };
  readonly excerpt: string;
  readonly image: ImageRef;
  readonly sections: readonly Section[];
  /** `draft: true` in its front matter: only the preview shows it (content/README.md). */
  readonly draft?: true;
  /**
   * When it goes live (ms since 1970, UTC), when its `date` gave a time: before it, the
   * article is not published anywhere; the server switches to the pages that show it then.
   */
  readonly publishAt?: number;
  /** When it expires (ms since 1970, UTC): from then it is gone (410) and in no list. */
  readonly expiresAt?: number;
  /**
   * Set by the writer's preview only, for the band its page shows: a draft, or an article whose
   * `date` is still to come. A published build never sets it.
   */
  readonly preview?: 'draft' | 'scheduled';
}

/** tts1's featured block: one featured article and four related ones, by id. */
export interface Featured {
  readonly article: string;
  readonly related: readonly string[];
}

export interface CollectionItem {
  readonly id: string;
  readonly title: string;
  readonly date: string;
  readonly isoDate: string;
  readonly image: ImageRef;
}

export interface FranceRow extends CollectionItem {
  readonly items: readonly CollectionItem[];
}

/** kuponz2's France page: three rows of four sub-items. */
export interface France {
  readonly rows: readonly FranceRow[];
}

/** "long": `January 13, 2025`; "iso": `2025-05-10`. */
export type DateStyle = 'long' | 'iso';

export interface ArticleRules {
  readonly idKind: IdKind;
  readonly dateStyle: DateStyle;
  /** Sections the article must have of its own (the shop adds two common ones). */
  readonly minSections: number;
}

export const FRANCE_ROWS = 3;
export const FRANCE_ITEMS_PER_ROW = 4;
export const FEATURED_RELATED = 4;
export const COMMON_SECTIONS = 2;
/** An article's own sections must hold at least this many words (content/README.md). */
export const MIN_ARTICLE_WORDS = 500;

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${file}: ${field === '' ? '' : `${field}: `}${problem}`);
    this.name = 'ContentError';
  }
}

// ---------------------------------------------------------------------------------------------
// Primitive readers. `at` is the dotted path of the value inside the file, for error messages.

class Reader {
  constructor(readonly file: string) {}

  fail(at: string, problem: string): never {
    throw new ContentError(this.file, at, problem);
  }

  object(value: unknown, at: string, keys: readonly string[], optional: readonly string[] = []) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.fail(at, 'expected an object');
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!keys.includes(key) && !optional.includes(key)) {
        this.fail(join(at, key), `unknown field (expected ${[...keys, ...optional].join(', ')})`);
      }
    }
    for (const key of keys) {
      if (!(key in record)) this.fail(join(at, key), 'missing');
    }
    return record;
  }

  text(value: unknown, at: string): string {
    if (typeof value !== 'string' || value.trim() === '') {
      this.fail(at, 'expected a non-empty string');
    }
    if (value !== value.trim()) this.fail(at, 'has leading or trailing white space');
    return value;
  }

  array(value: unknown, at: string, min: number, max = Infinity): unknown[] {
    if (!Array.isArray(value)) this.fail(at, 'expected an array');
    if (value.length < min || value.length > max) {
      const want =
        min === max ? `exactly ${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
      this.fail(at, `expected ${want} entries, found ${value.length}`);
    }
    return value;
  }

  id(value: unknown, at: string, kind: IdKind): string {
    if (kind === 'number') {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
        this.fail(at, 'expected a positive whole number');
      }
      return String(value);
    }
    if (typeof value !== 'string' || !STRING_ID_RE.test(value)) {
      this.fail(at, 'expected a string id of lower-case letters, digits and inner hyphens');
    }
    if (value === 'empty') this.fail(at, '"empty" is reserved for the empty-article page');
    return value;
  }

  /** An id that only tells items apart (never part of a URL): a whole number or a slug. */
  anyId(value: unknown, at: string): string {
    return typeof value === 'number' ? this.id(value, at, 'number') : this.id(value, at, 'string');
  }

  date(value: unknown, at: string, style: DateStyle | 'any'): { date: string; isoDate: string } {
    const date = this.text(value, at);
    const isoDate =
      style === 'iso'
        ? checkIsoDate(date)
        : style === 'long'
          ? longDateToIso(date)
          : (checkIsoDate(date) ?? longDateToIso(date));
    if (isoDate === null) {
      const want = {
        iso: '2025-05-10',
        long: 'January 13, 2025',
        any: 'January 13, 2025 or 2025-05-10',
      };
      this.fail(at, `expected a date like ${want[style]}`);
    }
    return { date, isoDate };
  }

  /**
   * An article's `date`: a date in the site's style, or a moment (ISO 8601 with a time and an
   * offset: 2026-12-01T09:00:00+01:00) shown as its date in the site's style, when it goes live.
   */
  publication(
    value: unknown,
    at: string,
    style: DateStyle,
  ): { date: string; isoDate: string; publishAt?: number } {
    if (typeof value === 'string' && value.includes('T')) {
      const moment = this.moment(value, at);
      const isoDate = value.slice(0, 10);
      return { date: style === 'iso' ? isoDate : isoToLong(isoDate), isoDate, publishAt: moment };
    }
    return this.date(value, at, style);
  }

  /** A moment: ISO 8601 with a time and an offset (Z or ±hh:mm), or a date (its 00:00 UTC). */
  moment(value: unknown, at: string): number {
    const text = this.text(value, at);
    const m = MOMENT_RE.exec(text);
    const dateOnly = m === null ? checkIsoDate(text) : null;
    if (m === null && dateOnly === null) {
      this.fail(at, 'expected a moment like 2026-12-01T09:00:00+01:00 (or a date, 2026-12-01)');
    }
    if (m !== null && checkIsoDate(text.slice(0, 10)) === null) this.fail(at, 'is not a real date');
    const ms = Date.parse(dateOnly !== null ? `${dateOnly}T00:00:00Z` : text);
    if (Number.isNaN(ms)) this.fail(at, 'is not a real moment');
    return ms;
  }

  image(value: unknown, at: string): ImageRef {
    const record = this.object(value, at, ['src', 'alt']);
    const src = this.text(record.src, join(at, 'src'));
    if (!IMAGE_SRC_RE.test(src))
      this.fail(join(at, 'src'), 'expected a file name like 3-cover.svg');
    return { src, alt: this.text(record.alt, join(at, 'alt')) };
  }

  /** A section written as JSON (kuponz2's common sections): plain paragraphs. */
  section(value: unknown, at: string): Section {
    const record = this.object(value, at, ['heading', 'paragraphs'], ['image']);
    const heading = this.text(record.heading, join(at, 'heading'));
    const blocks = this.array(record.paragraphs, join(at, 'paragraphs'), 1).map((p, i) => ({
      p: [this.text(p, `${join(at, 'paragraphs')}[${i}]`)],
    }));
    return record.image === undefined
      ? { heading, blocks }
      : { heading, image: this.image(record.image, join(at, 'image')), blocks };
  }

  sections(value: unknown, at: string, min: number, max = Infinity): Section[] {
    return this.array(value, at, min, max).map((s, i) => this.section(s, `${at}[${i}]`));
  }
}

/** Lower-case slugs; "_" (and any other symbol) can never be an id, see EMPTY_ARTICLE_SEGMENT. */
const STRING_ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const IMAGE_SRC_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.svg$/;

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function validDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `January 13, 2025` -> `2025-01-13`, or null. */
export function longDateToIso(text: string): string | null {
  const m = /^([A-Z][a-z]+) ([1-9]|[12][0-9]|3[01]), ([0-9]{4})$/.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!) + 1;
  const day = Number(m[2]);
  const year = Number(m[3]);
  if (month === 0 || !validDay(year, month, day)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** ISO 8601 with a time and an offset; seconds and fractions optional. */
const MOMENT_RE =
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** 2025-01-13 as the long style writes it: January 13, 2025. */
export function isoToLong(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[m! - 1]} ${d}, ${y}`;
}

function checkIsoDate(text: string): string | null {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (!m) return null;
  return validDay(Number(m[1]), Number(m[2]), Number(m[3])) ? text : null;
}

/** The text of inline content, as a reader reads it. */
export function inlineText(content: readonly Inline[]): string {
  return content
    .map((i) => {
      if (typeof i === 'string') return i;
      if ('code' in i) return i.code;
      if ('br' in i) return ' ';
      return inlineText('em' in i ? i.em : 'strong' in i ? i.strong : i.children);
    })
    .join('');
}

/** The text of each paragraph and list item of `sections`. */
export function blockTexts(sections: readonly Section[]): string[] {
  return sections
    .flatMap((s) => s.blocks)
    .flatMap((b) => ('p' in b ? [inlineText(b.p)] : b.items.map(inlineText)));
}

export function countWords(sections: readonly Section[]): number {
  return blockTexts(sections).reduce((n, p) => n + p.split(/\s+/).filter(Boolean).length, 0);
}

// ---------------------------------------------------------------------------------------------
// Files

/**
 * An article: its front matter (`value`, from the YAML of content/<site>/articles/<id>.md) and
 * its sections (parsed from the Markdown, markdown.ts). `fileId` is the file name without its
 * extension `ext`; the id in the file must name the same article.
 */
export function parseArticle(
  value: unknown,
  file: string,
  fileId: string,
  rules: ArticleRules,
  sections: readonly Section[],
  ext = '.md',
): Article {
  const r = new Reader(file);
  const record = r.object(
    value,
    '',
    ['id', 'title', 'date', 'excerpt', 'image'],
    ['updated', 'draft', 'expires'],
  );
  if (record.draft !== undefined && typeof record.draft !== 'boolean') {
    r.fail('draft', 'expected true or false');
  }
  // A string id written as a number in YAML (id: 3) is still that id.
  const rawId =
    rules.idKind === 'string' && typeof record.id === 'number' ? String(record.id) : record.id;
  const id = r.id(rawId, 'id', rules.idKind);
  if (id !== fileId)
    r.fail('id', `is ${JSON.stringify(record.id)} but the file is named ${fileId}${ext}`);
  const published = r.publication(record.date, 'date', rules.dateStyle);
  const expiresAt = record.expires === undefined ? undefined : r.moment(record.expires, 'expires');
  if (
    expiresAt !== undefined &&
    expiresAt <= (published.publishAt ?? Date.parse(`${published.isoDate}T00:00:00Z`))
  ) {
    r.fail('expires', 'must come after the date');
  }
  const updated =
    record.updated === undefined ? undefined : r.date(record.updated, 'updated', rules.dateStyle);
  if (updated !== undefined && updated.isoDate <= published.isoDate) {
    r.fail('updated', `must come after the date (${published.date})`);
  }
  return {
    id,
    title: r.text(record.title, 'title'),
    ...published,
    ...(updated !== undefined ? { updated } : {}),
    excerpt: r.text(record.excerpt, 'excerpt'),
    image: r.image(record.image, 'image'),
    sections: minSections(r, sections, rules.minSections),
    ...(record.draft === true ? { draft: true as const } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
}

function minSections(r: Reader, sections: readonly Section[], min: number): readonly Section[] {
  if (sections.length < min) {
    r.fail('', `expected at least ${min} sections ("## " headings), found ${sections.length}`);
  }
  return sections;
}

export function parseFeatured(value: unknown, file: string): Featured {
  const r = new Reader(file);
  const record = r.object(value, '', ['article', 'related']);
  const article = r.id(record.article, 'article', 'number');
  const related = r
    .array(record.related, 'related', FEATURED_RELATED, FEATURED_RELATED)
    .map((v, i) => r.id(v, `related[${i}]`, 'number'));
  const all = [article, ...related];
  if (new Set(all).size !== all.length) r.fail('related', 'repeats an article');
  return { article, related };
}

export function parseCommonSections(value: unknown, file: string): Section[] {
  const r = new Reader(file);
  const record = r.object(value, '', ['sections']);
  return r.sections(record.sections, 'sections', COMMON_SECTIONS, COMMON_SECTIONS);
}

export function parseFrance(value: unknown, file: string): France {
  const r = new Reader(file);
  const record = r.object(value, '', ['rows']);
  const item = (v: unknown, at: string): CollectionItem => {
    const o = r.object(v, at, ['id', 'title', 'date', 'image']);
    return {
      id: r.anyId(o.id, join(at, 'id')),
      title: r.text(o.title, join(at, 'title')),
      ...r.date(o.date, join(at, 'date'), 'any'),
      image: r.image(o.image, join(at, 'image')),
    };
  };
  const rows = r.array(record.rows, 'rows', FRANCE_ROWS, FRANCE_ROWS).map((v, i) => {
    const at = `rows[${i}]`;
    const o = r.object(v, at, ['id', 'title', 'date', 'image', 'items']);
    const { items: _items, ...head } = o;
    const row = item(head, at);
    const items = r
      .array(o.items, join(at, 'items'), FRANCE_ITEMS_PER_ROW, FRANCE_ITEMS_PER_ROW)
      .map((s, j) => item(s, `${join(at, 'items')}[${j}]`));
    return { ...row, items };
  });
  return { rows };
}
