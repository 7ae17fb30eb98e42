import type { IdKind } from './id-rule';

/**
 * Route definitions: each site declares its pages once (src/sites/<site>/routes.ts) and
 * everything else — the prerender's page list, manifest.json for the C++ server, the links
 * inside pages and the react-router route objects — is derived from them here.
 *
 * Two kinds of variant exist:
 * - "test": the route set of every host that is not configured; all sites under their prefixes
 *   (the `test` paths), plus the 404 catch-all.
 * - "online": the route set of a host configured for one site (the `online` paths); the
 *   manifest names this variant after the site.
 */
export type VariantKind = 'test' | 'online';

export const VARIANT_KINDS: readonly VariantKind[] = ['test', 'online'];

/** The page id of the shared 404 page, used as `not_found` by every variant. */
export const NOT_FOUND_PAGE_ID = 'not-found';
export const NOT_FOUND_FILE = 'pages/not-found.html';

/** A page answered on exact paths. The first path of each list is the one links point to. */
export interface PageRoute<P extends string = string> {
  readonly page: P;
  readonly test: readonly string[];
  readonly online: readonly string[];
}

/**
 * Detail pages: `prefix` + one path segment, the id. Known ids are prerendered (200); any other
 * segment gets the site's "empty" page (its layout with no article), answered with 404.
 */
export interface DetailRoute<P extends string = string> {
  readonly page: P;
  /** Prefixes end with "/"; the id is the single segment after it. */
  readonly test: string;
  readonly online: string;
  readonly id: IdKind;
}

