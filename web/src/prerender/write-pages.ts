/**
 * Writes every page of every route set to build/web/pages/** (once per language where the site
 * has several), each linked to its stylesheets and scripts and checked, and collects what the
 * manifest says of them. Pages whose HTML is identical in every language (a page with no
 * links, the same in both route sets) are written once and aliased.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import type { DocumentInfo, PreparedSite } from '../shared/render/site-render';
import {
  NOT_FOUND_FILE,
  NOT_FOUND_PAGE_ID,
  pagePath,
  PREFIXED_NOT_FOUND_FILE,
  PREFIXED_NOT_FOUND_PAGE_ID,
  type PageSpec,
} from '../shared/routes/route-set';
import { NOT_FOUND_MODULE, type SiteDefinition, renderModule } from '../sites/registry';
import { checkClasses, type Assets } from './assets';
import { hash, writeOut } from './files';
import { htmlDocument } from './html-document';
import type { ManifestPage, ManifestSetting, ManifestView, PageExtras } from './manifest';
import { metaHead } from './head-meta';
import { checkSettingTokens, settingExtras } from './page-settings';
import { OUT_DIR } from './paths';
import { withLiveReload } from './preview';
import { renderRoute, renderToHtml } from './render-html';
import type { IndexedPage, SiteAssets } from './site-files';

interface Rendered {
  readonly lang: string | null;
  readonly html: string;
  readonly extras: PageExtras;
  /** An indexable page of a site: what its views count under (the visit counts). */
  readonly view?: ManifestView;
}

/**
 * File -> hash of what this process last wrote there. The preview's worker builds again and
 * again into the same directory: a page that came out the same is not written again.
 */
const unchanged = new Map<string, string>();

export class PageWriter {
  /** The indexable pages written (online, with their meta): what sitemaps and feeds list. */
  readonly indexed: IndexedPage[] = [];
  /** Page id -> its manifest entry. */
  readonly pages: Record<string, ManifestPage> = {};
  /** Page id -> the id of the identical page written before it. */
  readonly alias = new Map<string, string>();
  /** Every setting some page takes. */
  readonly settings = new Map<string, ManifestSetting>();
  /** File -> the canonical path (and language) its views count under. */
  readonly views: Record<string, ManifestView> = {};
  private readonly indexedKeys = new Set<string>();
  /** HTML files written. */
  files = 0;
  private readonly byContent = new Map<string, string>();
  private readonly writes: Promise<unknown>[] = [];

  constructor(
    private readonly assets: Assets,
    private readonly sites: ReadonlyMap<
      string,
      { definition: SiteDefinition; prepared: PreparedSite }
    >,
    private readonly siteAssets: SiteAssets,
    /** Where a page's file goes: as named, or under a later edition's folder (editions.ts). */
    private readonly place: (file: string) => string = (file) => file,
  ) {}

  async write(spec: PageSpec): Promise<void> {
    const rendered: Rendered[] = [];
    if (spec.lang !== undefined) rendered.push(await this.render(spec, spec.lang, true));
    else
      for (const lang of spec.langs?.list ?? [null]) rendered.push(await this.render(spec, lang));
    const key = hash(rendered.map((r) => `${r.lang ?? ''}\0${r.html}`).join('\0'));
    const same = this.byContent.get(key);
    if (same !== undefined) {
      this.alias.set(spec.id, same);
      return;
    }
    this.byContent.set(key, spec.id);
    const fileOf = (lang: string | null) => this.place(spec.file.replace('{lang}', lang ?? ''));
    for (const r of rendered) {
      this.writeHtml(fileOf(r.lang), r.html);
      if (r.view !== undefined) this.views[fileOf(r.lang)] = r.view;
    }
    const extras = rendered[0]!.extras;
    this.pages[spec.id] = spec.langs
      ? {
          langs: Object.fromEntries(rendered.map((r) => [r.lang!, fileOf(r.lang)])),
          default_lang: spec.langs.default,
          ...extras,
        }
      : { file: this.place(spec.file), ...extras };
  }

