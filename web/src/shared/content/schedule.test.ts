import { describe, expect, it } from 'vitest';
import { editionAt, previewAt, switchTimes } from './schedule';
import type { Article } from './schema';

const article = (id: string, publishAt?: number, expiresAt?: number): Article => ({
  id,
  title: `Article ${id}`,
  date: 'January 13, 2025',
  isoDate: '2025-01-13',
  excerpt: 'An excerpt.',
  image: { src: `${id}-cover.svg`, alt: 'A cover' },
  sections: [],
  ...(publishAt !== undefined ? { publishAt } : {}),
  ...(expiresAt !== undefined ? { expiresAt } : {}),
});

const T = Date.UTC(2026, 11, 1, 9);
const ARTICLES = [
  article('1'),
  article('2', T),
  article('3', undefined, T + 60_000),
  article('4', T, T + 60_000),
];

describe('editionAt', () => {
  it('before, at and after each moment', () => {
    const ids = (at: number) => {
      const e = editionAt(ARTICLES, at);
      return { live: e.live.map((a) => a.id), gone: e.gone };
    };
    expect(ids(T - 1)).toEqual({ live: ['1', '3'], gone: [] });
    expect(ids(T)).toEqual({ live: ['1', '2', '3', '4'], gone: [] });
    expect(ids(T + 59_999)).toEqual({ live: ['1', '2', '3', '4'], gone: [] });
    expect(ids(T + 60_000)).toEqual({ live: ['1', '2'], gone: ['3', '4'] });
  });
});

describe('previewAt', () => {
  it('shows every article not yet expired, marking drafts and those still to come', () => {
    const draft: Article = { ...article('5'), draft: true };
    const marks = (at: number) => {
      const e = previewAt([...ARTICLES, draft], at);
      return { live: e.live.map((a) => [a.id, a.preview]), gone: e.gone };
    };
    expect(marks(T - 1)).toEqual({
      live: [
        ['1', undefined],
        ['2', 'scheduled'],
        ['3', undefined],
        ['4', 'scheduled'],
        ['5', 'draft'],
      ],
      gone: [],
    });
    expect(marks(T)).toEqual({
      live: [
        ['1', undefined],
        ['2', undefined],
        ['3', undefined],
        ['4', undefined],
        ['5', 'draft'],
      ],
      gone: [],
    });
    expect(marks(T + 60_000).gone).toEqual(['3', '4']);
  });
});

describe('switchTimes', () => {
  it('lists each later moment once, in order', () => {
    expect(switchTimes(ARTICLES, T - 1)).toEqual([T, T + 60_000]);
    expect(switchTimes(ARTICLES, T)).toEqual([T + 60_000]);
    expect(switchTimes(ARTICLES, T + 60_000)).toEqual([]);
    expect(switchTimes([article('1')], 0)).toEqual([]);
  });
});
