import type { IdKind } from './id-rule';

/**
 * Route definitions: each site declares its pages once (src/sites/<site>/routes.ts; a blog's
 * come from its site.toml through shared/blog/blog-routes.ts) and everything else — the
 * prerender's page list, manifest.json for the C++ server, the links inside pages and the
 * react-router route objects — is derived from them here.
 *
 * Two kinds of route set exist:
 * - "prefixed": the route set of every host that is not configured: every site under its path
 *   prefix (the `prefixed` paths, what the product's first description called the test routes),
 *   plus the 404 catch-all.
 * - "online": the route set of a host configured for one site (the `online` paths); the
 *   manifest names this route set after the site.
 */
export type RouteSetKind = 'prefixed' | 'online';

export const ROUTE_SET_KINDS: readonly RouteSetKind[] = ['prefixed', 'online'];

/** The page id of the shared 404 page, used as `not_found` by every route set. */
export const NOT_FOUND_PAGE_ID = 'not-found';
export const NOT_FOUND_FILE = 'pages/not-found.html';
/** The prefixed set's own 404 page: it has no home to link to, so it links every site's entry. */
export const PREFIXED_NOT_FOUND_PAGE_ID = 'not-found-prefixed';
export const PREFIXED_NOT_FOUND_FILE = 'pages/not-found-prefixed.html';

/** A page answered on exact paths. The first path of each list is the one links point to. */
export interface PageRoute<P extends string = string> {
  readonly page: P;
  readonly prefixed: readonly string[];
  readonly online: readonly string[];
}

/**
 * Detail pages: `prefix` + one path segment, the id. Known ids are prerendered (200); any other
 * segment gets the site's "empty" page (its layout with no article), answered with 404.
 */
export interface DetailRoute<P extends string = string> {
  readonly page: P;
  /** Prefixes end with "/"; the id is the single segment after it. */
  readonly prefixed: string;
  readonly online: string;
  readonly id: IdKind;
}

export interface SiteRoutes<P extends string = string> {
  /** The site name: a key of manifest.json's "route_sets" and of the [hosts] config. */
  readonly site: string;
  readonly pages: readonly PageRoute<P>[];
  readonly details: readonly DetailRoute<P>[];
  /** Present when every page of the site is prerendered once per language. */
  readonly langs?: { readonly list: readonly string[]; readonly default: string };
}

