import { dictionaryProblems } from '../../shared/i18n/i18n';
import { DEFAULT_LANG, LANGS, OG_LOCALES, isLang, type Lang } from '../../shared/i18n/lang';
import { noticeSettings } from '../../shared/privacy/notice';
import { routeObjects, type PageRender } from '../../shared/render/route-objects';
import { settingRootData, settingTokenValues } from '../../shared/render/setting-values';
import type { Setting } from '../../shared/render/settings';
import type { PrepareSite } from '../../shared/render/site-render';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import { organization, webSite } from '../../shared/seo/json-ld';
import type { PageMeta } from '../../shared/seo/page-meta';
import { plannedSocialImages, type SocialImages } from '../../shared/seo/social-image';
import { PAGE_META, WaveadsApp } from './app';
import { dictionarySource, loadDictionary, type WaveadsDictionary } from './i18n/dictionaries';
import { PAGE_MODULES } from './pages/page-modules';
import { NOTICES } from './privacy/notices';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_SIZE } from './resume/resume-rules';
import { waveadsRoutes, type WaveadsPage } from './routes';
import { BRAND } from './site';

export const CLIENT_ENTRY = 'src/sites/waveads/entry-client.tsx';

/**
 * The settings a page shows: every page has the careers dialog (the upload cap), the privacy
 * notice its own values ([privacy] contact, [retention]).
 */
function pageSettings(name: WaveadsPage, lang: Lang): Setting[] {
  return [
    MAX_UPLOAD_BYTES,
    MAX_UPLOAD_SIZE,
    ...(name === 'privacy' ? noticeSettings(NOTICES[lang]) : []),
  ];
}

/** What a WaveAds page in `lang` says of itself: its URL in every language, its card, its data. */
function pageMeta(
  name: WaveadsPage,
  lang: Lang,
  dictionary: WaveadsDictionary,
  social: SocialImages,
): PageMeta {
  const path = (l: Lang) => pagePath(waveadsRoutes, name, 'online', l);
  const title = dictionary[PAGE_META[name].title];
  const description = dictionary[PAGE_META[name].description];
  return {
    site: 'waveads',
    siteName: BRAND,
    canonical: path(lang),
    title,
    description,
    type: 'website',
    image: social.card('waveads', title),
    locale: OG_LOCALES[lang],
    languages: LANGS.map((l) => ({ hreflang: l, locale: OG_LOCALES[l], path: path(l) })),
    xDefault: path(DEFAULT_LANG),
    jsonLd:
      name === 'home'
        ? [organization(BRAND), webSite({ name: BRAND, description, lang })]
        : [organization(BRAND)],
  };
}

export const prepare: PrepareSite = async (source) => {
  // Rendering tests give no picture maker: names only, nothing encoded.
  const social = source.social ?? plannedSocialImages();
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
  const content = {
    home: await PAGE_MODULES.home.load(),
    'contact-us': await PAGE_MODULES['contact-us'].load(),
    privacy: await PAGE_MODULES.privacy.load(),
  };

  const page = (
    name: WaveadsPage,
    routeSet: RouteSetKind,
    lang: Lang,
    localized: boolean,
  ): PageRender => {
    const dictionary = dictionaries.get(lang)!;
    const Page = content[name];
    const settings = pageSettings(name, lang);
    return {
      element: (
        <WaveadsApp
          page={name}
          routeSet={routeSet}
          lang={lang}
          localized={localized}
          dictionary={dictionary}
          settings={settingTokenValues(settings)}
        >
          <Page />
        </WaveadsApp>
      ),
      document: () => ({
        title: dictionary[PAGE_META[name].title],
        description: dictionary[PAGE_META[name].description],
        lang,
        rootData: {
          page: name,
          'route-set': routeSet,
          ...(localized ? { localized: 'true' } : {}),
          // The values the browser renders with, as the server fills them in (app.tsx).
          ...settingRootData(settings),
        },
        settings,
        clientEntry: CLIENT_ENTRY,
        clientPreload: [dictionarySource(lang), PAGE_MODULES[name].source],
        meta: pageMeta(name, lang, dictionary, social),
      }),
    };
  };

  return {
    knownIds: {},
    routeObjects: ({ routeSet, lang, localized = false }) => {
      if (!isLang(lang)) throw new Error(`waveads: unknown language "${lang}"`);
      return routeObjects(waveadsRoutes, routeSet, {
        home: page('home', routeSet, lang, localized),
        'contact-us': page('contact-us', routeSet, lang, localized),
        privacy: page('privacy', routeSet, lang, localized),
      });
    },
  };
};
