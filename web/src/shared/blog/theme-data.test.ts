import { describe, expect, it } from 'vitest';
import { themeSizes } from './theme-data';

describe('themeSizes', () => {
  it('joins each kind of picture’s rules into a sizes attribute', () => {
    const data = { sizes: { card: ['(max-width: 640px) calc(100vw - 36px)', '300px'] } };
    expect(themeSizes('tide', data, ['card'])).toEqual({
      card: '(max-width: 640px) calc(100vw - 36px), 300px',
    });
  });

  it('names the file and key of a mistake', () => {
    expect(() => themeSizes('tide', {}, ['card'])).toThrow(
      'src/sites/tide/theme.toml: sizes.card: expected an array of rules',
    );
    expect(() => themeSizes('tide', { sizes: { card: ['300px', '20vw'] } }, ['card'])).toThrow(
      /sizes\.card: sizes rule 1 needs a media condition/,
    );
    expect(() =>
      themeSizes('tide', { sizes: { card: ['(max-width: 9px) 1px', '(min-width: 9px) 2px'] } }, [
        'card',
      ]),
    ).toThrow(/sizes\.card: the last rule of sizes must have no media condition/);
  });
});
