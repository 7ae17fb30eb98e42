import { describe, expect, it } from 'vitest';
import { withShared } from './shared-classes';

describe('withShared', () => {
  it('puts the engine’s class before the theme’s, and keeps each side’s own parts', () => {
    expect(
      withShared({ page: 'e-page', cover: 'e-cover' }, { page: 't-page', date: 't-date' }),
    ).toEqual({
      page: 'e-page t-page',
      cover: 'e-cover',
      date: 't-date',
    });
  });
});
