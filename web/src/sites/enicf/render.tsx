import { routeObjects } from '../../shared/render/route-objects';
import { originOf } from '../../shared/render/settings';
import type { PrepareSite } from '../../shared/render/site-render';
import { pagePath } from '../../shared/routes/route-set';
import { breadcrumbs, mobileApplication } from '../../shared/seo/json-ld';
import type { PageMeta } from '../../shared/seo/page-meta';
import { plannedSocialImages, type SocialImages } from '../../shared/seo/social-image';
import { noticeSettings } from '../../shared/privacy/notice';
import { LandingPage } from './landing-page';
import { ENICF_NOTICE } from './privacy-notice';
import { PrivacyPage } from './privacy-page';
import { enicfRoutes } from './routes';
import {
  LANDING_APP_STORE_ID,
  LANDING_PUBLISHER,
  LANDING_RATING,
  LANDING_SETTINGS,
} from './settings';
import { GAME, STORE_LINK_SLUG } from './site';
import { loadLinks } from '../../shared/content/load-content';
import { ContentError } from '../../shared/content/schema';

/** The click handler, a client-build entry (vite.config.ts). */
const LANDING_SCRIPT = 'src/sites/enicf/landing-click.ts';

const TITLE = `${GAME} – Download on the App Store`;
const DESCRIPTION = `Get ${GAME}, the block puzzle game, on the App Store for iPhone and iPad.`;

function landingMeta(social: SocialImages): PageMeta {
  const image = social.card('enicf', TITLE);
  return {
    site: 'enicf',
    siteName: GAME,
    canonical: pagePath(enicfRoutes, 'landing', 'online'),
    title: TITLE,
    description: DESCRIPTION,
    type: 'website',
    image,
    locale: 'en_US',
    settings: [LANDING_SETTINGS.appStoreUrl, LANDING_RATING.value, LANDING_RATING.count],
    appStoreId: LANDING_APP_STORE_ID,
    jsonLd: [
      mobileApplication(
        {
          name: GAME,
          operatingSystem: 'iOS',
          category: 'GameApplication',
          storeUrl: LANDING_SETTINGS.appStoreUrl.json,
          image: image.url,
          rating: {
            value: LANDING_RATING.value.json,
            count: LANDING_RATING.count.json,
            when: [LANDING_RATING.value.key, LANDING_RATING.count.key],
          },
        },
        originOf('enicf').json,
      ),
    ],
  };
}

function privacyMeta(social: SocialImages): PageMeta {
  return {
    site: 'enicf',
    siteName: GAME,
    canonical: pagePath(enicfRoutes, 'privacy', 'online'),
    title: `${ENICF_NOTICE.title} | ${GAME}`,
    description: ENICF_NOTICE.description,
    type: 'website',
    image: social.card('enicf', TITLE),
    locale: 'en_US',
    jsonLd: [
      breadcrumbs([
        [GAME, pagePath(enicfRoutes, 'landing', 'online')],
        [ENICF_NOTICE.title, pagePath(enicfRoutes, 'privacy', 'online')],
      ]),
    ],
  };
}

export const prepare: PrepareSite = async (source) => {
  // The button's no-script address must be a link the server knows.
  if (!(await loadLinks(source)).has(STORE_LINK_SLUG)) {
    throw new ContentError(
      'content/links.toml',
      '',
      `the landing page's button needs the link "${STORE_LINK_SLUG}"`,
    );
  }
  return {
    knownIds: {},
    routeObjects: ({ routeSet }) =>
      routeObjects(enicfRoutes, routeSet, {
        privacy: {
          element: <PrivacyPage routeSet={routeSet} />,
          document: () => ({
            title: `${ENICF_NOTICE.title} | ${GAME}`,
            description: ENICF_NOTICE.description,
            lang: 'en',
            meta: privacyMeta(source.social ?? plannedSocialImages()),
            settings: noticeSettings(ENICF_NOTICE),
          }),
        },
        landing: {
          element: <LandingPage routeSet={routeSet} />,
          document: () => ({
            title: TITLE,
            description: DESCRIPTION,
            // Rendering tests give no picture maker: names only, nothing encoded.
            meta: landingMeta(source.social ?? plannedSocialImages()),
            lang: 'en',
            scripts: [LANDING_SCRIPT],
            settings: [
              ...Object.values(LANDING_SETTINGS),
              LANDING_PUBLISHER,
              LANDING_RATING.value,
              LANDING_RATING.count,
            ],
            // The tracking request and its pixel go to the tracking link's origin.
            cspOrigins: {
              'connect-src': [LANDING_SETTINGS.trackingUrl],
              'img-src': [LANDING_SETTINGS.trackingUrl],
            },
          }),
        },
      }),
  };
};
