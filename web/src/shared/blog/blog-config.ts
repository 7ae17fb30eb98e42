/**
 * A blog described by data: content/<site>/site.toml (content/README.md, "Start a new blog").
 * The build finds every such folder; the blog's pages come from its theme, its words and colours
 * from this file, its articles and pictures from the folder. No code names the blog.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { ContentError, type ArticleRules, type DateStyle } from '../content/schema';
import type { IdKind } from '../routes/id-rule';
import type { BlogSite } from './load-blog';

/** The themes a site.toml may name: each is a blog layout of src/sites/<theme>/. */
export const THEMES = ['journal', 'notebook', 'glow', 'deals', 'shop'] as const;
export type ThemeName = (typeof THEMES)[number];

/**
 * The palette a theme takes from site.toml's [colours] (as --blog-* properties); any left out
 * keeps the theme's own. Every theme reads the first five; line and footer, the journal only.
 */
export const PALETTE = ['paper', 'ink', 'accent', 'kicker', 'muted', 'line', 'footer'] as const;
export type PaletteKey = (typeof PALETTE)[number];

export interface BlogConfig {
  /** The folder's name: the site's name in the config's [hosts], its prefix, its assets. */
  readonly site: string;
  readonly theme: ThemeName;
  /** What the blog's own words and rules are, as the engine reads them. */
  readonly blog: BlogSite;
  /** The blog's line under or over its name, where its theme shows one ('' for none). */
  readonly tagline: string;
  /** The home page's heading after the brand ("<brand>: <welcome>"), where the theme has one. */
  readonly welcome: string;
  /** The path segment before an article's id: /<article-path>/<id> (article-detail by default). */
  readonly articlePath: string;
  /** Articles the home page lists; undefined: all of them. */
  readonly homeCards: number | undefined;
  /** The tabs of the header, in order: the home page's, and pages of the theme's own. */
  readonly tabs: readonly BlogTab[];
  /** The browser's interface colour and the web app manifest's. */
  readonly themeColor: string;
  readonly colours: Readonly<Partial<Record<PaletteKey, string>>>;
}

export interface BlogTab {
  /** `home`, or a page of the theme's (its address is /<page>, /<site>/<page> prefixed). */
  readonly page: string;
  readonly label: string;
  /** A page of its own: its heading (the label by default), title and description. */
  readonly heading?: string;
  readonly title?: string;
  readonly description?: string;
}

const SITE_RE = /^[a-z][a-z0-9-]{0,30}$/;
const COLOUR_RE = /^#[0-9a-f]{6}$/i;
const KEYS = [
  'theme',
  'brand',
  'tagline',
  'welcome',
  'title',
  'description',
  'date_format',
  'id_kind',
  'min_sections',
  'home_cards',
  'prefetch',
  'article_path',
  'theme_color',
  'colours',
  'tabs',
];
const TAB_KEYS = ['page', 'label', 'heading', 'title', 'description'];
const PAGE_RE = /^[a-z][a-z0-9-]{0,30}$/;

