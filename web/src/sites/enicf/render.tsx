import { routeObjects } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import { LandingPage } from './landing-page';
import { enicfRoutes } from './routes';
import { LANDING_SETTINGS } from './settings';
import { GAME } from './site';

/** The click handler, a client-build entry (vite.config.ts). */
const LANDING_SCRIPT = 'src/sites/enicf/landing-click.ts';

export const prepare: PrepareSite = async () => ({
  knownIds: {},
  routeObjects: ({ routeSet }) =>
    routeObjects(enicfRoutes, routeSet, {
      landing: {
        element: <LandingPage />,
        document: () => ({
          title: `${GAME} – Download on the App Store`,
          description: `Get ${GAME}, the block puzzle game, on the App Store for iPhone and iPad.`,
          lang: 'en',
          scripts: [LANDING_SCRIPT],
          settings: Object.values(LANDING_SETTINGS),
          // The tracking request and its pixel go to the tracking link's origin.
          cspOrigins: {
            'connect-src': [LANDING_SETTINGS.trackingUrl],
            'img-src': [LANDING_SETTINGS.trackingUrl],
          },
        }),
      },
    }),
});
