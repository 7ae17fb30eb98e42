/** The languages of the waveads site, in the order its language menu lists them. */
export const LANGS = ['en', 'ja', 'ko', 'es', 'pt'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** Each language in its own name, as the language menu shows it. */
export const NATIVE_LANG_NAMES: Readonly<Record<Lang, string>> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  es: 'Español',
  pt: 'Português',
};

/** Each language as link previews name it (og:locale): the country the text is written for. */
export const OG_LOCALES: Readonly<Record<Lang, string>> = {
  en: 'en_US',
  ja: 'ja_JP',
  ko: 'ko_KR',
  es: 'es_ES',
  pt: 'pt_BR',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * The language preference is kept in two places:
 * - localStorage "lang" (docs/product.md: the stored preference, default en);
 * - the cookie "lang", which the C++ server reads to pick the prerendered page of that language.
 */
export const LANG_STORAGE_KEY = 'lang';
export const LANG_COOKIE_NAME = 'lang';

export function langCookie(lang: Lang): string {
  return `${LANG_COOKIE_NAME}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function readStoredLang(): Lang | null {
  try {
    const value = window.localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null; // storage disabled: the page's own language stands
  }
}

/** Saves the preference in localStorage and in the cookie the server reads. */
export function storeLang(lang: Lang): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage disabled: the cookie alone still selects the page
  }
  document.cookie = langCookie(lang);
}