/** content/<site>/site.toml's text, checked; every problem names the file and the key. */
export function parseBlogConfig(site: string, text: string, file: string): BlogConfig {
  let data: Record<string, unknown>;
  try {
    data = parse(text);
  } catch (error) {
    if (error instanceof TomlError) {
      throw new ContentError(`${file}:${error.line}`, '', error.message.split('\n')[0]!);
    }
    throw error;
  }
  const fail = (key: string, problem: string): never => {
    throw new ContentError(file, key, problem);
  };
  if (!SITE_RE.test(site)) fail('', `"${site}" is not a site name (a-z, 0-9, -)`);
  for (const key of Object.keys(data)) {
    if (!KEYS.includes(key)) fail(key, `not a key of site.toml (${KEYS.join(', ')})`);
  }
  const text_ = (key: string, fallback?: string): string => {
    const value = data[key] ?? fallback;
    if (typeof value !== 'string' || value.trim() === '') return fail(key, 'expected some text');
    return value;
  };
  const optional = (key: string): string => {
    const value = data[key] ?? '';
    if (typeof value !== 'string') return fail(key, 'expected some text');
    return value;
  };
  const pathSegment = (): string => {
    const value = data.article_path ?? 'article-detail';
    if (typeof value !== 'string' || !PAGE_RE.test(value.replaceAll('_', '-')))
      return fail('article_path', 'expected a path segment such as article-detail');
    return value;
  };
  const oneOf = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const value = data[key] ?? fallback;
    if (!allowed.includes(value as T)) return fail(key, `expected one of ${allowed.join(', ')}`);
    return value as T;
  };
  const count = (key: string, fallback: number, max: number): number => {
    const value = data[key] ?? fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max)
      return fail(key, `expected a whole number from 1 to ${max}`);
    return value;
  };
  const colour = (key: string, value: unknown): string => {
    if (typeof value !== 'string' || !COLOUR_RE.test(value)) return fail(key, 'expected #rrggbb');
    return value.toLowerCase();
  };
  const brand = text_('brand');
  const rules: ArticleRules = {
    idKind: oneOf<IdKind>('id_kind', ['number', 'string'], 'string'),
    dateStyle: oneOf<DateStyle>('date_format', ['long', 'iso'], 'long'),
    minSections: count('min_sections', 1, 20),
  };
  const colours: Partial<Record<PaletteKey, string>> = {};
  const table = data.colours ?? {};
  if (typeof table !== 'object' || table === null || Array.isArray(table))
    fail('colours', 'expected a table of colours');
  for (const [key, value] of Object.entries(table as Record<string, unknown>)) {
    if (!PALETTE.includes(key as PaletteKey))
      fail(`colours.${key}`, `not a colour of the themes (${PALETTE.join(', ')})`);
    colours[key as PaletteKey] = colour(`colours.${key}`, value);
  }
  const homeCards = data.home_cards === undefined ? undefined : count('home_cards', 1, 48);
  const tabs = (
    Array.isArray(data.tabs)
      ? data.tabs
      : data.tabs === undefined
        ? []
        : fail('tabs', 'expected [[tabs]] tables')
  ).map((tab: unknown, i: number): BlogTab => {
    const at = `tabs[${i}]`;
    if (typeof tab !== 'object' || tab === null) return fail(at, 'expected a table');
    const t = tab as Record<string, unknown>;
    const word = (key: string) =>
      typeof t[key] === 'string' && t[key] !== ''
        ? (t[key] as string)
        : fail(`${at}.${key}`, 'expected some text');
    const page = word('page');
    if (!PAGE_RE.test(page) || ['privacy', 'article-detail'].includes(page))
      fail(`${at}.page`, `"${page}" cannot be a page's name`);
    for (const key of Object.keys(t)) {
      if (!TAB_KEYS.includes(key))
        fail(`${at}.${key}`, `not a key of a tab (${TAB_KEYS.join(', ')})`);
    }
    const label = word('label');
    const own =
      page === 'home'
        ? {}
        : {
            heading: t.heading === undefined ? label : word('heading'),
            title: word('title'),
            description: word('description'),
          };
    return { page, label, ...own };
  });
  return {
    site,
    theme: oneOf('theme', THEMES, 'journal'),
    blog: {
      BRAND: brand,
      ARTICLE_RULES: rules,
      HOME_TITLE: text_('title', brand),
      HOME_DESCRIPTION: text_('description'),
      // What is above the fold, to be ready before the reader clicks.
      PREFETCH_ARTICLES: count('prefetch', Math.min(4, homeCards ?? 4), 12),
    },
    tagline: optional('tagline'),
    welcome: optional('welcome'),
    articlePath: pathSegment(),
    homeCards,
    tabs,
    themeColor: colour('theme_color', data.theme_color ?? colours.accent ?? '#1f6f68'),
    colours,
  };
}

/** Every content/<site>/site.toml, by site name. A folder of articles without one is refused. */
export function loadBlogConfigs(contentDir: string): BlogConfig[] {
  if (!existsSync(contentDir)) return [];
  const folders = readdirSync(contentDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const d of folders) {
    const has = (name: string) => existsSync(join(contentDir, d.name, name));
    if (has('articles') && !has('site.toml')) {
      throw new ContentError(
        `content/${d.name}`,
        '',
        'articles/ but no site.toml: a blog is its site.toml (content/README.md, "Start a new blog")',
      );
    }
  }
  return folders
    .filter((d) => existsSync(join(contentDir, d.name, 'site.toml')))
    .map((d) => d.name)
    .sort()
    .map((site) => {
      const file = join(contentDir, site, 'site.toml');
      return parseBlogConfig(site, readFileSync(file, 'utf8'), `content/${site}/site.toml`);
    });
}
