import { resolve } from 'node:path';

/** The prerender runs from web/ (npm run prerender). */
export const WEB_DIR = process.cwd();
/** The same directories as the client and SSR builds of vite.config.ts (WAVESITES_BUILD_DIR, default ../build). */
export const BUILD_DIR = resolve(WEB_DIR, process.env.WAVESITES_BUILD_DIR ?? '../build');
/** What the server serves: pages, assets and manifest.json. */
export const OUT_DIR = resolve(BUILD_DIR, 'web');
/** The SSR build: this program, and the stylesheets blog pages link. */
export const SSR_DIR = resolve(BUILD_DIR, 'web-ssr');