  /** The 404 pages: the sites' one (it links home), and the prefixed set's (it links every site). */
  async writeNotFound(): Promise<void> {
    const { renderNotFound } = await NOT_FOUND_MODULE.load();
    const entries = [...this.sites.values()].map(({ definition }) => ({
      href: pagePath(definition.routes, definition.routes.pages[0]!.page, 'prefixed'),
      label: definition.name,
    }));
    await this.writeNotFoundPage(NOT_FOUND_PAGE_ID, NOT_FOUND_FILE, renderNotFound());
    await this.writeNotFoundPage(
      PREFIXED_NOT_FOUND_PAGE_ID,
      PREFIXED_NOT_FOUND_FILE,
      renderNotFound(entries),
    );
  }

  private async writeNotFoundPage(
    id: string,
    file: string,
    notFound: { element: ReactElement; document: DocumentInfo },
  ): Promise<void> {
    const links = this.assets.links(NOT_FOUND_MODULE.source, notFound.document);
    const html = htmlDocument({
      ...notFound.document,
      ...links,
      favicon: '/favicon.svg',
      body: await renderToHtml(notFound.element),
    });
    await checkClasses(id, html, links.files, this.assets);
    this.writeHtml(this.place(file), html);
    this.pages[id] = { file: this.place(file) };
  }

  /** Renders `spec` in `lang`; `localized`: for the language's own URL, at the page's own path. */
  private async render(spec: PageSpec, lang: string | null, localized = false): Promise<Rendered> {
    const site = this.sites.get(spec.site)!;
    const context = { routeSet: spec.routeSet, lang: lang ?? 'en', localized };
    const path = localized ? pagePath(site.definition.routes, spec.page, spec.routeSet) : spec.path;
    const { body, document } = await renderRoute(site.prepared, context, path);
    const links = this.assets.links(renderModule(site.definition).source, document);
    const favicon = `favicons/${spec.site}.svg`;
    if (!existsSync(join(OUT_DIR, favicon))) throw new Error(`missing public/${favicon}`);
    // Only the online route set is indexed: its pages say what they are; the prefixed copies do not.
    const meta = spec.routeSet === 'online' ? document.meta : undefined;
    const head = meta !== undefined ? metaHead(meta) : { lines: [], settings: [] };
    const settings = [
      ...new Map([...(document.settings ?? []), ...head.settings].map((s) => [s.key, s])).values(),
    ];
    const { palette, ...siteHead } = this.siteAssets.heads.get(spec.site)![spec.routeSet];
    const html = htmlDocument({
      ...document,
      ...links,
      ...siteHead,
      stylesheets: palette ? [...links.stylesheets, palette] : links.stylesheets,
      favicon: `/${favicon}`,
      head: head.lines,
      body,
    });
    const what = `${spec.id}${lang ? ` (${lang})` : ''}`;
    await checkClasses(what, html, links.files, this.assets);
    const withSettings = { ...document, settings };
    checkSettingTokens(what, html, withSettings);
    // A language's page is written twice (for its URL, and for `/` by cookie): listed once.
    const key = meta && `${meta.site}\0${meta.canonical}`;
    if (meta !== undefined && !document.noindex && !this.indexedKeys.has(key!)) {
      this.indexedKeys.add(key!);
      this.indexed.push({ meta });
    }
    // A page that says where it lives (its canonical) is a site's own page: its views count
    // there, per language where the site has several.
    const view =
      meta !== undefined && !document.noindex
        ? { path: meta.canonical, ...(lang !== null ? { lang } : {}) }
        : undefined;
    return {
      lang,
      html,
      extras: settingExtras(withSettings, this.settings),
      ...(view !== undefined ? { view } : {}),
    };
  }

  /**
   * Starts writing a page; `flush` waits for every write. Rendering the next page while this one
   * is written halves the time of a build whose pages are small and many.
   */
  private writeHtml(file: string, html: string): void {
    this.files++;
    const text = withLiveReload(html);
    const key = hash(text);
    if (unchanged.get(file) === key) return;
    this.writes.push(
      writeOut(file, text).then(
        () => void unchanged.set(file, key),
        (error: unknown) => error,
      ),
    );
  }

  /** Waits for the pages' files: each is written, or the first failure is thrown. */
  async flush(): Promise<void> {
    const errors = (await Promise.all(this.writes)).filter((e) => e !== undefined);
    this.writes.length = 0;
    if (errors.length > 0) throw errors[0];
  }
}
