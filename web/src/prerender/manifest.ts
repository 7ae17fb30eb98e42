import { SERVER_SETTING_KEYS, type SettingSpec } from '../shared/render/settings';
import type { CspDirective } from '../shared/render/site-render';
import type { Routing } from '../shared/routes/route-set';
import type { LinkDestinations, LinkRegistry } from '../shared/content/links';
import type { CrawlerList } from './crawlers';

/**
 * manifest.json, version 2, exactly as docs/manifest.md describes it: the C++ server reads it
 * once at start and knows nothing site-specific besides.
 */
export const MANIFEST_VERSION = 2;

export interface Manifest {
  readonly version: typeof MANIFEST_VERSION;
  /** Every setting some page takes: key -> the form of its value and its default. */
  readonly settings: Readonly<Record<string, ManifestSetting>>;
  readonly route_sets: Readonly<Record<string, ManifestRouteSet>>;
  readonly pages: Readonly<Record<string, ManifestPage>>;
  readonly static: readonly ManifestStatic[];
  /** The link registry (content/links.toml): slug -> destinations, for /go/<slug>. */
  readonly links: Readonly<Record<string, LinkDestinations>>;
  /** Known crawlers' User-Agents, whose /go/ clicks are not recorded. */
  readonly crawlers: CrawlerList;
  /**
   * The operators' stats dashboard: an HTML shell the server answers `GET /stats/` with on any
   * host, behind its own access check. In no route set.
   */
  readonly dashboard?: string;
  /**
   * The pages whose views the server counts (the visit counts): file -> the canonical path it
   * counts under and, on a site with several languages, its language.
   */
  readonly views: Readonly<Record<string, ManifestView>>;
  /**
   * Later editions (editions.ts): from `at` (ISO 8601, UTC) on, the server answers from the
   * manifest file `manifest` instead (the latest whose moment has come). The first edition's only.
   */
  readonly editions?: readonly ManifestEdition[];
  /** A writer's preview build (preview.ts): the server compresses what it fills in fast. */
  readonly preview?: boolean;
}

export interface ManifestEdition {
  readonly at: string;
  readonly manifest: string;
}

export interface ManifestView {
  readonly path: string;
  readonly lang?: string;
}

export interface ManifestRouteSet {
  readonly routes: Readonly<Record<string, string>>;
  readonly details: readonly ManifestDetail[];
  readonly not_found: string;
  /** Online route sets: where the site is under its prefix, e.g. "/tts1/home". */
  readonly prefixed_entry?: string;
  /** Header lines on every answer on this route set (the prefixed set's X-Robots-Tag). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ManifestDetail {
  readonly prefix: string;
  readonly id: 'number' | 'string';
  readonly ids: Readonly<Record<string, string>>;
  readonly empty: string;
  /** Ids of expired articles: answered 410 Gone with the route set's not-found page. */
  readonly gone?: readonly string[];
}

/** One file, or one file per language (the server picks by the `lang` cookie). */
export type ManifestPage =
  | (PageExtras & { readonly file: string })
  | (PageExtras & {
      readonly langs: Readonly<Record<string, string>>;
      readonly default_lang: string;
    });

export interface PageExtras {
  readonly script_hashes?: readonly string[];
  /** Settings whose tokens the server fills in at start-up. */
  readonly fill?: readonly string[];
  /** Settings whose URL's origin the page's CSP also allows, by directive. */
  readonly csp?: Readonly<Partial<Record<CspDirective, readonly string[]>>>;
}

export interface ManifestSetting {
  readonly type: SettingSpec['type'];
  readonly optional?: true;
  readonly default: string;
}

export interface ManifestStatic {
  readonly path: string;
  readonly file: string;
  readonly immutable: boolean;
}

/**
 * Builds the manifest from the route sets. `alias` maps a page id whose HTML turned out
 * identical to an earlier page's onto that page (dedupe); `pages` holds the written pages.
 */
