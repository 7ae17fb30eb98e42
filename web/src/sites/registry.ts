/**
 * Every site of the product, once. The prerender renders what is listed here, the manifest's
 * route sets come from it, and the server learns the sites from the manifest.
 *
 * Two kinds of site: those of their own code (a folder under src/sites/ with its routes.ts and
 * render.tsx, listed below), and blogs of data: every content/<site>/site.toml, rendered by the
 * theme it names (src/sites/<theme>/render.tsx). A new blog is a content folder and its host
 * names in the server's config; nothing here changes.
 */
import { loadBlogConfigs, type BlogConfig } from '../shared/blog/blog-config';
import { routesOf } from '../shared/blog/blog-routes';
import { contentDirFromEnv } from '../shared/content/load-content';
import type { PrepareSite } from '../shared/render/site-render';
import type { SiteRoutes } from '../shared/routes/route-set';
import type { renderNotFound } from './not-found/render';
import { enicfRoutes } from './enicf/routes';
import { GAME } from './enicf/site';
import { waveadsRoutes } from './waveads/routes';
import { BRAND as WAVEADS } from './waveads/site';

export interface SiteDefinition {
  /** Its routes, which carry its name (`routes.site`) and, if it has several, its languages. */
  readonly routes: SiteRoutes;
  /** What visitors call it: the brand its pages show. */
  readonly name: string;
  /** Its main colour: the browser's interface (`theme-color`) and its web app manifest. */
  readonly themeColor: string;
  /** A blog of data: its content/<site>/site.toml, whose theme renders it. */
  readonly blog?: BlogConfig;
}

/** The sites of their own code. */
const CODE_SITES: readonly SiteDefinition[] = [
  { routes: waveadsRoutes, name: WAVEADS, themeColor: '#101a52' },
  { routes: enicfRoutes, name: GAME, themeColor: '#1d2a6b' },
];

/** The order the first sites are listed in (the prefixed 404 page's list); any other follows. */
const FIRST = ['waveads', 'tts1', 'tts2', 'tts3', 'kuponz1', 'kuponz2', 'enicf'];

/** Every site: those of code, and the blogs of `contentDir`, in manifest order. */
export function allSites(contentDir: string): SiteDefinition[] {
  const blogs = loadBlogConfigs(contentDir).map((blog): SiteDefinition => ({
    routes: routesOf(blog),
    name: blog.blog.BRAND,
    themeColor: blog.themeColor,
    blog,
  }));
  const taken = blogs.find((b) => CODE_SITES.some((c) => c.routes.site === b.routes.site));
  if (taken !== undefined) {
    throw new Error(`content/${taken.routes.site}/site.toml: a site of that name has its own code`);
  }
  const rank = (s: SiteDefinition) => {
    const i = FIRST.indexOf(s.routes.site);
    return i === -1 ? FIRST.length : i;
  };
  return [...CODE_SITES, ...blogs].sort(
    (a, b) => rank(a) - rank(b) || a.routes.site.localeCompare(b.routes.site),
  );
}

/** In manifest order: read once, from the content the build renders. */
export const SITES: readonly SiteDefinition[] = allSites(contentDirFromEnv());

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

/** The render module of `site`: src/sites/<site>/render.tsx, or its theme's for a blog of data. */
export function renderModule(site: SiteDefinition): RenderModule<{ prepare: PrepareSite }> {
  const folder = site.blog?.theme ?? site.routes.site;
  const load = RENDER_MODULES[`./${folder}/render.tsx`];
  if (load === undefined)
    throw new Error(`site "${site.routes.site}" has no src/sites/${folder}/render.tsx`);
  return { source: `src/sites/${folder}/render.tsx`, load };
}

/** The 404 page every route set shares. */
export const NOT_FOUND_MODULE: RenderModule<{ renderNotFound: typeof renderNotFound }> = {
  source: 'src/sites/not-found/render.tsx',
  load: () => import('./not-found/render'),
};
