import { createI18n, type Dictionary } from '../../../shared/i18n/i18n';
import type { Lang } from '../../../shared/i18n/lang';
import type { MessageKey } from './en';

export type WaveadsDictionary = Dictionary<MessageKey>;

/** One chunk per language: a page downloads only the dictionary of its own language. */
export const loadDictionary: Readonly<Record<Lang, () => Promise<WaveadsDictionary>>> = {
  en: () => import('./en').then((m) => m.en),
  ja: () => import('./ja').then((m) => m.ja),
  ko: () => import('./ko').then((m) => m.ko),
  es: () => import('./es').then((m) => m.es),
  pt: () => import('./pt').then((m) => m.pt),
};

/** The client-build source of a language's dictionary chunk (to preload it). */
export function dictionarySource(lang: Lang): string {
  return `src/sites/waveads/i18n/${lang}.ts`;
}

export const { I18nProvider, useI18n } = createI18n<MessageKey>();