export interface SiteRoutes<P extends string = string> {
  /** The site name: a key of manifest.json's "variants" and of the [hosts] config. */
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

export function pagePath<P extends string>(
  routes: SiteRoutes<P>,
  page: P,
  variant: VariantKind,
): string {
  const route = routes.pages.find((r) => r.page === page);
  const path = route?.[variant][0];
  if (path === undefined) throw new Error(`${routes.site}: no ${variant} path for page "${page}"`);
  return path;
}

export function detailPath<P extends string>(
  routes: SiteRoutes<P>,
  page: P,
  variant: VariantKind,
  id: string,
): string {
  const route = routes.details.find((r) => r.page === page);
  if (route === undefined) throw new Error(`${routes.site}: no detail page "${page}"`);
  return `${route[variant]}${encodeURIComponent(id)}`;
}

/** True when `pathname` is one of the paths of `page` in `variant` (e.g. for the active tab). */
export function isPagePath<P extends string>(
  routes: SiteRoutes<P>,
  page: P,
  variant: VariantKind,
  pathname: string,
): boolean {
  return routes.pages.some((r) => r.page === page && r[variant].includes(pathname));
}

/** Route patterns for react-router: one per exact path, one `prefix:id` per detail page. */
export interface RouterPattern<P extends string = string> {
  readonly path: string;
  readonly page: P;
  readonly detail: DetailRoute<P> | null;
}

export function routerPatterns<P extends string>(
  routes: SiteRoutes<P>,
  variant: VariantKind,
): RouterPattern<P>[] {
  return [
    ...routes.pages.flatMap((r) =>
      r[variant].map((path) => ({ path, page: r.page, detail: null })),
    ),
    ...routes.details.map((d) => ({ path: `${d[variant]}:id`, page: d.page, detail: d })),
  ];
}

// ---------------------------------------------------------------------------------------------
// The route sets of every variant, and the list of pages the prerender writes

/** One HTML document to prerender (or one per language when `langs` is set). */
export interface PageSpec {
  readonly id: string;
  readonly site: string;
  readonly variant: VariantKind;
  readonly page: string;
  /** A path of the variant that renders this page (for the empty page: a never-known id). */
  readonly path: string;
  /** Detail pages: the canonical article id, or null for the empty page. */
  readonly articleId?: string | null;
  /** Output file relative to build/web; with `langs`, "{lang}" stands for the language code. */
  readonly file: string;
  readonly langs?: { readonly list: readonly string[]; readonly default: string };
}

export interface DetailSet {
  readonly prefix: string;
  readonly id: IdKind;
  /** Canonical id -> page id. */
  readonly ids: Readonly<Record<string, string>>;
  readonly empty: string;
}

export interface VariantRouteSet {
  /** Exact path -> page id. */
  readonly routes: Readonly<Record<string, string>>;
  readonly details: readonly DetailSet[];
  readonly notFound: string;
  /** Online variants: the site's first page under the test prefixes (for the server's start-up lines). */
  readonly testEntry?: string;
}

export interface RouteSets {
  /** "test" and one online variant per site, named after the site. */
  readonly variants: Readonly<Record<string, VariantRouteSet>>;
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

export function buildRouteSets(sites: readonly SiteRoutes[], knownIds: KnownIds): RouteSets {
  const pages: PageSpec[] = [];
  const pageIds = new Set<string>([NOT_FOUND_PAGE_ID]);
  const files = new Set<string>([NOT_FOUND_FILE]);

  const addPage = (spec: PageSpec): string => {
    if (pageIds.has(spec.id)) throw new Error(`duplicate page id "${spec.id}"`);
    if (files.has(spec.file)) throw new Error(`duplicate page file "${spec.file}"`);
    pageIds.add(spec.id);
    files.add(spec.file);
    pages.push(spec);
    return spec.id;
  };

  const siteNames = new Set<string>();
  for (const site of sites) {
    if (!NAME_RE.test(site.site) || site.site === 'test') {
      throw new Error(`invalid site name "${site.site}"`);
    }
    if (siteNames.has(site.site)) throw new Error(`duplicate site "${site.site}"`);
    siteNames.add(site.site);
  }

  const test = new VariantBuilder('test');
  const variants: Record<string, VariantRouteSet> = {};

  for (const site of sites) {
    const online = new VariantBuilder(site.site);
    for (const variant of VARIANT_KINDS) {
      const into = variant === 'test' ? test : online;
      const suffix = site.langs ? '.{lang}.html' : '.html';

      for (const route of site.pages) {
        checkName(site.site, route.page);
        const paths = route[variant];
        if (paths.length === 0) continue;
        const id = addPage({
          id: `${site.site}-${variant}-${route.page}`,
          site: site.site,
          variant,
          page: route.page,
          path: paths[0]!,
          file: `pages/${variant}/${site.site}/${route.page}${suffix}`,
          ...(site.langs ? { langs: site.langs } : {}),
        });
        for (const path of paths) into.route(path, id);
      }

      for (const detail of site.details) {
        checkName(site.site, detail.page);
        const prefix = detail[variant];
        const ids: Record<string, string> = {};
        for (const articleId of knownIds[site.site]?.[detail.page] ?? []) {
          if (!NAME_RE.test(articleId)) {
            throw new Error(`${site.site}: article id "${articleId}" cannot name a page`);
          }
          ids[articleId] = addPage({
            id: `${site.site}-${variant}-${detail.page}-${articleId}`,
            site: site.site,
            variant,
            page: detail.page,
            path: `${prefix}${articleId}`,
            articleId,
            file: `pages/${variant}/${site.site}/${detail.page}/${articleId}${suffix}`,
            ...(site.langs ? { langs: site.langs } : {}),
          });
        }
        const empty = addPage({
          id: `${site.site}-${variant}-${detail.page}-empty`,
          site: site.site,
          variant,
          page: detail.page,
          path: `${prefix}${EMPTY_ARTICLE_SEGMENT}`,
          articleId: null,
          file: `pages/${variant}/${site.site}/${detail.page}-empty${suffix}`,
          ...(site.langs ? { langs: site.langs } : {}),
        });
        into.detail({ prefix, id: detail.id, ids, empty });
      }
    }
    const testEntry = site.pages.find((r) => r.test.length > 0)?.test[0];
    variants[site.site] = { ...online.done(), ...(testEntry ? { testEntry } : {}) };
  }

  return { variants: { test: test.done(), ...variants }, pages };
}

function checkName(site: string, page: string): void {
  if (!NAME_RE.test(page)) throw new Error(`${site}: invalid page name "${page}"`);
}

class VariantBuilder {
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

  done(): VariantRouteSet {
    return { routes: this.routes, details: this.details, notFound: NOT_FOUND_PAGE_ID };
  }
}
