import type { SiteRoutes } from '../shared/routes/route-set';
import { enicfRoutes } from './enicf/routes';
import { kuponz1Routes } from './kuponz1/routes';
import { kuponz2Routes } from './kuponz2/routes';
import { tts1Routes } from './tts1/routes';
import { tts2Routes } from './tts2/routes';
import { tts3Routes } from './tts3/routes';
import { waveadsRoutes } from './waveads/routes';

/** Every site's route definitions, in manifest order. Adding a site starts here. */
export const SITE_ROUTES: readonly SiteRoutes[] = [
  waveadsRoutes,
  tts1Routes,
  tts2Routes,
  tts3Routes,
  kuponz1Routes,
  kuponz2Routes,
  enicfRoutes,
];
