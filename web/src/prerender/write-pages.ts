/**
 * Writes every page of every route set to build/web/pages/** (once per language where the site
 * has several), each linked to its stylesheets and scripts and checked, and collects what the
 * manifest says of them. Pages whose HTML is identical in every language (a page with no
 * links, the same in both route sets) are written once and aliased.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PreparedSite } from '../shared/render/site-render';
import { NOT_FOUND_FILE, NOT_FOUND_PAGE_ID, type PageSpec } from '../shared/routes/route-set';
import { NOT_FOUND_MODULE, type SiteDefinition, renderModule } from '../sites/registry';
import { checkClasses, type Assets } from './assets';
import { hash, writeOut } from './files';
import { htmlDocument } from './html-document';
import type { ManifestPage, ManifestSetting, PageExtras } from './manifest';
import { checkSettingTokens, settingExtras } from './page-settings';
import { OUT_DIR } from './paths';
import { renderRoute, renderToHtml } from './render-html';

interface Rendered {
  readonly lang: string | null;
  readonly html: string;
  readonly extras: PageExtras;
}

export class PageWriter {
  /** Page id -> its manifest entry. */
  readonly pages: Record<string, ManifestPage> = {};
  /** Page id -> the id of the identical page written before it. */
  readonly alias = new Map<string, string>();
  /** Every setting some page takes. */
  readonly settings = new Map<string, ManifestSetting>();
  /** HTML files written. */
  files = 0;
  private readonly byContent = new Map<string, string>();

  constructor(
    private readonly assets: Assets,
    private readonly sites: ReadonlyMap<
      string,
      { definition: SiteDefinition; prepared: PreparedSite }
    >,
  ) {}

  async write(spec: PageSpec): Promise<void> {
    const rendered: Rendered[] = [];
    for (const lang of spec.langs?.list ?? [null]) rendered.push(await this.render(spec, lang));
    const key = hash(rendered.map((r) => `${r.lang ?? ''}\0${r.html}`).join('\0'));
    const same = this.byContent.get(key);
    if (same !== undefined) {
      this.alias.set(spec.id, same);
      return;
    }
    this.byContent.set(key, spec.id);
    const fileOf = (lang: string | null) => spec.file.replace('{lang}', lang ?? '');
    for (const r of rendered) await this.writeHtml(fileOf(r.lang), r.html);
    const extras = rendered[0]!.extras;
    this.pages[spec.id] = spec.langs
      ? {
          langs: Object.fromEntries(rendered.map((r) => [r.lang!, fileOf(r.lang)])),
          default_lang: spec.langs.default,
          ...extras,
        }
      : { file: spec.file, ...extras };
  }

  /** The one 404 page every route set answers with. */
  async writeNotFound(): Promise<void> {
    const notFound = (await NOT_FOUND_MODULE.load()).renderNotFound();
    const links = this.assets.links(NOT_FOUND_MODULE.source, notFound.document);
    const html = htmlDocument({
      ...notFound.document,
      ...links,
      favicon: '/favicon.svg',
      body: await renderToHtml(notFound.element),
    });
    await checkClasses(NOT_FOUND_PAGE_ID, html, links.files, this.assets);
    await this.writeHtml(NOT_FOUND_FILE, html);
    this.pages[NOT_FOUND_PAGE_ID] = { file: NOT_FOUND_FILE };
  }

  private async render(spec: PageSpec, lang: string | null): Promise<Rendered> {
    const site = this.sites.get(spec.site)!;
    const context = { routeSet: spec.routeSet, lang: lang ?? 'en' };
    const { body, document } = await renderRoute(site.prepared, context, spec.path);
    const links = this.assets.links(renderModule(site.definition).source, document);
    const favicon = `favicons/${spec.site}.svg`;
    if (!existsSync(join(OUT_DIR, favicon))) throw new Error(`missing public/${favicon}`);
    const html = htmlDocument({ ...document, ...links, favicon: `/${favicon}`, body });
    const what = `${spec.id}${lang ? ` (${lang})` : ''}`;
    await checkClasses(what, html, links.files, this.assets);
    checkSettingTokens(what, html, document);
    return { lang, html, extras: settingExtras(document, this.settings) };
  }

  private async writeHtml(file: string, html: string): Promise<void> {
    await writeOut(file, html);
    this.files++;
  }
}
