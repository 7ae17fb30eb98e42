import { describe, expect, it } from 'vitest';
import { editionAt, switchTimes } from './schedule';
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

describe('switchTimes', () => {
  it('lists each later moment once, in order', () => {
    expect(switchTimes(ARTICLES, T - 1)).toEqual([T, T + 60_000]);
    expect(switchTimes(ARTICLES, T)).toEqual([T + 60_000]);
    expect(switchTimes(ARTICLES, T + 60_000)).toEqual([]);
    expect(switchTimes([article('1')], 0)).toEqual([]);
  });
});
