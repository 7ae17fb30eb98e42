import { LANGS, isLang, type Lang } from '../../shared/i18n/lang';
import { routeObjects, type PageRender } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import type { VariantKind } from '../../shared/routes/route-set';
import { PAGE_META, WaveadsApp } from './app';
import { dictionarySource, loadDictionary, type WaveadsDictionary } from './i18n/dictionaries';
import { waveadsRoutes, type WaveadsPage } from './routes';

export const CLIENT_ENTRY = 'src/sites/waveads/entry-client.tsx';

export const prepare: PrepareSite = async () => {
  const dictionaries = new Map<Lang, WaveadsDictionary>();
  for (const lang of LANGS) dictionaries.set(lang, await loadDictionary[lang]());

  const page = (name: WaveadsPage, variant: VariantKind, lang: Lang): PageRender => {
    const dictionary = dictionaries.get(lang)!;
    return {
      element: <WaveadsApp page={name} variant={variant} lang={lang} dictionary={dictionary} />,
      document: () => ({
        title: dictionary[PAGE_META[name].title],
        description: dictionary[PAGE_META[name].description],
        lang,
        rootData: { page: name, variant },
        clientEntry: CLIENT_ENTRY,
        clientPreload: [dictionarySource(lang)],
      }),
    };
  };

  return {
    knownIds: {},
    routeObjects: ({ variant, lang }) => {
      if (!isLang(lang)) throw new Error(`waveads: unknown language "${lang}"`);
      return routeObjects(waveadsRoutes, variant, {
        home: page('home', variant, lang),
        'contact-us': page('contact-us', variant, lang),
      });
    },
  };
};
