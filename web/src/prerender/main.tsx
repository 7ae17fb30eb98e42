/**
 * The prerender: the last step of `npm run build`, run as `node ../build/web-ssr/prerender.js`
 * with NODE_ENV=production after the client and SSR builds.
 *
 * Its steps, in order: prepare every site of the registry (load and check its content), derive
 * the route sets, write every page (write-pages.ts) while the blog images encode, list the static
 * files, write build/web/manifest.json (docs/manifest.md) with the link registry and the crawler
 * list, and precompress every text file. The stats dashboard's shell (dashboard.ts) is written
 * beside the pages and named in the manifest, in no route set.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentDirFromEnv, loadLinks, type ContentSource } from '../shared/content/load-content';
import type { PreparedSite } from '../shared/render/site-render';
import { buildRouting, type KnownIds } from '../shared/routes/route-set';
import { renderModule, SITES, type SiteDefinition } from '../sites/registry';
import { Assets } from './assets';
import { blogArtwork } from './blog-artwork';
import { crawlerList } from './crawlers';
import { writeDashboard } from './dashboard';
import { readJson, takeClientManifest, walk, writeOut } from './files';
import { createImagePipeline, describeImages, imageCacheDir, loadSharp } from './images';
import { siteFileRoutes, writeSiteAssets, writeSiteFiles } from './site-files';
import { SocialImagePipeline } from './social-images';
import { editionFile, shareWithFirst } from './editions';
import { buildManifest, checkManifest, type Manifest, type ManifestStatic } from './manifest';
import { OUT_DIR, SSR_DIR, BUILD_DIR, WEB_DIR } from './paths';
import { precompress } from './precompress';
import { previewBuild, writePreviewFiles } from './preview';
import type { ViteManifest } from './vite-manifest';
import { PageWriter } from './write-pages';

type Sites = Map<string, { definition: SiteDefinition; prepared: PreparedSite }>;

/** Every site with its content loaded and checked. */
async function prepareSites(source: ContentSource): Promise<Sites> {
  const sites: Sites = new Map();
  for (const definition of SITES) {
    const prepared = await (await renderModule(definition).load()).prepare(source, definition.blog);
    sites.set(definition.routes.site, { definition, prepared });
  }
  return sites;
}

/** manifest.json and the later editions' manifest.<n>.json: read by the server, never served. */
const MANIFEST_FILE = /^manifest(\.[0-9]+)?\.json$/;

/** Everything in build/web that is not a page, the manifest or a precompressed copy. */
async function listStatics(): Promise<ManifestStatic[]> {
  return (await walk(OUT_DIR))
    .map((path) => relative(OUT_DIR, path).split('\\').join('/'))
    .filter((f) => !MANIFEST_FILE.test(f) && !f.startsWith('pages/') && !/\.(br|gz)$/.test(f))
    .map((file) => ({ path: `/${file}`, file, immutable: file.startsWith('assets/') }));
}

/** .br and .gz beside every served text file (not manifest.json, which only the server reads). */
async function precompressAll(): Promise<number> {
  const files = (await walk(OUT_DIR)).filter(
    (p) => !MANIFEST_FILE.test(relative(OUT_DIR, p)) && !/\.(br|gz)$/.test(p),
  );
  let written = 0;
  for (let i = 0; i < files.length; i += 16) {
    written += (await Promise.all(files.slice(i, i + 16).map(precompress))).flat().length;
  }
  return written;
}

/**
 * A site's card.svg or favicon.svg: its code's (src/sites/<site>/card.svg, public/favicons/),
 * or for a blog of data its content folder's, else one drawn from its site.toml.
 */
function siteFile(site: string, name: 'card.svg' | 'favicon.svg', contentDir: string): string {
  const blog = SITES.find((s) => s.routes.site === site)?.blog;
  const own =
    name === 'card.svg'
      ? join(WEB_DIR, 'src/sites', site, name)
      : join(WEB_DIR, 'public/favicons', `${site}.svg`);
  if (blog === undefined || existsSync(own)) return own;
  return blogArtwork(blog, name, contentDir, join(imageCacheDir(WEB_DIR, BUILD_DIR), 'drawn'));
}

/**
 * Where the sites read their content, with the build's pictures: blog images planned while the
 * sites are prepared and encoded while the pages render, and the link-preview cards.
 */
function contentSource(warnings: string[]) {
  const dir = contentDirFromEnv();
  const images = createImagePipeline({
    webDir: WEB_DIR,
    buildDir: BUILD_DIR,
    outDir: OUT_DIR,
    contentDir: dir,
  });
  const social = new SocialImagePipeline({
    sharp: loadSharp(WEB_DIR),
    contentDir: dir,
    cardFile: (site: string) => siteFile(site, 'card.svg', dir),
    outDir: OUT_DIR,
    cacheDir: imageCacheDir(WEB_DIR, BUILD_DIR),
  });
  return {
    dir,
    warn: (m: string) => warnings.push(m),
    images,
    social,
    drafts: previewBuild() !== undefined,
  } satisfies ContentSource;
}

