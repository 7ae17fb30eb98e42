import { createContext, useContext, type ReactNode } from 'react';
import type { Lang } from './lang';

/**
 * A tiny typed i18n: a dictionary is a flat record of dotted keys. The source language's
 * dictionary defines the key type; every other dictionary is typed `Record<Key, string>`, so a
 * missing or misspelt key fails the type check.
 */
export type Dictionary<K extends string> = Readonly<Record<K, string>>;

/** Values for `{name}` placeholders in a message. */
export type MessageParams = Readonly<Record<string, string | number>>;

export interface I18n<K extends string> {
  readonly lang: Lang;
  /** The message of `key` in the active language, with `{name}` placeholders filled in. */
  readonly t: (key: K, params?: MessageParams) => string;
}

/** Replaces each `{name}` in `template` by `params.name` (unknown names are left as they are). */
export function formatMessage(template: string, params?: MessageParams): string {
  if (params === undefined) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function createI18n<K extends string>() {
  const Context = createContext<I18n<K> | null>(null);

  function I18nProvider(props: {
    lang: Lang;
    dictionary: Dictionary<K>;
    children: ReactNode;
  }): ReactNode {
    const { lang, dictionary } = props;
    const value: I18n<K> = { lang, t: (key, params) => formatMessage(dictionary[key], params) };
    return <Context value={value}>{props.children}</Context>;
  }

  function useI18n(): I18n<K> {
    const value = useContext(Context);
    if (value === null) throw new Error('useI18n() outside its I18nProvider');
    return value;
  }

  return { I18nProvider, useI18n };
}

/**
 * The keys of `reference` that `dictionary` lacks or leaves empty, and the keys it has that
 * `reference` does not: what makes a dictionary incomplete at build time.
 */
export function dictionaryProblems(
  reference: Readonly<Record<string, string>>,
  dictionary: Readonly<Record<string, unknown>>,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(reference)) {
    const value = dictionary[key];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`missing "${key}"`);
  }
  for (const key of Object.keys(dictionary)) {
    if (!(key in reference)) problems.push(`unknown "${key}"`);
  }
  return problems;
}
