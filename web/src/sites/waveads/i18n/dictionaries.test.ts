// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../shared/i18n/lang';
import { loadDictionary } from './dictionaries';
import { en } from './en';

const NAV_LABELS = [
  'Home',
  'English',
  'Spanish',
  'Portuguese',
  'Korean',
  'Japanese',
  'Contact Us',
  'Careers',
];

describe('waveads dictionaries', () => {
  const keys = Object.keys(en).sort();

  it('English has every navigation label', () => {
    const values = Object.values(en) as string[];
    for (const label of NAV_LABELS) expect(values).toContain(label);
  });

  it.each(LANGS)('%s has every key, no extra key and no empty value', async (lang) => {
    const dictionary = (await loadDictionary[lang]()) as Record<string, string>;
    expect(Object.keys(dictionary).sort()).toEqual(keys);
    for (const [key, value] of Object.entries(dictionary)) {
      expect(value.trim(), `${lang} ${key}`).not.toBe('');
      expect(value, `${lang} ${key}`).toBe(value.trim());
    }
  });

  it.each(LANGS.filter((l) => l !== 'en'))(
    '%s is translated, not an English copy',
    async (lang) => {
      const dictionary = (await loadDictionary[lang]()) as Record<string, string>;
      for (const key of keys) {
        expect(dictionary[key], `${lang} ${key}`).not.toBe(en[key as keyof typeof en]);
      }
    },
  );
});
