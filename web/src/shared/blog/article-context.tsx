import { createContext } from 'react';
import type { ArticleLinks } from '../components/article-body';
import { linkPath } from '../content/link-path';
import type { Article } from '../content/schema';
import { detailPath, type RouteSetKind } from '../routes/route-set';
import type { Blog } from './load-blog';

/** A link to another article of the blog. */
export interface ArticleLink {
  readonly title: string;
  readonly href: string;
}

/** Where a reader goes from an article: the one before and after it, and a few more to read. */
export interface ArticleNav {
  readonly previous?: ArticleLink;
  readonly next?: ArticleLink;
  readonly more: readonly ArticleLink[];
}

/** What an article page knows beyond its article: who wrote it, and where to go next. */
export const ArticleContext = createContext<{
  brand?: string;
  author?: string;
  nav?: ArticleNav | undefined;
  links?: ArticleLinks | undefined;
}>({});

/** A registry link's path: the redirect the server answers, with the article it was followed from. */
export function goPath(
  slug: string,
  articleId: string,
  routeSet: RouteSetKind,
  site: string,
): string {
  const from = `from=${encodeURIComponent(articleId)}`;
  // On the prefixed route set every site shares the host: the link says which site it is on.
  return `${linkPath(slug)}?${from}${routeSet === 'prefixed' ? `&site=${site}` : ''}`;
}

/** Where the links of `article` point on its page in `routeSet`. */
export function articleLinks(
  blog: Blog<string>,
  article: Article,
  routeSet: RouteSetKind,
): ArticleLinks {
  return {
    go: (slug) => goPath(slug, article.id, routeSet, blog.routes.site),
    article: (id) => detailPath(blog.routes, 'article', routeSet, id),
  };
}

/** Who signs a blog's articles. */
export function editorialTeam(brand: string): string {
  return `${brand} Editorial Team`;
}

/** Articles suggested under each article, besides the one before and after it. */
export const MORE_ARTICLES = 3;

/**
 * The article published before `article` ("Previous") and the one after it ("Next"), as blogs
 * have it, in the blog's order (newest first, Blog.articles), then MORE_ARTICLES older ones after
 * those, wrapping around: each article links four others, so from any article every other is
 * within ceil((n - 1) / 4) clicks, and none is orphaned (two clicks for the blogs' ten or so).
 */
export function articleNav(
  blog: Blog<string>,
  article: Article,
  routeSet: RouteSetKind,
): ArticleNav {
  const all = blog.articles;
  const at = all.findIndex((a) => a.id === article.id);
  const link = (a: Article | undefined): ArticleLink | undefined =>
    a && { title: a.title, href: detailPath(blog.routes, 'article', routeSet, a.id) };
  const previous = link(all[at + 1]); // older
  const next = link(all[at - 1]); // newer
  const shown = new Set([at, at - 1, at + 1]);
  const more: ArticleLink[] = [];
  for (let step = 2; more.length < MORE_ARTICLES && step < all.length + 2; step++) {
    const i = (at + step) % all.length;
    if (shown.has(i)) continue;
    shown.add(i);
    more.push(link(all[i])!);
  }
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}), more };
}

/** Minutes a reader needs for `words` words, at 220 words a minute, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 220));
}
