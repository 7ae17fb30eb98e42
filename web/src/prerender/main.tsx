/**
 * The prerender: the last step of `npm run build`, run as `node ../build/web-ssr/prerender.js`
 * with NODE_ENV=production after the client and SSR builds.
 *
 * It loads and validates the content, derives every route set from the sites' route
 * definitions, renders every page of every route set with React (once per language for waveads),
 * writes build/web/pages/**, links each page to its stylesheets and scripts, dedupes identical
 * pages, writes build/web/manifest.json (docs/manifest.md) and precompresses every text file.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter, useRoutes, type RouteObject } from 'react-router';
import { contentDirFromEnv, type ContentSource } from '../shared/content/load-content';
import { settingTokens, type Setting } from '../shared/render/settings';
import type { DocumentInfo, PreparedSite, RenderContext } from '../shared/render/site-render';
import {
  buildRouting,
  NOT_FOUND_FILE,
  NOT_FOUND_PAGE_ID,
  type KnownIds,
  type PageSpec,
} from '../shared/routes/route-set';
import { SITE_ROUTES } from '../sites/site-routes';
import { htmlDocument } from './html-document';
import { createImagePipeline, describeImages } from './images';
import {
  buildManifest,
  checkManifest,
  type ManifestPage,
  type ManifestSetting,
  type ManifestStatic,
  type PageExtras,
} from './manifest';
import { precompress } from './precompress';
import { NOT_FOUND_MODULE, SITE_MODULES } from './site-modules';
import { cssOf, jsOf, type ViteManifest } from './vite-manifest';

const WEB_DIR = process.cwd();
/** The same directories as the client and SSR builds of vite.config.ts (WAVESITES_BUILD_DIR, default ../build). */
const BUILD_DIR = resolve(WEB_DIR, process.env.WAVESITES_BUILD_DIR ?? '../build');
const OUT_DIR = resolve(BUILD_DIR, 'web');
const SSR_DIR = resolve(BUILD_DIR, 'web-ssr');

const SCROLL_SCRIPT = 'src/shared/scroll/scroll-top.ts';

// ---------------------------------------------------------------------------------------------
// React rendering

function RouteView(props: { routes: RouteObject[] }) {
  return useRoutes(props.routes);
}