export function buildManifest(input: {
  routing: Routing;
  settings: Readonly<Record<string, ManifestSetting>>;
  pages: Readonly<Record<string, ManifestPage>>;
  alias: ReadonlyMap<string, string>;
  statics: readonly ManifestStatic[];
  links: LinkRegistry;
  crawlers: CrawlerList;
  dashboard?: string;
  views?: Readonly<Record<string, ManifestView>>;
}): Manifest {
  const id = (pageId: string) => input.alias.get(pageId) ?? pageId;
  const sets: Record<string, ManifestRouteSet> = {};
  for (const [name, set] of Object.entries(input.routing.sets)) {
    sets[name] = {
      routes: Object.fromEntries(Object.entries(set.routes).map(([path, p]) => [path, id(p)])),
      details: set.details.map((d) => ({
        prefix: d.prefix,
        id: d.id,
        ids: Object.fromEntries(Object.entries(d.ids).map(([k, p]) => [k, id(p)])),
        empty: id(d.empty),
        ...(d.gone !== undefined ? { gone: d.gone } : {}),
      })),
      not_found: id(set.notFound),
      ...(set.prefixedEntry ? { prefixed_entry: set.prefixedEntry } : {}),
      ...(set.headers ? { headers: set.headers } : {}),
    };
  }
  const statics = [...input.statics].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  return {
    version: MANIFEST_VERSION,
    settings: input.settings,
    route_sets: sets,
    pages: input.pages,
    static: statics,
    links: Object.fromEntries([...input.links].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    crawlers: input.crawlers,
    ...(input.dashboard !== undefined ? { dashboard: input.dashboard } : {}),
    views: Object.fromEntries(
      Object.entries(input.views ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
  };
}

/**
 * Checks the rules the server relies on (docs/manifest.md); returns the problems found.
 * `exists(file)` tells whether a file relative to the manifest's directory exists.
 */
export function checkManifest(m: Manifest, exists: (file: string) => boolean): string[] {
  const problems: string[] = [];
  const pageIds = new Set(Object.keys(m.pages));
  const used = new Set<string>();
  const referPage = (where: string, pageId: string) => {
    used.add(pageId);
    if (!pageIds.has(pageId)) problems.push(`${where}: unknown page id "${pageId}"`);
  };
  if (!('prefixed' in m.route_sets)) problems.push('no "prefixed" route set');
  for (const [name, v] of Object.entries(m.route_sets)) {
    for (const [path, pageId] of Object.entries(v.routes)) {
      if (!/^\/(?:[^/?#\s]+(?:\/[^/?#\s]+)*)?$/.test(path))
        problems.push(`${name}: bad path "${path}"`);
      referPage(`${name} ${path}`, pageId);
    }
    const prefixes = v.details.map((d) => d.prefix);
    if (new Set(prefixes).size !== prefixes.length)
      problems.push(`${name}: repeated detail prefix`);
    for (const d of v.details) {
      if (!d.prefix.startsWith('/') || !d.prefix.endsWith('/')) {
        problems.push(`${name}: bad prefix "${d.prefix}"`);
      }
      for (const [articleId, pageId] of Object.entries(d.ids)) {
        if (articleId === '' || articleId.includes('/'))
          problems.push(`${name}: bad id "${articleId}"`);
        if (d.id === 'number' && !/^(?:0|[1-9][0-9]*)$/.test(articleId)) {
          problems.push(`${name} ${d.prefix}: id "${articleId}" is not canonical decimal`);
        }
        referPage(`${name} ${d.prefix}${articleId}`, pageId);
      }
      referPage(`${name} ${d.prefix} empty`, d.empty);
      for (const gone of d.gone ?? []) {
        if (gone in d.ids) problems.push(`${name} ${d.prefix}: id "${gone}" is both live and gone`);
        if (gone === '' || gone.includes('/')) problems.push(`${name}: bad gone id "${gone}"`);
      }
    }
    referPage(`${name} not_found`, v.not_found);
  }
  for (const [pageId, page] of Object.entries(m.pages)) {
    if (!used.has(pageId)) problems.push(`page "${pageId}" is not used by any route set`);
    const named = [...(page.fill ?? []), ...Object.values(page.csp ?? {}).flat()];
    for (const key of named) {
      // origins.<site> (each site's origin, for every site it knows) and a few more are the
      // server's own.
      const serverOwn =
        (key.startsWith('origins.') && key.slice('origins.'.length) in m.route_sets) ||
        (SERVER_SETTING_KEYS as readonly string[]).includes(key);
      if (!(key in m.settings) && !serverOwn) {
        problems.push(`page "${pageId}": setting ${key} is not declared`);
      }
    }
    const files = 'file' in page ? [page.file] : Object.values(page.langs);
    if ('langs' in page && !(page.default_lang in page.langs)) {
      problems.push(`page "${pageId}": default_lang "${page.default_lang}" has no file`);
    }
    for (const file of files) if (!exists(file)) problems.push(`page "${pageId}": missing ${file}`);
  }
  for (const [slug, link] of Object.entries(m.links)) {
    for (const value of [link.url, link.ios, link.android]) {
      for (const [, key] of (value ?? '').matchAll(/\{\{([^}]+)\}\}/g)) {
        if (!(key! in m.settings))
          problems.push(`link ${slug}: setting ${key} is not declared by any page`);
      }
    }
  }
  const pageFiles = new Set(
    Object.values(m.pages).flatMap((p) => ('file' in p ? [p.file] : Object.values(p.langs))),
  );
  for (const [file, view] of Object.entries(m.views)) {
    if (!pageFiles.has(file)) problems.push(`views: ${file} is not a page's file`);
    if (!view.path.startsWith('/')) problems.push(`views: ${file}: "${view.path}" is not a path`);
  }
  if (m.dashboard !== undefined) {
    if (!/^pages\/[^/]+\.html$/.test(m.dashboard))
      problems.push(`dashboard: "${m.dashboard}" is not an HTML file under pages/`);
    else if (!exists(m.dashboard)) problems.push(`dashboard: missing ${m.dashboard}`);
  }
  const paths = new Set<string>();
  for (const s of m.static) {
    if (paths.has(s.path)) problems.push(`static ${s.path} listed twice`);
    paths.add(s.path);
    if (s.path !== `/${s.file}`)
      problems.push(`static ${s.path} does not match its file ${s.file}`);
    if (!exists(s.file)) problems.push(`static ${s.path}: missing ${s.file}`);
  }
  return problems;
}
