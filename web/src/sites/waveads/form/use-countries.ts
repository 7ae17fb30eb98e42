import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Lang } from '../../../shared/i18n/lang';
import { countryName, fetchCountries } from '../api';

export interface CountryOption {
  readonly code: string;
  readonly name: string;
}

export type CountryList =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly options: readonly CountryOption[] };

/** The options in the page's language, in that language's alphabetical order. */
export function countryOptions(
  list: Awaited<ReturnType<typeof fetchCountries>>,
  lang: Lang,
): CountryOption[] {
  const collator = new Intl.Collator(lang);
  return list
    .map((c) => ({ code: c.code, name: countryName(c, lang) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The country list, fetched when the contact page opens (docs/product.md, Calls), and a retry. */
export function useCountries(lang: Lang): { list: CountryList; retry: () => void } {
  const [list, setList] = useState<CountryList>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchCountries(controller.signal).then(
      // Some 250 options: rendered as a transition, so React can yield to the visitor.
      (countries) =>
        startTransition(() =>
          setList({ status: 'ready', options: countryOptions(countries, lang) }),
        ),
      () => {
        if (!controller.signal.aborted) setList({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [lang, attempt]);

  const retry = useCallback(() => {
    setList({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { list, retry };
}
