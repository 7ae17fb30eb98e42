// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dictionaryProblems } from '../../../shared/i18n/i18n';
import { LANGS } from '../../../shared/i18n/lang';
import { CONSENT, FIELD_ORDER, LEAD_FIELDS } from '../form/lead-rules';
import { loadDictionary } from './dictionaries';
import { en, type MessageKey } from './en';

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

/** Texts that are the same words in English and that language (names, loanwords). */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly MessageKey[]>> = {
  es: ['home.countries.ID', 'home.countries.VN'],
  pt: [
    'home.about.headquartersValue',
    'home.audiences.publishers',
    'form.describes.option.publisher',
  ],
};

/**
 * The consent text the translations were made from. When the rules file's consent text
 * changes, its version changes too: translate the new text (form.agree.label) into every
 * language, then update this.
 */
const TRANSLATED_CONSENT_VERSION = '2026-11-01';

describe('waveads dictionaries', () => {
  const keys = Object.keys(en).sort();

  it('English has every navigation label', () => {
    const values = Object.values(en) as string[];
    for (const label of NAV_LABELS) expect(values).toContain(label);
  });

  it.each(LANGS)('%s has every key, no extra key and no empty value', async (lang) => {
    const dictionary = (await loadDictionary[lang]()) as Record<string, string>;
    expect(Object.keys(dictionary).sort()).toEqual(keys);
    expect(dictionaryProblems(en, dictionary)).toEqual([]);
    for (const [key, value] of Object.entries(dictionary)) {
      expect(value, `${lang} ${key}`).toBe(value.trim());
    }
  });

  it('finds a missing, an empty and an unknown key', () => {
    const { 'nav.home': _dropped, ...rest } = en;
    expect(dictionaryProblems(en, { ...rest, 'nav.careers': ' ', 'nav.extra': 'x' })).toEqual([
      'missing "nav.home"',
      'missing "nav.careers"',
      'unknown "nav.extra"',
    ]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))(
    '%s is translated, not an English copy',
    async (lang) => {
      const dictionary = (await loadDictionary[lang]()) as Record<string, string>;
      const same = SAME_AS_ENGLISH[lang] ?? [];
      for (const key of keys) {
        if (same.includes(key as MessageKey)) continue;
        expect(dictionary[key], `${lang} ${key}`).not.toBe(en[key as MessageKey]);
      }
    },
  );

  it('English messages are the rules file texts, field by field', () => {
    for (const field of FIELD_ORDER) {
      for (const [kind, text] of Object.entries(LEAD_FIELDS[field].messages)) {
        expect(en[`form.${field}.${kind}` as MessageKey]).toBe(text);
      }
    }
    expect(en['form.agree.label']).toBe(CONSENT.text);
  });

  it('the translations follow the current consent text', () => {
    expect(CONSENT.version).toBe(TRANSLATED_CONSENT_VERSION);
  });

  it.each(LANGS)('%s length messages give the rules file limits', async (lang) => {
    const dictionary = (await loadDictionary[lang]()) as Record<string, string>;
    for (const field of FIELD_ORDER) {
      const rule = LEAD_FIELDS[field];
      if (rule.messages.maxLength === undefined || rule.maxLength === undefined) continue;
      expect(dictionary[`form.${field}.maxLength`], `${lang} ${field}`).toContain(
        String(rule.maxLength),
      );
    }
  });

  it.each(LANGS)('%s keeps the {placeholders} of English', async (lang) => {
    const dictionary = (await loadDictionary[lang]()) as Record<string, string>;
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of keys) {
      expect(names(dictionary[key]!), `${lang} ${key}`).toEqual(names(en[key as MessageKey]));
    }
  });

  it.each(LANGS)('%s gives the figures of docs/product.md (Figures)', async (lang) => {
    const d = await loadDictionary[lang]();
    expect(d['home.partners.commerce.gmvValue']).toMatch(/20|2,000/);
    expect(d['home.partners.finance.costValue']).toMatch(/6|600/);
    expect(d['home.partners.commerce.roiValue']).toContain('7X%');
  });
});