/** Checks the manifest against what was written, then writes it. */
async function writeManifest(manifest: Manifest, name = 'manifest.json'): Promise<void> {
  const problems = checkManifest(manifest, (f) => existsSync(join(OUT_DIR, f)));
  if (problems.length > 0) throw new Error(`${name}:\n  ${problems.join('\n  ')}`);
  await writeOut(name, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Moments of change one build may hold: each is an edition of every page that changes. */
const MAX_EDITIONS = 50;

/** The whole build of build/web; the preview's worker calls it once per build (preview.ts). */
export async function prerender(): Promise<void> {
  if (process.env.NODE_ENV !== 'production') {
    throw new Error(
      'run the prerender with NODE_ENV=production (React development markup differs)',
    );
  }
  const started = performance.now();
  const preview = previewBuild() !== undefined;
  const warnings: string[] = [];
  const source = contentSource(warnings);
  const { images, social } = source;
  const assets = new Assets(
    await takeClientManifest(),
    await readJson<ViteManifest>(join(SSR_DIR, '.vite/manifest.json')),
  );

  // The pages as they are now, and as they will be at each later moment an article goes live or
  // expires (editions.ts): every edition's content is loaded before any image is encoded.
  const now = Date.now();
  const editions: { at: number; sites: Sites }[] = [
    { at: now, sites: await prepareSites({ ...source, at: now }) },
  ];
  const moments = [
    ...new Set([...editions[0]!.sites.values()].flatMap((s) => s.prepared.schedule ?? [])),
  ].sort((a, b) => a - b);
  if (moments.length > MAX_EDITIONS) {
    throw new Error(
      `${moments.length} moments at which articles go live or expire: at most ${MAX_EDITIONS} (content/README.md)`,
    );
  }
  for (const at of moments) editions.push({ at, sites: await prepareSites({ ...source, at }) });

  const siteAssets = await writeSiteAssets(
    loadSharp(WEB_DIR),
    WEB_DIR,
    SITES,
    imageCacheDir(WEB_DIR, BUILD_DIR),
    (site) => siteFile(site, 'favicon.svg', source.dir),
  );
  const encoding = images.run().then(
    () => null,
    (error: unknown) => error,
  );
  const dashboard = await writeDashboard(assets);

  /** One edition's pages, site files and route sets. */
  const renderEdition = async (sites: Sites, n: number) => {
    const knownIds: KnownIds = Object.fromEntries(
      [...sites].map(([name, s]) => [name, s.prepared.knownIds]),
    );
    const goneIds: KnownIds = Object.fromEntries(
      [...sites].map(([name, s]) => [name, s.prepared.goneIds ?? {}]),
    );
    const withFeed = new Set(
      [...sites].filter(([, s]) => (s.prepared.knownIds.article?.length ?? 0) > 0).map(([m]) => m),
    );
    const fileRoutes = siteFileRoutes([...sites.keys()], withFeed);
    const routing = buildRouting(
      SITES.map((s) => s.routes),
      knownIds,
      fileRoutes,
      goneIds,
    );
    const place = n === 0 ? (f: string) => f : (f: string) => editionFile(f, n);
    const writer = new PageWriter(assets, sites, siteAssets, place);
    for (const spec of routing.pages) await writer.write(spec);
    await writer.writeNotFound();
    await writer.flush();
    const filePages = await writeSiteFiles(
      SITES,
      fileRoutes.map((r) => ({ ...r, file: place(r.file) })),
      writer.indexed,
      siteAssets,
    );
    return { knownIds, routing, writer, filePages };
  };
  const rendered: Awaited<ReturnType<typeof renderEdition>>[] = [];
  for (const [n, e] of editions.entries()) rendered.push(await renderEdition(e.sites, n));
  await assets.copySsrCss();
  const cards = await social.run();

  // Every image is encoded (or copied from the cache) before the static files are listed.
  const imageError = await encoding;
  if (imageError !== null) throw imageError;
  const imageStats = await images.run();
  if (preview) await writePreviewFiles();
  const statics = await listStatics();
  const links = await loadLinks(source);

  const manifestOf = (r: (typeof rendered)[number], extra: Partial<Manifest> = {}): Manifest => ({
    ...buildManifest({
      routing: r.routing,
      settings: Object.fromEntries(r.writer.settings),
      pages: { ...r.writer.pages, ...r.filePages },
      alias: r.writer.alias,
      statics,
      links,
      crawlers: crawlerList(),
      dashboard,
      views: r.writer.views,
    }),
    ...extra,
  });
  const first = manifestOf(rendered[0]!, {
    ...(preview ? { preview: true } : {}),
    ...(editions.length > 1
      ? {
          editions: editions.slice(1).map((e, i) => ({
            at: new Date(e.at).toISOString(),
            manifest: `manifest.${i + 1}.json`,
          })),
        }
      : {}),
  });
  let shared = 0;
  for (const [i, r] of rendered.slice(1).entries()) {
    const later = manifestOf(r);
    const kept = await shareWithFirst(first, {
      pages: { ...later.pages },
      views: { ...later.views },
    });
    shared += kept.shared;
    await writeManifest(
      { ...later, pages: kept.pages, views: kept.views },
      `manifest.${i + 1}.json`,
    );
  }
  await writeManifest(first);
  const { knownIds, writer } = rendered[0]!;
  // The preview serves what it just wrote as it is: compressing would only delay the reload.
  const compressed = preview ? 0 : await precompressAll();

  for (const w of warnings) console.warn(`warning: ${w}`);
  console.log(`${describeImages(imageStats)}; ${cards} link-preview pictures`);
  const articles = Object.values(knownIds).flatMap((k) => Object.values(k).flat()).length;
  console.log(
    `prerendered ${writer.files} HTML files for ${Object.keys(writer.pages).length} pages ` +
      `(${writer.alias.size} deduped, ${articles} articles from ${relative(WEB_DIR, source.dir) || '.'}` +
      `${editions.length > 1 ? `; ${editions.length - 1} later editions sharing ${shared} pages` : ''}), ` +
      `${statics.length} static files, ${compressed} precompressed files, ` +
      `in ${Math.round(performance.now() - started)} ms -> ${relative(WEB_DIR, OUT_DIR)}`,
  );
}

// Run as a program (npm run prerender); imported, by the preview's worker, it waits to be called.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  prerender().catch((error: unknown) => {
    console.error(error instanceof Error ? `prerender failed: ${error.message}` : error);
    process.exitCode = 1;
  });
}
