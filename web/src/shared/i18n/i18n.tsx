import { createContext, useContext, type ReactNode } from 'react';
import type { Lang } from './lang';

/**
 * A tiny typed i18n: a dictionary is a flat record of dotted keys. The source language's
 * dictionary defines the key type; every other dictionary is typed `Record<Key, string>`, so a
 * missing or misspelt key fails the type check.
 */
export type Dictionary<K extends string> = Readonly<Record<K, string>>;

export interface I18n<K extends string> {
  readonly lang: Lang;
  readonly t: (key: K) => string;
}

export function createI18n<K extends string>() {
  const Context = createContext<I18n<K> | null>(null);

  function I18nProvider(props: {
    lang: Lang;
    dictionary: Dictionary<K>;
    children: ReactNode;
  }): ReactNode {
    const { lang, dictionary } = props;
    const value: I18n<K> = { lang, t: (key) => dictionary[key] };
    return <Context value={value}>{props.children}</Context>;
  }

  function useI18n(): I18n<K> {
    const value = useContext(Context);
    if (value === null) throw new Error('useI18n() outside its I18nProvider');
    return value;
  }

  return { I18nProvider, useI18n };
}
