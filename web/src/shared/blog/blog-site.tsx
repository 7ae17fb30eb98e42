import type { ReactElement } from 'react';
import type { Article } from '../content/schema';
import { ArticleRoute, routeObjects, type PageRender } from '../render/route-objects';
import type { DocumentInfo, PreparedSite } from '../render/site-render';
import { lookupId } from '../routes/id-rule';
import { detailPath, pagePath, type RouteSetKind } from '../routes/route-set';
import type { Blog, BlogPage } from './load-blog';

/** A blog page's document information: every blog is written in English. */
export function blogDocument(
  title: string,
  description: string,
  prefetch: readonly string[],
): DocumentInfo {
  return { title, description, lang: 'en', prefetch };
}

/** The pages of one route set that every blog builds alike; the blog gives their elements. */
export interface BlogPages {
  readonly routeSet: RouteSetKind;
  /** The home page's path: the other pages prefetch it. */
  readonly homePath: string;
  /**
   * The home page. Its document prefetches the first PREFETCH_ARTICLES of `shown` (the articles
   * above the fold, ready before the visitor clicks), then `alsoPrefetch`.
   */
  home(
    element: ReactElement,
    shown: readonly Article[],
    alsoPrefetch?: readonly string[],
  ): PageRender;
  /** The article page: `render(article)`, with `undefined` for an unknown or malformed id. */
  article(render: (article: Article | undefined) => ReactElement): PageRender;
}

function blogPages(blog: Blog<string>, routeSet: RouteSetKind): BlogPages {
  const { routes, site } = blog;
  const homePath = pagePath(routes, 'home', routeSet);
  return {
    routeSet,
    homePath,
    home: (element, shown, alsoPrefetch = []) => {
      const first = shown
        .slice(0, site.PREFETCH_ARTICLES)
        .map((a) => detailPath(routes, 'article', routeSet, a.id));
      const prefetch = [...first, ...alsoPrefetch];
      return {
        element,
        document: () => blogDocument(site.HOME_TITLE, site.HOME_DESCRIPTION, prefetch),
      };
    },
    article: (render) => ({
      element: <ArticleRoute kind={site.ARTICLE_RULES.idKind} index={blog.index} render={render} />,
      document: (params) => {
        const article = lookupId(site.ARTICLE_RULES.idKind, params.id, blog.index);
        return article
          ? blogDocument(`${article.title} | ${site.BRAND}`, article.excerpt, [homePath])
          : blogDocument(site.BRAND, site.HOME_DESCRIPTION, []);
      },
    }),
  };
}

/**
 * A prepared blog: the ids of its articles, and per route set the route objects of the pages
 * `pages` returns — the home and article pages from the `BlogPages` it is given, plus the
 * blog's own pages.
 */
export function blogSite<P extends string = never>(
  blog: Blog<P>,
  pages: (blogPages: BlogPages) => Readonly<Record<BlogPage | P, PageRender>>,
): PreparedSite {
  return {
    knownIds: { article: blog.articles.map((a) => a.id) },
    routeObjects: ({ routeSet }) =>
      routeObjects(blog.routes, routeSet, pages(blogPages(blog, routeSet))),
  };
}