/** Declares a site's routes, keeping the page names as a literal union for link helpers. */
export function defineRoutes<const P extends string>(routes: SiteRoutes<P>): SiteRoutes<P> {
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Links

/**
 * The path links point to for `page`: its first path, or with `lang` (a site's other language)
 * the same path in that language: `/ja/` for `/`, `/ja/contact-us`, `/waveads/ja/home`.
 */
export function pagePath<P extends string>(
  routes: SiteRoutes<P>,
  page: P,
  routeSet: RouteSetKind,
  lang?: string,
): string {
  const route = routes.pages.find((r) => r.page === page);
  const path = route?.[routeSet][0];
  if (path === undefined) throw new Error(`${routes.site}: no ${routeSet} path for page "${page}"`);
  if (lang === undefined || lang === routes.langs?.default) return path;
  const localized = localizedPath(routeSet, path, lang);
  return localized === `/${lang}` ? `/${lang}/` : localized;
}

/**
 * A path of a site's page in another of its languages: the language goes first on a site's own
 * host (`/home` -> `/ja/home`, `/` -> `/ja`) and after the site's prefix on the prefixed set
 * (`/waveads/home` -> `/waveads/ja/home`). Route keys have no trailing slash; links to a
 * language's home add one (`/ja/`), the way a directory is written.
 */
export function localizedPath(routeSet: RouteSetKind, path: string, lang: string): string {
  if (routeSet === 'online') return path === '/' ? `/${lang}` : `/${lang}${path}`;
  const second = path.indexOf('/', 1);
  if (second < 0) throw new Error(`prefixed path "${path}" has no site prefix`);
  return `${path.slice(0, second)}/${lang}${path.slice(second)}`;
}

export function detailPath<P extends string>(
  routes: SiteRoutes<P>,
  page: P,
  routeSet: RouteSetKind,
  id: string,
): string {
  const route = routes.details.find((r) => r.page === page);
  if (route === undefined) throw new Error(`${routes.site}: no detail page "${page}"`);
  return `${route[routeSet]}${encodeURIComponent(id)}`;
}

/** True when `pathname` is one of the paths of `page` in that kind of route set (e.g. for the active tab). */
export function isPagePath<P extends string>(
  routes: SiteRoutes<P>,
  page: P,
  routeSet: RouteSetKind,
  pathname: string,
): boolean {
  return routes.pages.some((r) => r.page === page && r[routeSet].includes(pathname));
}

/** Route patterns for react-router: one per exact path, one `prefix:id` per detail page. */
export interface RouterPattern<P extends string = string> {
  readonly path: string;
  readonly page: P;
  readonly detail: DetailRoute<P> | null;
}

export function routerPatterns<P extends string>(
  routes: SiteRoutes<P>,
  routeSet: RouteSetKind,
): RouterPattern<P>[] {
  return [
    ...routes.pages.flatMap((r) =>
      r[routeSet].map((path) => ({ path, page: r.page, detail: null })),
    ),
    ...routes.details.map((d) => ({ path: `${d[routeSet]}:id`, page: d.page, detail: d })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Every route set, and the list of pages the prerender writes

/** One HTML document to prerender (or one per language when `langs` is set). */
export interface PageSpec {
  readonly id: string;
  readonly site: string;
  readonly routeSet: RouteSetKind;
  readonly page: string;
  /** A path of the route set that renders this page (for the empty page: a never-known id). */
  readonly path: string;
  /** Detail pages: the canonical article id, or null for the empty page. */
  readonly articleId?: string | null;
  /** Output file relative to build/web; with `langs`, "{lang}" stands for the language code. */
  readonly file: string;
  /** One file per language, picked by the visitor's `lang` cookie. */
  readonly langs?: { readonly list: readonly string[]; readonly default: string };
  /**
   * A page in one fixed language at its own URL (`/ja/`): the same page as the `langs` one
   * renders for that language, but its links stay in the language (`/ja/contact-us`).
   */
  readonly lang?: string;
}

export interface DetailSet {
  readonly prefix: string;
  readonly id: IdKind;
  /** Canonical id -> page id. */
  readonly ids: Readonly<Record<string, string>>;
  readonly empty: string;
  /** Canonical ids that are gone (expired articles): 410 with the not-found page. */
  readonly gone?: readonly string[];
}

export interface RouteSet {
  /** Exact path -> page id. */
  readonly routes: Readonly<Record<string, string>>;
  /** Header lines on every answer on this route set. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly details: readonly DetailSet[];
  readonly notFound: string;
  /** Online route sets: the site's first page under its prefix (for the server's start-up lines). */
  readonly prefixedEntry?: string;
}

/**
 * Every answer on the prefixed route set says search engines must not keep it: that set is the
 * sites' copy under path prefixes for any unknown host, never the pages to find.
 */
export const PREFIXED_HEADERS: Readonly<Record<string, string>> = { 'X-Robots-Tag': 'noindex' };

/** A file the prerender writes for a route set that is not a page (robots.txt, a sitemap...). */
export interface SiteFileRoute {
  /** The site whose online route set answers it, or null for the prefixed set. */
  readonly site: string | null;
  readonly path: string;
  readonly id: string;
  readonly file: string;
}

export interface Routing {
  /** "prefixed" and one online route set per site, named after the site. */
  readonly sets: Readonly<Record<string, RouteSet>>;
  readonly pages: readonly PageSpec[];
}

/** Known ids per site and detail page: `ids[site][page]` lists canonical ids. */
export type KnownIds = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/**
 * Segment used to prerender a site's empty detail page. "_" is malformed for number ids and
 * never a valid string id (see the content schema), so it can never name an article.
 */
export const EMPTY_ARTICLE_SEGMENT = '_';

const PATH_RE = /^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?$/;
const PREFIX_RE = /^\/(?:[A-Za-z0-9._~-]+\/)+$/;
const NAME_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function buildRouting(
  sites: readonly SiteRoutes[],
  knownIds: KnownIds,
  files: readonly SiteFileRoute[] = [],
  goneIds: KnownIds = {},
): Routing {
  checkSiteNames(sites);
  const pages = new PageList();
  const prefixed = new RouteSetBuilder('prefixed');
  const online: Record<string, RouteSet> = {};
  for (const site of sites) {
    const own = new RouteSetBuilder(site.site);
    for (const kind of ROUTE_SET_KINDS) {
      const into = kind === 'prefixed' ? prefixed : own;
      addExactPages(site, kind, pages, into);
      addLanguagePages(site, kind, pages, into);
      addDetailPages(site, kind, knownIds[site.site] ?? {}, pages, into, goneIds[site.site] ?? {});
    }
    for (const f of files.filter((f) => f.site === site.site)) own.route(f.path, f.id);
    const prefixedEntry = site.pages.find((r) => r.prefixed.length > 0)?.prefixed[0];
    online[site.site] = { ...own.done(), ...(prefixedEntry ? { prefixedEntry } : {}) };
  }
  for (const f of files) {
    if (f.site === null) prefixed.route(f.path, f.id);
    else if (!sites.some((s) => s.site === f.site))
      throw new Error(`file ${f.path}: no site "${f.site}"`);
  }
  return {
    sets: {
      prefixed: {
        ...prefixed.done(),
        notFound: PREFIXED_NOT_FOUND_PAGE_ID,
        headers: PREFIXED_HEADERS,
      },
      ...online,
    },
    pages: pages.all,
  };
}

function checkSiteNames(sites: readonly SiteRoutes[]): void {
  const seen = new Set<string>();
  for (const site of sites) {
    if (!NAME_RE.test(site.site) || site.site === 'prefixed') {
      throw new Error(`invalid site name "${site.site}"`);
    }
    if (seen.has(site.site)) throw new Error(`duplicate site "${site.site}"`);
    seen.add(site.site);
  }
}

/** The pages to prerender, each id and file used once (the 404 page's are taken). */
class PageList {
  readonly all: PageSpec[] = [];
  private readonly ids = new Set<string>([NOT_FOUND_PAGE_ID, PREFIXED_NOT_FOUND_PAGE_ID]);
  private readonly files = new Set<string>([NOT_FOUND_FILE, PREFIXED_NOT_FOUND_FILE]);

  /** A page at its language's own URL (`/ja/`), written to `<lang>/<page>.html`. */
  addLanguage(
    site: SiteRoutes,
    kind: RouteSetKind,
    name: string,
    path: string,
    lang: string,
  ): string {
    const spec: PageSpec = {
      id: `${site.site}-${kind}-${name}-${lang}`,
      site: site.site,
      routeSet: kind,
      page: name,
      path,
      file: `pages/${kind}/${site.site}/${lang}/${name}.html`,
      lang,
    };
    return this.push(spec);
  }

  /** Adds the page `name` of `site` in route set `kind`; `detail` names its article (or none). */
  add(
    site: SiteRoutes,
    kind: RouteSetKind,
    name: string,
    path: string,
    detail?: string | null,
  ): string {
    const stem =
      detail === undefined ? name : detail === null ? `${name}-empty` : `${name}/${detail}`;
    const spec: PageSpec = {
      id: `${site.site}-${kind}-${stem.replace('/', '-')}`,
      site: site.site,
      routeSet: kind,
      page: name,
      path,
      ...(detail !== undefined ? { articleId: detail } : {}),
      file: `pages/${kind}/${site.site}/${stem}${site.langs ? '.{lang}.html' : '.html'}`,
      ...(site.langs ? { langs: site.langs } : {}),
    };
    return this.push(spec);
  }

  private push(spec: PageSpec): string {
    if (this.ids.has(spec.id)) throw new Error(`duplicate page id "${spec.id}"`);
    if (this.files.has(spec.file)) throw new Error(`duplicate page file "${spec.file}"`);
    this.ids.add(spec.id);
    this.files.add(spec.file);
    this.all.push(spec);
    return spec.id;
  }
}

function addExactPages(
  site: SiteRoutes,
  kind: RouteSetKind,
  pages: PageList,
  into: RouteSetBuilder,
) {
  for (const route of site.pages) {
    checkName(site.site, route.page);
    const paths = route[kind];
    if (paths.length === 0) continue;
    const id = pages.add(site, kind, route.page, paths[0]!);
    for (const path of paths) into.route(path, id);
  }
}

/** A site with several languages: each page in every other language at its own paths. */
function addLanguagePages(
  site: SiteRoutes,
  kind: RouteSetKind,
  pages: PageList,
  into: RouteSetBuilder,
) {
  if (!site.langs) return;
  for (const lang of site.langs.list.filter((l) => l !== site.langs!.default)) {
    for (const route of site.pages) {
      const paths = route[kind].map((p) => localizedPath(kind, p, lang));
      if (paths.length === 0) continue;
      const id = pages.addLanguage(site, kind, route.page, paths[0]!, lang);
      for (const path of paths) into.route(path, id);
    }
  }
}

function addDetailPages(
  site: SiteRoutes,
  kind: RouteSetKind,
  known: Readonly<Record<string, readonly string[]>>,
  pages: PageList,
  into: RouteSetBuilder,
  goneIds: Readonly<Record<string, readonly string[]>> = {},
) {
  for (const detail of site.details) {
    checkName(site.site, detail.page);
    const prefix = detail[kind];
    const ids: Record<string, string> = {};
    for (const articleId of known[detail.page] ?? []) {
      if (!NAME_RE.test(articleId)) {
        throw new Error(`${site.site}: article id "${articleId}" cannot name a page`);
      }
      ids[articleId] = pages.add(site, kind, detail.page, `${prefix}${articleId}`, articleId);
    }
    const empty = pages.add(site, kind, detail.page, `${prefix}${EMPTY_ARTICLE_SEGMENT}`, null);
    const gone = (goneIds[detail.page] ?? []).filter((id) => !(id in ids));
    into.detail({ prefix, id: detail.id, ids, empty, ...(gone.length > 0 ? { gone } : {}) });
  }
}

function checkName(site: string, page: string): void {
  if (!NAME_RE.test(page)) throw new Error(`${site}: invalid page name "${page}"`);
}

class RouteSetBuilder {
  private readonly routes: Record<string, string> = {};
  private readonly details: DetailSet[] = [];

  constructor(private readonly name: string) {}

  route(path: string, pageId: string): void {
    if (!PATH_RE.test(path)) throw new Error(`${this.name}: invalid path "${path}"`);
    if (path in this.routes) throw new Error(`${this.name}: path "${path}" defined twice`);
    if (this.details.some((d) => path.startsWith(d.prefix))) {
      throw new Error(`${this.name}: path "${path}" overlaps a detail prefix`);
    }
    this.routes[path] = pageId;
  }

  detail(set: DetailSet): void {
    if (!PREFIX_RE.test(set.prefix))
      throw new Error(`${this.name}: invalid prefix "${set.prefix}"`);
    const clash = this.details.find(
      (d) => d.prefix.startsWith(set.prefix) || set.prefix.startsWith(d.prefix),
    );
    if (clash) throw new Error(`${this.name}: prefix "${set.prefix}" overlaps "${clash.prefix}"`);
    if (Object.keys(this.routes).some((path) => path.startsWith(set.prefix))) {
      throw new Error(`${this.name}: prefix "${set.prefix}" overlaps an exact path`);
    }
    this.details.push(set);
  }

  done(): RouteSet {
    return { routes: this.routes, details: this.details, notFound: NOT_FOUND_PAGE_ID };
  }
}
