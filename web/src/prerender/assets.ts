/** Which stylesheets and scripts each page links, from the client and SSR builds' manifests. */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DocumentInfo } from '../shared/render/site-render';
import { OUT_DIR, SSR_DIR } from './paths';
import { assetsOf, cssOf, jsOf, type ViteManifest } from './vite-manifest';

/** Every page loads it: scroll to the top on load (blog pages load nothing else). */
const SCROLL_SCRIPT = 'src/shared/scroll/scroll-top.ts';

export class Assets {
  private readonly css = new Map<string, string>();
  /** The SSR build's files that pages use (stylesheets, pictures), copied into build/web. */
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
      // Its pictures too (the landing page's gallery): only the SSR build has them.
      for (const file of assetsOf(this.ssr, siteSource)) this.ssrCss.add(file);
    }
    const url = (file: string) => `/${file}`;
    return {
      stylesheets: stylesheets.map(url),
      scripts: scripts.map(url),
      modulePreloads: [...new Set(preloads)].filter((f) => !scripts.includes(f)).map(url),
      files: stylesheets,
    };
  }

  /**
   * Links for a client-rendered page of its own (the stats dashboard): the client entry's
   * script, the chunks it imports (modulepreload) and its stylesheets; no site's, and not the
   * scroll script.
   */
  entryLinks(entry: string) {
    const { file, imports } = jsOf(this.client, entry);
    const stylesheets = cssOf(this.client, entry);
    const url = (f: string) => `/${f}`;
    return {
      stylesheets: stylesheets.map(url),
      scripts: [url(file)],
      modulePreloads: imports.map(url),
      files: stylesheets,
    };
  }

  /** The client build's files (JS and CSS) of chunks whose source is a site's module. */
  siteClientFiles(): Set<string> {
    const files = new Set<string>();
    for (const chunk of Object.values(this.client)) {
      if (!chunk.src?.startsWith('src/sites/')) continue;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
    return files;
  }

  /** Copies the SSR build's stylesheets and pictures that pages use into build/web. */
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
export async function checkClasses(
  what: string,
  html: string,
  files: readonly string[],
  assets: Assets,
) {
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
