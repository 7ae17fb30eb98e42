// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ContentError,
  longDateToIso,
  parseArticle,
  parseCommonSections,
  parseFeatured,
  parseFrance,
  type ArticleRules,
} from './schema';

const LONG: ArticleRules = { idKind: 'number', dateStyle: 'long', minSections: 3 };
const ISO: ArticleRules = { idKind: 'string', dateStyle: 'iso', minSections: 3 };

const section = (n: number) => ({
  heading: `Heading ${n}`,
  paragraphs: ['One paragraph.', 'Another.'],
});
/** Parsed sections, as markdown.ts gives them. */
const SECTIONS = [1, 2, 3].map((n) => ({
  heading: `Heading ${n}`,
  blocks: [{ p: ['One paragraph.'] }, { p: ['Another.'] }],
}));
/** The front matter of an article. */
const article = (over: Record<string, unknown> = {}) => ({
  id: 3,
  title: 'Title',
  date: 'March 4, 2025',
  excerpt: 'Excerpt.',
  image: { src: '3-cover.svg', alt: 'A picture' },
  ...over,
});

function error(fn: () => unknown): ContentError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ContentError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('parseArticle', () => {
  it('accepts a valid article and derives the canonical id and ISO date', () => {
    const a = parseArticle(article(), 'tts1/articles/3.md', '3', LONG, SECTIONS);
    expect(a.id).toBe('3');
    expect(a.isoDate).toBe('2025-03-04');
    expect(a.sections).toHaveLength(3);
  });

  it('accepts string ids and ISO dates for string-id sites, a number as a string id too', () => {
    const a = parseArticle(
      article({ id: '8', date: '2025-05-10' }),
      'tts2/articles/8.md',
      '8',
      ISO,
      SECTIONS,
    );
    expect(a).toMatchObject({ id: '8', date: '2025-05-10', isoDate: '2025-05-10' });
    const b = parseArticle(article({ id: 8, date: '2025-05-10' }), 'f.md', '8', ISO, SECTIONS);
    expect(b.id).toBe('8');
  });

  it('marks a draft, and wants draft to be true or false', () => {
    expect(parseArticle(article({ draft: true }), 'f.md', '3', LONG, SECTIONS).draft).toBe(true);
    expect(parseArticle(article({ draft: false }), 'f.md', '3', LONG, SECTIONS)).not.toHaveProperty(
      'draft',
    );
    const e = error(() => parseArticle(article({ draft: 'yes' }), 'f.md', '3', LONG, SECTIONS));
    expect([e.field, e.problem]).toEqual(['draft', 'expected true or false']);
  });

  it('takes a moment as its date: shown as its date in the style of the site, live from then', () => {
    const a = parseArticle(
      article({ date: '2026-12-01T09:00:00+01:00', expires: '2026-12-24T23:59:59Z' }),
      'f.md',
      '3',
      LONG,
      SECTIONS,
    );
    expect(a).toMatchObject({
      date: 'December 1, 2026',
      isoDate: '2026-12-01',
      publishAt: Date.UTC(2026, 11, 1, 8),
      expiresAt: Date.UTC(2026, 11, 24, 23, 59, 59),
    });
    const b = parseArticle(
      article({ id: '8', date: '2026-12-01T00:30Z' }),
      'f.md',
      '8',
      ISO,
      SECTIONS,
    );
    expect([b.date, b.publishAt]).toEqual(['2026-12-01', Date.UTC(2026, 11, 1, 0, 30)]);
    // A plain date is live at once, as ever; a date as expiry is its first moment (UTC).
    const c = parseArticle(article({ expires: '2026-01-01' }), 'f.md', '3', LONG, SECTIONS);
    expect(c.publishAt).toBeUndefined();
    expect(c.expiresAt).toBe(Date.UTC(2026, 0, 1));
  });

  it.each([
    [{ date: '2026-12-01T09:00:00' }, 'date', 'expected a moment'],
    [{ date: '2026-02-30T09:00:00Z' }, 'date', 'not a real date'],
    [{ date: '2026-12-01T25:00:00Z' }, 'date', 'expected a moment'],
    [{ expires: 'soon' }, 'expires', 'expected a moment'],
    [{ expires: '2025-03-04T00:00:00Z' }, 'expires', 'must come after the date'],
    [
      { date: '2026-12-01T09:00:00Z', expires: '2026-12-01T08:59:59Z' },
      'expires',
      'must come after the date',
    ],
  ])('refuses %j at %s', (over, field, problem) => {
    const e = error(() => parseArticle(article(over), 'f.md', '3', LONG, SECTIONS));
    expect(e.field).toBe(field);
    expect(e.problem).toContain(problem);
  });

  it("wants the blog's least number of sections", () => {
    expect(() => parseArticle(article(), 'f.md', '3', LONG, SECTIONS.slice(0, 2))).toThrow(
      /at least 3 sections/,
    );
  });

  it.each([
    [{ id: '3' }, 'id', 'positive whole number'],
    [{ id: 4 }, 'id', 'file is named 3.md'],
    [{ title: '' }, 'title', 'non-empty string'],
    [{ title: ' Padded' }, 'title', 'white space'],
    [{ date: '2025-03-04' }, 'date', 'January 13, 2025'],
    [{ date: 'February 30, 2025' }, 'date', 'January 13, 2025'],
    [{ image: { src: '3-cover.png', alt: 'x' } }, 'image.src', 'file name'],
    [{ image: { src: '3-cover.svg' } }, 'image.alt', 'missing'],
    [{ sections: [] }, 'sections', 'unknown field'],
    [{ extra: true }, 'extra', 'unknown field'],
  ])('rejects %j naming the field', (over, field, message) => {
    const e = error(() => parseArticle(article(over), 'tts1/articles/3.md', '3', LONG, SECTIONS));
    expect(e.file).toBe('tts1/articles/3.md');
    expect(e.field).toBe(field);
    expect(e.message).toContain(`tts1/articles/3.md: ${field}: `);
    expect(e.message).toContain(message);
  });

  it('rejects string ids that could not name a page', () => {
    for (const id of ['_', 'A1', 'a b', '', 'empty', '-1']) {
      expect(
        () => parseArticle(article({ id, date: '2025-01-01' }), 'f.md', id, ISO, SECTIONS),
        id,
      ).toThrow(ContentError);
    }
  });

  it('rejects a value that is not an object', () => {
    expect(error(() => parseArticle([], 'f.md', '3', LONG, SECTIONS)).message).toBe(
      'f.md: expected an object',
    );
  });
});

