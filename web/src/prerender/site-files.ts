/**
 * The files a site's host answers besides its pages, so that no crawler or browser meets a 404:
 * robots.txt, the sitemap, the blogs' feeds, /favicon.ico and /apple-touch-icon.png, and the
 * icons and web app manifest each page links. Robots, sitemaps and feeds carry absolute URLs, so
 * they are written with the site's origin token (a setting the server fills in at start-up).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheWrite } from '../shared/images/pipeline';
import type sharpModule from 'sharp';
import { originOf } from '../shared/render/settings';
import type { SiteFileRoute } from '../shared/routes/route-set';
import type { PageMeta } from '../shared/seo/page-meta';
import { pagePath } from '../shared/routes/route-set';
import type { SiteDefinition } from '../sites/registry';
import { writeOut } from './files';
import { OUT_DIR } from './paths';
import { atomFeed, sitemapXml } from './feeds';
import type { ManifestPage } from './manifest';

/** What a page's head links for its site: the colour, the home-screen icon, the app manifest. */
export interface SiteHead {
  readonly themeColor: string;
  readonly touchIcon: string;
  readonly manifest: string;
  /** A blog of data's palette (site.toml [colours]), after its theme's stylesheet. */
  readonly palette?: string | undefined;
}

/** The `--blog-*` properties a theme's stylesheet reads, from a site.toml's [colours]. */
export function paletteCss(colours: Readonly<Record<string, string>>): string | null {
  const lines = Object.entries(colours).map(([key, value]) => `  --blog-${key}: ${value};`);
  return lines.length === 0 ? null : `:root {\n${lines.join('\n')}\n}\n`;
}

/** Where the files of one route set are: `pages/online/<site>/` or `pages/prefixed/`. */
const dirOf = (site: string | null) => (site === null ? 'pages/prefixed' : `pages/online/${site}`);
const idOf = (site: string | null, name: string) =>
  site === null ? `prefixed-${name}` : `${site}-online-${name}`;

/** The routes of these files, known before any page renders (`withFeed`: the sites that have articles). */
export function siteFileRoutes(
  sites: readonly string[],
  withFeed: ReadonlySet<string>,
): SiteFileRoute[] {
  const common = (site: string | null): SiteFileRoute[] => [
    { site, path: '/robots.txt', id: idOf(site, 'robots'), file: `${dirOf(site)}/robots.txt` },
    { site, path: '/favicon.ico', id: idOf(site, 'favicon'), file: `${dirOf(site)}/favicon.ico` },
    {
      site,
      path: '/apple-touch-icon.png',
      id: idOf(site, 'touch-icon'),
      file: `${dirOf(site)}/apple-touch-icon.png`,
    },
  ];
  return [
    ...common(null),
    ...sites.flatMap((site) => [
      ...common(site),
      { site, path: '/sitemap.xml', id: idOf(site, 'sitemap'), file: `${dirOf(site)}/sitemap.xml` },
      ...(withFeed.has(site)
        ? [{ site, path: '/feed.xml', id: idOf(site, 'feed'), file: `${dirOf(site)}/feed.atom` }]
        : []),
    ]),
  ];
}

// ---------------------------------------------------------------------------------------------
// Icons and manifests: hashed assets, made before the pages that link them

type Sharp = typeof sharpModule;

interface Icons {
  readonly png: Readonly<Record<number, Buffer>>;
  readonly ico: Buffer;
}

const PNG_SIZES = [16, 32, 48, 180, 192, 512] as const;

/**
 * The PNG icons of one SVG. They are kept in the image cache under a hash of the SVG (and of
 * how they are drawn): sharp takes about 40 ms a site to draw them, every build.
 */
async function iconsFrom(sharp: Sharp, svg: Buffer, cacheDir: string): Promise<Icons> {
  const key = createHash('sha256').update(`icons-v1\0`).update(svg).digest('hex').slice(0, 20);
  const png: Record<number, Buffer> = {};
  for (const size of PNG_SIZES) {
    const cached = join(cacheDir, 'icons', `${key}-${size}.png`);
    if (existsSync(cached)) {
      png[size] = await readFile(cached);
      continue;
    }
    png[size] = await sharp(svg, { density: Math.max(72, (72 * size) / 32) })
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await cacheWrite(cached, png[size]);
  }
  return { png, ico: icoOf([16, 32, 48].map((size) => ({ size, data: png[size]! }))) };
}