async function renderToHtml(element: ReactElement): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => {
      errors.push(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw errors[0];
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders `path` through the site's react-router routes, as a request for it would. */
async function renderRoute(
  site: PreparedSite,
  context: RenderContext,
  path: string,
): Promise<{ body: string; document: DocumentInfo }> {
  const objects = site.routeObjects(context);
  const routes: RouteObject[] = objects.map((o) => ({ path: o.path, element: o.element }));
  const match = matchRoutes(routes, path)?.at(-1);
  const object = objects.find((o) => o.path === match?.route.path);
  if (match === undefined || object === undefined) throw new Error(`no route renders ${path}`);
  const body = await renderToHtml(
    <StaticRouter location={path}>
      <RouteView routes={routes} />
    </StaticRouter>,
  );
  return { body, document: object.document(match.params) };
}

// ---------------------------------------------------------------------------------------------
// Assets: which stylesheets and scripts each page links

class Assets {
  private readonly css = new Map<string, string>();
  private readonly ssrCss = new Set<string>();

  /** How many chunks of the SSR build list each stylesheet. */
  private readonly ssrCssUse = new Map<string, number>();

  constructor(
    private readonly client: ViteManifest,
    private readonly ssr: ViteManifest,
  ) {
    for (const chunk of Object.values(ssr)) {
      for (const file of chunk.css ?? [])
        this.ssrCssUse.set(file, (this.ssrCssUse.get(file) ?? 0) + 1);
    }
  }

  /** Links for a page of the site whose render module is `siteSource`. */
  links(siteSource: string, document: DocumentInfo) {
    const scroll = jsOf(this.client, SCROLL_SCRIPT);
    const scripts = [scroll.file];
    const preloads: string[] = [];
    let stylesheets: string[];
    if (document.clientEntry !== undefined) {
      // A hydrated page: its stylesheets are the client build's, the ones its JS knows about.
      const entry = jsOf(this.client, document.clientEntry);
      scripts.push(entry.file);
      preloads.push(...entry.imports);
      for (const key of document.clientPreload ?? []) {
        const chunk = jsOf(this.client, key);
        preloads.push(...chunk.imports, chunk.file);
      }
      // The entry's stylesheets, then those of the chunks it preloads (a page's own chunk).
      stylesheets = [
        ...new Set([
          ...cssOf(this.client, document.clientEntry),
          ...(document.clientPreload ?? []).flatMap((key) => cssOf(this.client, key)),
        ]),
      ];
    } else {
      // A page with no React in the browser: the SSR build's stylesheets of its site, and any
      // small vanilla scripts of its own (client-build entries).
      for (const key of document.scripts ?? []) {
        const entry = jsOf(this.client, key);
        scripts.push(entry.file);
        preloads.push(...entry.imports);
      }
      // Shared stylesheets (the base) first, then the site's own, so the site's rules come last.
      const use = (file: string) => this.ssrCssUse.get(file) ?? 0;
      stylesheets = cssOf(this.ssr, siteSource).sort((a, b) => use(b) - use(a));
      for (const file of stylesheets) this.ssrCss.add(file);
    }
    const url = (file: string) => `/${file}`;
    return {
      stylesheets: stylesheets.map(url),
      scripts: scripts.map(url),
      modulePreloads: [...new Set(preloads)].filter((f) => !scripts.includes(f)).map(url),
      files: stylesheets,
    };
  }

  /** Copies the SSR build's stylesheets that pages link into build/web. */
  async copySsrCss(): Promise<void> {
    for (const file of this.ssrCss) {
      const to = join(OUT_DIR, file);
      if (existsSync(to)) continue;
      await mkdir(dirname(to), { recursive: true });
      await copyFile(join(SSR_DIR, file), to);
    }
  }

  async cssText(file: string): Promise<string> {
    let text = this.css.get(file);
    if (text === undefined) {
      const path = existsSync(join(OUT_DIR, file)) ? join(OUT_DIR, file) : join(SSR_DIR, file);
      text = await readFile(path, 'utf8');
      this.css.set(file, text);
    }
    return text;
  }
}

/**
 * Every class in the page's markup must be defined by a stylesheet it links. This catches CSS
 * Module names that differ between the client and the SSR build, or a stylesheet not linked.
 */
async function checkClasses(what: string, html: string, files: readonly string[], assets: Assets) {
  const defined = new Set<string>();
  for (const file of files) {
    for (const m of (await assets.cssText(file)).matchAll(/\.(-?[_a-zA-Z][\w-]*)/g))
      defined.add(m[1]!);
  }
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/).filter(Boolean)) {
      if (!defined.has(name))
        throw new Error(`${what}: class "${name}" is in no linked stylesheet`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Files

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** The client build leaves its manifest in build/web/.vite: keep it beside the SSR build instead, since it must not be served. */
async function takeClientManifest(): Promise<ViteManifest> {
  const from = join(OUT_DIR, '.vite/manifest.json');
  const kept = join(SSR_DIR, 'client-manifest.json');
  if (existsSync(from)) {
    await rename(from, kept);
    await rm(join(OUT_DIR, '.vite'), { recursive: true, force: true });
  }
  return readJson<ViteManifest>(kept);
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else out.push(path);
  }
  return out;
}

async function writeOut(file: string, text: string): Promise<void> {
  const path = join(OUT_DIR, file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Settings

/**
 * The manifest's view of a page's settings (`fill`, `csp`), declaring each setting in `declared`
 * on the way; a key declared twice must mean the same setting.
 */
function settingExtras(document: DocumentInfo, declared: Map<string, ManifestSetting>): PageExtras {
  const declare = (s: Setting) => {
    const spec: ManifestSetting = {
      type: s.spec.type,
      ...(s.spec.optional ? { optional: true as const } : {}),
      default: s.spec.default,
    };
    const seen = declared.get(s.key);
    if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(spec)) {
      throw new Error(`setting ${s.key} is declared twice, differently`);
    }
    declared.set(s.key, spec);
    return s.key;
  };
  const fill = (document.settings ?? []).map(declare);
  const csp = Object.fromEntries(
    Object.entries(document.cspOrigins ?? {}).map(([directive, list]) => [directive, list.map(declare)]),
  );
  return {
    ...(fill.length > 0 ? { fill } : {}),
    ...(Object.keys(csp).length > 0 ? { csp } : {}),
  };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (process.env.NODE_ENV !== 'production') {
    throw new Error(
      'run the prerender with NODE_ENV=production (React development markup differs)',
    );
  }
  const started = performance.now();
  const warnings: string[] = [];
  const contentDir = contentDirFromEnv();
  // Blog images: planned while the sites are prepared, encoded while the pages render.
  const images = createImagePipeline({
    webDir: WEB_DIR,
    buildDir: BUILD_DIR,
    outDir: OUT_DIR,
    contentDir,
  });
  const source: ContentSource = { dir: contentDir, warn: (m) => warnings.push(m), images };

  const assets = new Assets(
    await takeClientManifest(),
    await readJson<ViteManifest>(join(SSR_DIR, '.vite/manifest.json')),
  );

  // Content and known ids of every site.
  const sites = new Map<string, PreparedSite>();
  const knownIds: Record<string, PreparedSite['knownIds']> = {};
  for (const routes of SITE_ROUTES) {
    const module = SITE_MODULES[routes.site];
    if (module === undefined) throw new Error(`site "${routes.site}" has no render module`);
    const site = await (await module.load()).prepare(source);
    sites.set(routes.site, site);
    knownIds[routes.site] = site.knownIds;
  }
  const routing = buildRouting(SITE_ROUTES, knownIds as KnownIds);
  const encoding = images.run().then(
    () => null,
    (error: unknown) => error,
  );

  // Pages, and the settings they take.
  const settings = new Map<string, ManifestSetting>();
  const pages: Record<string, ManifestPage> = {};
  const alias = new Map<string, string>();
  const byContent = new Map<string, string>();
  let files = 0;

  const renderSpec = async (spec: PageSpec, lang: string | null) => {
    const site = sites.get(spec.site)!;
    const { body, document } = await renderRoute(
      site,
      { routeSet: spec.routeSet, lang: lang ?? 'en' },
      spec.path,
    );
    const links = assets.links(SITE_MODULES[spec.site]!.source, document);
    const favicon = `favicons/${spec.site}.svg`;
    if (!existsSync(join(OUT_DIR, favicon))) throw new Error(`missing public/${favicon}`);
    const html = htmlDocument({ ...document, ...links, favicon: `/${favicon}`, body });
    const what = `${spec.id}${lang ? ` (${lang})` : ''}`;
    await checkClasses(what, html, links.files, assets);
    // The server fills tokens only on the pages that declare their settings: each must go with the other.
    const declared = new Set((document.settings ?? []).map((s) => s.key));
    const used = settingTokens(html);
    if ([...used].some((k) => !declared.has(k)) || [...declared].some((k) => !used.has(k))) {
      throw new Error(`${what}: setting tokens [${[...used]}] differ from its settings [${[...declared]}]`);
    }
    return { html, extras: settingExtras(document, settings) };
  };

  for (const spec of routing.pages) {
    const rendered: { lang: string | null; html: string; extras: PageExtras }[] = [];
    for (const lang of spec.langs?.list ?? [null]) {
      rendered.push({ lang, ...(await renderSpec(spec, lang)) });
    }
    const extras = rendered[0]!.extras;
    // Identical pages (e.g. a page with no links, same in test and online) are written once.
    const key = hash(rendered.map((r) => `${r.lang ?? ''}\0${r.html}`).join('\0'));
    const same = byContent.get(key);
    if (same !== undefined) {
      alias.set(spec.id, same);
      continue;
    }
    byContent.set(key, spec.id);
    for (const r of rendered) {
      await writeOut(spec.file.replace('{lang}', r.lang ?? ''), r.html);
      files++;
    }
    pages[spec.id] = spec.langs
      ? {
          langs: Object.fromEntries(
            rendered.map((r) => [r.lang!, spec.file.replace('{lang}', r.lang!)]),
          ),
          default_lang: spec.langs.default,
          ...extras,
        }
      : { file: spec.file, ...extras };
  }

  // The shared 404 page.
  const notFound = (await NOT_FOUND_MODULE.load()).renderNotFound();
  const notFoundBody = await renderToHtml(notFound.element);
  const notFoundLinks = assets.links(NOT_FOUND_MODULE.source, notFound.document);
  const notFoundHtml = htmlDocument({
    ...notFound.document,
    ...notFoundLinks,
    favicon: '/favicon.svg',
    body: notFoundBody,
  });
  await checkClasses(NOT_FOUND_PAGE_ID, notFoundHtml, notFoundLinks.files, assets);
  await writeOut(NOT_FOUND_FILE, notFoundHtml);
  files++;
  pages[NOT_FOUND_PAGE_ID] = { file: NOT_FOUND_FILE };

  await assets.copySsrCss();

  // Every image is encoded (or copied from the cache) before the static files are listed.
  const imageError = await encoding;
  if (imageError !== null) throw imageError;
  const imageStats = await images.run();

  // Everything else in build/web is a static file.
  const statics: ManifestStatic[] = (await walk(OUT_DIR))
    .map((path) => relative(OUT_DIR, path).split('\\').join('/'))
    .filter((f) => f !== 'manifest.json' && !f.startsWith('pages/') && !/\.(br|gz)$/.test(f))
    .map((file) => ({ path: `/${file}`, file, immutable: file.startsWith('assets/') }));

  const manifest = buildManifest({ routing, settings: Object.fromEntries(settings), pages, alias, statics });
  const problems = checkManifest(manifest, (f) => existsSync(join(OUT_DIR, f)));
  if (problems.length > 0) throw new Error(`manifest.json:\n  ${problems.join('\n  ')}`);
  await writeOut('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);

  // Precompress every text file that is served (not manifest.json, which only the server reads).
  const toCompress = (await walk(OUT_DIR)).filter(
    (p) => relative(OUT_DIR, p) !== 'manifest.json' && !/\.(br|gz)$/.test(p),
  );
  let compressed = 0;
  for (let i = 0; i < toCompress.length; i += 16) {
    const batch = await Promise.all(toCompress.slice(i, i + 16).map(precompress));
    compressed += batch.flat().length;
  }

  for (const w of warnings) console.warn(`warning: ${w}`);
  console.log(describeImages(imageStats));
  const articles = Object.values(knownIds).flatMap((k) => Object.values(k).flat()).length;
  console.log(
    `prerendered ${files} HTML files for ${Object.keys(pages).length} pages ` +
      `(${alias.size} deduped, ${articles} articles from ${relative(WEB_DIR, source.dir) || '.'}), ` +
      `${statics.length} static files, ${compressed} precompressed files, ` +
      `in ${Math.round(performance.now() - started)} ms -> ${relative(WEB_DIR, OUT_DIR)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `prerender failed: ${error.message}` : error);
  process.exitCode = 1;
});
