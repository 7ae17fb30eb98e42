import {
  checkArticleImages,
  loadArticles,
  siteImages,
  type ContentSource,
  type ImageLookup,
} from '../content/load-content';
import { editionAt, previewAt, switchTimes } from '../content/schedule';
import type { Article, ArticleRules, Section } from '../content/schema';
import { indexArticles } from '../render/route-objects';
import type { SiteRoutes } from '../routes/route-set';
import { plannedSocialImages, type SocialImages } from '../seo/social-image';

/** The pages every blog has (blog-routes.ts lists them): its home, its articles, its privacy notice. */
export type BlogPage = 'home' | 'article' | 'privacy';

/**
 * A blog's words and rules as the engine reads them, from its content/<site>/site.toml
 * (blog-config.ts), so each blog names its brand, titles and rules once, in its own folder.
 */
export interface BlogSite {
  readonly ARTICLE_RULES: ArticleRules;
  /** An article page is titled "<article> | BRAND"; the empty article, BRAND alone. */
  readonly BRAND: string;
  readonly HOME_TITLE: string;
  /** The home page's description, and the empty article's. */
  readonly HOME_DESCRIPTION: string;
  /** How many of the home page's first articles it prefetches: those above the fold. */
  readonly PREFETCH_ARTICLES: number;
}

/** A blog with its articles loaded: what `blogSite` builds its pages from. */
export interface Blog<P extends string = never> {
  /** The blog's routes, `home` and `article` among them; `routes.site` names its content folder. */
  readonly routes: SiteRoutes<BlogPage | P>;
  readonly site: BlogSite;
  /**
   * content/<site>/articles, newest first (by publication date, then by id): the order of every
   * list on the blog, of its feed, and of its articles' previous/next links.
   */
  readonly articles: readonly Article[];
  /** Articles that have expired at the edition's moment: their addresses answer 410 Gone. */
  readonly gone: readonly string[];
  /** The later moments at which an article goes live or expires: the next editions. */
  readonly schedule: readonly number[];
  readonly index: ReadonlyMap<string, Article>;
  /** Where its link-preview pictures come from. */
  readonly social: SocialImages;
}

/**
 * `articles` newest first: by publication date, and on the same day the later id first (the
 * order they came from: loadArticles gives them by id). A blog's home lists its newest.
 */
export function newestFirst(articles: readonly Article[]): Article[] {
  return articles
    .map((a, i) => ({ a, i }))
    .sort(
      (x, y) =>
        y.a.isoDate.localeCompare(x.a.isoDate) ||
        (y.a.publishAt ?? 0) - (x.a.publishAt ?? 0) ||
        y.i - x.i,
    )
    .map(({ a }) => a);
}

/** Loads and indexes a blog's articles; an invalid file fails the build. */
export async function loadBlog<P extends string = never>(
  source: ContentSource,
  routes: SiteRoutes<BlogPage | P>,
  site: BlogSite,
): Promise<Blog<P>> {
  const all = newestFirst(await loadArticles(source, routes.site, site.ARTICLE_RULES));
  const at = source.at ?? Date.now();
  // The writer's preview is one edition: what is still to come shows now, with its band.
  const preview = source.drafts === true;
  const { live: articles, gone } = preview ? previewAt(all, at) : editionAt(all, at);
  // Rendering tests give no picture maker: names only, nothing encoded.
  const social = source.social ?? plannedSocialImages();
  return {
    routes,
    site,
    articles,
    gone,
    schedule: preview ? [] : switchTimes(all, at),
    index: indexArticles(articles),
    social,
  };
}

/**
 * The blog's image lookup, with every picture of its articles and of `closing` (sections shown
 * after each article) resolved now: a missing SVG fails the build before any page is written.
 */
export function blogImages(
  source: ContentSource,
  blog: Blog<string>,
  closing: readonly Section[] = [],
): ImageLookup {
  const images = siteImages(source, blog.routes.site);
  checkArticleImages(images, blog.articles, closing);
  return images;
}