describe('the other content files', () => {
  it('parses featured.json', () => {
    expect(parseFeatured({ article: 7, related: [8, 9, 10, 11] }, 'f.json')).toEqual({
      article: '7',
      related: ['8', '9', '10', '11'],
    });
    expect(() => parseFeatured({ article: 7, related: [8, 9, 10] }, 'f.json')).toThrow(/exactly 4/);
    expect(() => parseFeatured({ article: 7, related: [8, 9, 10, 7] }, 'f.json')).toThrow(
      /repeats/,
    );
  });

  it('parses common.json: exactly two sections', () => {
    expect(parseCommonSections({ sections: [section(1), section(2)] }, 'c.json')).toHaveLength(2);
    expect(() => parseCommonSections({ sections: [section(1)] }, 'c.json')).toThrow(/exactly 2/);
  });

  it('parses france.json: three rows of four items', () => {
    const item = (id: number) => ({
      id,
      title: `T${id}`,
      date: 'May 1, 2025',
      image: { src: `${id}.svg`, alt: 'x' },
    });
    const row = (id: number) => ({
      ...item(id),
      items: [1, 2, 3, 4].map((n) => item(id * 10 + n)),
    });
    const france = parseFrance({ rows: [row(1), row(2), row(3)] }, 'fr.json');
    expect(france.rows.map((r) => r.items.length)).toEqual([4, 4, 4]);
    expect(france.rows[0]!.isoDate).toBe('2025-05-01');
    const e = error(() =>
      parseFrance({ rows: [row(1), row(2), { ...row(3), items: [] }] }, 'fr.json'),
    );
    expect(e.field).toBe('rows[2].items');
  });
});

describe('longDateToIso', () => {
  it('reads the long date format', () => {
    expect(longDateToIso('January 13, 2025')).toBe('2025-01-13');
    expect(longDateToIso('December 1, 2024')).toBe('2024-12-01');
    expect(longDateToIso('Jan 13, 2025')).toBeNull();
    expect(longDateToIso('January 13 2025')).toBeNull();
    expect(longDateToIso('February 29, 2025')).toBeNull();
    expect(longDateToIso('February 29, 2024')).toBe('2024-02-29');
  });
});
