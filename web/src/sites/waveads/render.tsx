import { dictionaryProblems } from '../../shared/i18n/i18n';
import { LANGS, isLang, type Lang } from '../../shared/i18n/lang';
import { routeObjects, type PageRender } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import type { RouteSetKind } from '../../shared/routes/route-set';
import { PAGE_META, WaveadsApp } from './app';
import { dictionarySource, loadDictionary, type WaveadsDictionary } from './i18n/dictionaries';
import { PAGE_MODULES } from './pages/page-modules';
import { waveadsRoutes, type WaveadsPage } from './routes';

export const CLIENT_ENTRY = 'src/sites/waveads/entry-client.tsx';

export const prepare: PrepareSite = async () => {
  // The type check already refuses a dictionary with a missing key; this makes the build refuse
  // one too (an empty text, or a dictionary that escaped the type check).
  const dictionaries = new Map<Lang, WaveadsDictionary>();
  const en = await loadDictionary.en();
  for (const lang of LANGS) {
    const dictionary = await loadDictionary[lang]();
    const problems = dictionaryProblems(en, dictionary);
    if (problems.length > 0) {
      throw new Error(`waveads: the ${lang} dictionary is incomplete: ${problems.join(', ')}`);
    }
    dictionaries.set(lang, dictionary);
  }
  const HomePage = await PAGE_MODULES.home.load();
  const ContactPage = await PAGE_MODULES['contact-us'].load();
  const content = { home: HomePage, 'contact-us': ContactPage };

  const page = (name: WaveadsPage, routeSet: RouteSetKind, lang: Lang): PageRender => {
    const dictionary = dictionaries.get(lang)!;
    const Page = content[name];
    return {
      element: (
        <WaveadsApp page={name} routeSet={routeSet} lang={lang} dictionary={dictionary}>
          <Page routeSet={routeSet} />
        </WaveadsApp>
      ),
      document: () => ({
        title: dictionary[PAGE_META[name].title],
        description: dictionary[PAGE_META[name].description],
        lang,
        rootData: { page: name, 'route-set': routeSet },
        clientEntry: CLIENT_ENTRY,
        clientPreload: [dictionarySource(lang), PAGE_MODULES[name].source],
      }),
    };
  };

  return {
    knownIds: {},
    routeObjects: ({ routeSet, lang }) => {
      if (!isLang(lang)) throw new Error(`waveads: unknown language "${lang}"`);
      return routeObjects(waveadsRoutes, routeSet, {
        home: page('home', routeSet, lang),
        'contact-us': page('contact-us', routeSet, lang),
      });
    },
  };
};
