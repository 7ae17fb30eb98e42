import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { SocialImages } from '../seo/social-image';
import type { ImageRegistry } from '../images/image-registry';
import type { ResponsiveImage } from '../images/responsive-image';
import { parseLinks, type LinkRegistry, type LinkSettings } from './links';
import { isDraft, parseMarkdownArticle } from './markdown';
import {
  ContentError,
  countWords,
  MIN_ARTICLE_WORDS,
  type Article,
  type ArticleRules,
  type ImageRef,
  type Section,
} from './schema';

/**
 * Build-time (Node) loading of content/<site>/. Missing folders and files are fine — the content
 * is written in parallel with the code, and a site with no articles still renders — but every
 * file that exists must be valid: the first invalid one fails the build.
 */

/** WAVESITES_CONTENT_DIR, else ../content relative to web/ (the working directory of npm scripts). */
export function contentDirFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): string {
  const dir = env.WAVESITES_CONTENT_DIR;
  return resolve(cwd, dir === undefined || dir === '' ? '../content' : dir);
}

export type Warn = (message: string) => void;

export interface ContentSource {
  readonly dir: string;
  readonly warn: Warn;
  /** The images of content/<site>/images/, rendered by the build (the prerender's pipeline). */
  readonly images?: ImageRegistry;
  /** The link-preview pictures (articles' artwork, the sites' cards), made by the build. */
  readonly social?: SocialImages;
  /**
   * The writer's preview (make preview): articles marked `draft: true` are loaded, and those
   * whose `date` is still to come are live, each marked for its page's band. Otherwise drafts
   * are skipped unread (not a page, not in any list, sitemap, feed or navigation) and scheduled
   * articles wait for their moment.
   */
  readonly drafts?: boolean;
  /**
   * The moment the pages are rendered for (ms since 1970): which scheduled articles are live and
   * which have expired then (schedule.ts). The build renders one edition per switch time.
   */
  readonly at?: number;
}

/** Turns a content image reference into the responsive image a page renders. */
export type ImageLookup = (ref: ImageRef) => ResponsiveImage;

/**
 * The image lookup of one site. Every image a site renders goes through it while the site is
 * prepared, so a reference to a missing or unusable SVG fails the build before any page is written.
 */
export function siteImages(source: ContentSource, site: string): ImageLookup {
  const registry = source.images;
  return (ref) => {
    if (registry === undefined) {
      throw new Error(`${site}: no image registry to render ${ref.src} (the prerender passes one)`);
    }
    return { alt: ref.alt, ...registry.get(site, ref.src) };
  };
}

/** Every image of these articles and extra sections, resolved now: a missing one fails the build here. */
export function checkArticleImages(
  lookup: ImageLookup,
  articles: readonly Article[],
  sections: readonly Section[] = [],
): void {
  for (const a of articles) lookup(a.image);
  for (const s of [...articles.flatMap((a) => a.sections), ...sections]) {
    if (s.image) lookup(s.image);
  }
}

/** File names in messages: relative to the working directory (web/), e.g. ../content/tts1/articles/3.json. */
function display(file: string): string {
  return relative(process.cwd(), file) || file;
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new ContentError(display(file), '', `invalid JSON (${(e as Error).message})`);
  }
}

const byId = new Intl.Collator('en', { numeric: true });

/**
 * The settings a link registry destination may name: the landing page's store URLs, and the App
 * Store campaign tokens its iPhone link adds.
 */
export const LINK_SETTINGS: LinkSettings = {
  urls: new Set(['landing.app_store_url', 'landing.play_store_url']),
  params: new Set(['landing.app_store_ct', 'landing.app_store_pt']),
};

const registries = new Map<string, Promise<LinkRegistry>>();

/** content/links.toml, parsed and checked once per content folder (empty when there is none). */
export function loadLinks(source: ContentSource): Promise<LinkRegistry> {
  let loaded = registries.get(source.dir);
  if (loaded === undefined) {
    const file = join(source.dir, 'links.toml');
    loaded = existsSync(file)
      ? readFile(file, 'utf8').then((text) => parseLinks(text, display(file), LINK_SETTINGS))
      : Promise.resolve(new Map());
    registries.set(source.dir, loaded);
  }
  return loaded;
}

/**
 * Every content/<site>/articles/*.md, parsed and checked (markdown.ts), sorted by id
 * (numerically). A link to another article must name one of the blog's articles.
 */
export async function loadArticles(
  source: ContentSource,
  site: string,
  rules: ArticleRules,
): Promise<Article[]> {
  const dir = join(source.dir, site, 'articles');
  if (!existsSync(dir)) return [];
  const entries = (await readdir(dir)).filter((n) => !n.startsWith('.'));
  const stray = entries.find((n) => !n.endsWith('.md'));
  if (stray !== undefined) {
    throw new ContentError(display(join(dir, stray)), '', 'an article is a Markdown file, <id>.md');
  }
  const images = join(source.dir, site, 'images');
  const links = {
    slugs: new Set((await loadLinks(source)).keys()),
    hasPicture: (src: string) => existsSync(join(images, src)),
  };
  const articles: Article[] = [];
  const refs: { file: string; id: string; line: number }[] = [];
  const drafts = new Set<string>();
  for (const name of entries.sort(byId.compare)) {
    const file = join(dir, name);
    const text = await readFile(file, 'utf8');
    if (source.drafts !== true && isDraft(text, display(file))) {
      drafts.add(name.slice(0, -3));
      continue;
    }
    const parsed = parseMarkdownArticle(text, display(file), name.slice(0, -3), rules, links);
    const article = parsed.article;
    refs.push(...parsed.refs.map((r) => ({ file: display(file), ...r })));
    const words = countWords(article.sections);
    if (words < MIN_ARTICLE_WORDS) {
      source.warn(
        `${display(file)}: ${words} words in its sections, content/README.md asks for ${MIN_ARTICLE_WORDS}`,
      );
    }
    articles.push(article);
  }
  const ids = new Set(articles.map((a) => a.id));
  for (const ref of refs) {
    if (!ids.has(ref.id)) {
      const why = drafts.has(ref.id)
        ? `article "${ref.id}" is a draft`
        : `no article "${ref.id}" on ${site}`;
      throw new ContentError(`${ref.file}:${ref.line}`, '', why);
    }
  }
  return articles.sort((a, b) => byId.compare(a.id, b.id));
}

/** content/<path> parsed with `parse`, or null when the file does not exist (yet). */
export async function loadOptional<T>(
  source: ContentSource,
  path: string,
  parse: (value: unknown, file: string) => T,
): Promise<T | null> {
  const file = join(source.dir, path);
  if (!existsSync(file)) return null;
  return parse(await readJson(file), display(file));
}