/** An ICO file of PNG images (readable by every browser since 2007): header, directory, data. */
export function icoOf(images: readonly { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const dir = Buffer.alloc(16 * images.length);
  let offset = header.length + dir.length;
  images.forEach(({ size, data }, i) => {
    const e = 16 * i;
    dir[e] = size >= 256 ? 0 : size;
    dir[e + 1] = size >= 256 ? 0 : size;
    dir.writeUInt16LE(1, e + 4); // colour planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(data.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, dir, ...images.map((i) => i.data)]);
}

async function writeHashed(stem: string, ext: string, data: Buffer | string): Promise<string> {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
  const file = `assets/${stem}-${hash}.${ext}`;
  await writeOut(file, data);
  return `/${file}`;
}

/** Each site's head links and route-set icons; `null` is the prefixed set's plain WaveSites icon. */
export interface SiteAssets {
  readonly heads: ReadonlyMap<string, { readonly online: SiteHead; readonly prefixed: SiteHead }>;
  readonly icons: ReadonlyMap<string | null, Icons>;
}

export async function writeSiteAssets(
  sharp: Sharp,
  webDir: string,
  sites: readonly SiteDefinition[],
  cacheDir: string,
  /** Where a site's favicon.svg is: public/favicons/<site>.svg, or a blog of data's own. */
  faviconFile: (site: string) => string,
): Promise<SiteAssets> {
  const heads = new Map<string, { online: SiteHead; prefixed: SiteHead }>();
  const icons = new Map<string | null, Icons>();
  icons.set(
    null,
    await iconsFrom(sharp, await readFile(join(webDir, 'public/favicon.svg')), cacheDir),
  );
  for (const site of sites) {
    const name = site.routes.site;
    const svg = await readFile(faviconFile(name));
    // Served at /favicons/<site>.svg: Vite copied those of public/; a blog of data's is written.
    if (!existsSync(join(OUT_DIR, 'favicons', `${name}.svg`))) {
      await writeOut(`favicons/${name}.svg`, svg);
    }
    const set = await iconsFrom(sharp, svg, cacheDir);
    icons.set(name, set);
    const touchIcon = await writeHashed(`icon-${name}-180`, 'png', set.png[180]!);
    const icon192 = await writeHashed(`icon-${name}-192`, 'png', set.png[192]!);
    const icon512 = await writeHashed(`icon-${name}-512`, 'png', set.png[512]!);
    const manifestFor = (kind: 'online' | 'prefixed') => {
      const home = pagePath(site.routes, site.routes.pages[0]!.page, kind);
      return writeHashed(
        `${name}-${kind}`,
        'webmanifest',
        `${JSON.stringify(
          {
            name: site.name,
            short_name: site.name,
            lang: site.routes.langs?.default ?? 'en',
            start_url: home,
            display: 'browser',
            background_color: '#ffffff',
            theme_color: site.themeColor,
            icons: [
              { src: icon192, sizes: '192x192', type: 'image/png' },
              { src: icon512, sizes: '512x512', type: 'image/png' },
            ],
          },
          null,
          2,
        )}\n`,
      );
    };
    const css = site.blog && paletteCss(site.blog.colours);
    const palette = css ? await writeHashed(`${name}-palette`, 'css', css) : undefined;
    const head = (manifest: string): SiteHead => ({
      themeColor: site.themeColor,
      touchIcon,
      manifest,
      palette,
    });
    heads.set(name, {
      online: head(await manifestFor('online')),
      prefixed: head(await manifestFor('prefixed')),
    });
  }
  return { heads, icons };
}

// ---------------------------------------------------------------------------------------------
// Route files: written after the pages, from what the pages said of themselves

/** One indexable page as the pages reported it. */
export interface IndexedPage {
  readonly meta: PageMeta;
}

export async function writeSiteFiles(
  sites: readonly SiteDefinition[],
  routes: readonly SiteFileRoute[],
  indexed: readonly IndexedPage[],
  assets: SiteAssets,
): Promise<Record<string, ManifestPage>> {
  const pages: Record<string, ManifestPage> = {};
  for (const route of routes) {
    const site = sites.find((s) => s.routes.site === route.site);
    const name = route.site;
    const own = indexed.filter((p) => p.meta.site === name);
    const origin = name === null ? null : originOf(name);
    let body: string | Buffer;
    switch (route.path) {
      case '/robots.txt':
        body =
          origin === null
            ? 'User-agent: *\nDisallow: /\n'
            : // /go/ only redirects, and each visit to it counts as a reader's click.
              `User-agent: *\nAllow: /\nDisallow: /go/\n\nSitemap: ${origin.html}/sitemap.xml\n`;
        break;
      case '/sitemap.xml':
        body = sitemapXml(origin!, own);
        break;
      case '/feed.xml':
        body = atomFeed(origin!, site!, own);
        break;
      case '/favicon.ico':
        body = assets.icons.get(name)!.ico;
        break;
      case '/apple-touch-icon.png':
        body = assets.icons.get(name)!.png[180]!;
        break;
      default:
        throw new Error(`no writer for ${route.path}`);
    }
    await writeOut(route.file, body);
    const takesOrigin = origin !== null && typeof body === 'string' && body.includes(origin.html);
    pages[route.id] = { file: route.file, ...(takesOrigin ? { fill: [origin.key] } : {}) };
  }
  return pages;
}
