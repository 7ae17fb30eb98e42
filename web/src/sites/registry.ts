/**
 * Every site of the product, once. The prerender renders what is listed here, the manifest's
 * route sets come from it, and the server learns the sites from the manifest. A site is a folder
 * under src/sites/ with its routes.ts and render.tsx (exporting `prepare`); adding one means the
 * folder, one line below, and its host names in the server's config.
 */
import type { PrepareSite } from '../shared/render/site-render';
import type { SiteRoutes } from '../shared/routes/route-set';
import type { renderNotFound } from './not-found/render';
import { enicfRoutes } from './enicf/routes';
import { GAME } from './enicf/site';
import { kuponz1Routes } from './kuponz1/routes';
import { BRAND as KUPONZ1 } from './kuponz1/site';
import { kuponz2Routes } from './kuponz2/routes';
import { BRAND as KUPONZ2 } from './kuponz2/site';
import { tts1Routes } from './tts1/routes';
import { BRAND as TTS1 } from './tts1/site';
import { tts2Routes } from './tts2/routes';
import { BRAND as TTS2 } from './tts2/site';
import { tts3Routes } from './tts3/routes';
import { BRAND as TTS3 } from './tts3/site';
import { waveadsRoutes } from './waveads/routes';
import { BRAND as WAVEADS } from './waveads/site';

export interface SiteDefinition {
  /** Its routes, which carry its name (`routes.site`) and, if it has several, its languages. */
  readonly routes: SiteRoutes;
  /** What visitors call it: the brand its pages show. */
  readonly name: string;
  /** Its main colour: the browser's interface (`theme-color`) and its web app manifest. */
  readonly themeColor: string;
}

/** In manifest order. */
export const SITES: readonly SiteDefinition[] = [
  { routes: waveadsRoutes, name: WAVEADS, themeColor: '#101a52' },
  { routes: tts1Routes, name: TTS1, themeColor: '#a8476a' },
  { routes: tts2Routes, name: TTS2, themeColor: '#1f6f68' },
  { routes: tts3Routes, name: TTS3, themeColor: '#f0573c' },
  { routes: kuponz1Routes, name: KUPONZ1, themeColor: '#0b7a55' },
  { routes: kuponz2Routes, name: KUPONZ2, themeColor: '#6d2457' },
  { routes: enicfRoutes, name: GAME, themeColor: '#1d2a6b' },
];

/** The languages a site's pages are prerendered in. */
export function siteLanguages(site: SiteDefinition): readonly string[] {
  return site.routes.langs?.list ?? ['en'];
}

/** A render module and its path relative to web/ (its key in Vite's SSR manifest). */
export interface RenderModule<T> {
  readonly source: string;
  readonly load: () => Promise<T>;
}

// Loaded lazily, so that the SSR build gives every site its own chunk and its own stylesheet.
const RENDER_MODULES = import.meta.glob<{ prepare: PrepareSite }>([
  './*/render.tsx',
  '!./not-found/render.tsx',
]);

/** The render module of `site`: src/sites/<site>/render.tsx. */
export function renderModule(site: SiteDefinition): RenderModule<{ prepare: PrepareSite }> {
  const key = `./${site.routes.site}/render.tsx`;
  const load = RENDER_MODULES[key];
  if (load === undefined)
    throw new Error(`site "${site.routes.site}" has no src/sites/${site.routes.site}/render.tsx`);
  return { source: `src/sites/${site.routes.site}/render.tsx`, load };
}

/** The 404 page every route set shares. */
export const NOT_FOUND_MODULE: RenderModule<{ renderNotFound: typeof renderNotFound }> = {
  source: 'src/sites/not-found/render.tsx',
  load: () => import('./not-found/render'),
};
