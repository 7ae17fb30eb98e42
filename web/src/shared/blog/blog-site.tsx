import type { ReactElement } from 'react';
import type { Article } from '../content/schema';
import { ArticleRoute, routeObjects, type PageRender } from '../render/route-objects';
import type { DocumentInfo, PreparedSite } from '../render/site-render';
import { lookupId } from '../routes/id-rule';
import { detailPath, pagePath, type RouteSetKind } from '../routes/route-set';
import { blogPosting, breadcrumbs, webSite } from '../seo/json-ld';
import type { PageMeta } from '../seo/page-meta';
import { ArticleContext, articleLinks, articleNav, editorialTeam } from './article-context';
import { blogNotice } from '../privacy/blog-notice';
import { noticeSettings } from '../privacy/notice';
import { PrivacyNotice } from '../privacy/privacy-notice';
import privacyClasses from './blog-privacy.module.css';
import type { Blog, BlogPage } from './load-blog';

/** A blog page's document information: every blog is written in English. */
export function blogDocument(
  title: string,
  description: string,
  prefetch: readonly string[],
): DocumentInfo {
  return { title, description, lang: 'en', prefetch };
}

/** Every blog page is in English, for readers in any country. */
const LOCALE = 'en_US';
const FEED_PATH = '/feed.xml';

/** What a blog's pages share in their meta: the site, its card picture, its feed. */
function siteMeta(blog: Blog<string>) {
  const { routes, site } = blog;
  return {
    site: routes.site,
    siteName: site.BRAND,
    locale: LOCALE,
    feed: { title: site.BRAND, path: FEED_PATH },
    card: () => blog.social.card(routes.site, site.HOME_TITLE),
  };
}

/** The meta of a page of the blog that is not an article: its home, or another page. */
export function blogPageMeta(
  blog: Blog<string>,
  page: { path: string; title: string; description: string; home?: boolean },
): PageMeta {
  const { card, ...common } = siteMeta(blog);
  return {
    ...common,
    canonical: page.path,
    title: page.title,
    description: page.description,
    type: 'website',
    image: card(),
    jsonLd: page.home
      ? [webSite({ name: blog.site.BRAND, description: page.description, lang: 'en' })]
      : [
          breadcrumbs([
            [blog.site.BRAND, pagePath(blog.routes, 'home', 'online')],
            [page.title, page.path],
          ]),
        ],
  };
}

function articleMeta(blog: Blog<string>, article: Article): PageMeta {
  const { card: _card, ...common } = siteMeta(blog);
  const path = detailPath(blog.routes, 'article', 'online', article.id);
  const image = blog.social.fromContent(blog.routes.site, article.image.src, article.image.alt);
  const modified = article.updated?.isoDate ?? article.isoDate;
  const author = editorialTeam(blog.site.BRAND);
  return {
    ...common,
    canonical: path,
    title: article.title,
    description: article.excerpt,
    type: 'article',
    image,
    author,
    published: article.isoDate,
    modified,
    jsonLd: [
      blogPosting({
        headline: article.title,
        description: article.excerpt,
        path,
        image: image.url,
        published: article.isoDate,
        modified,
        author,
        publisher: blog.site.BRAND,
        lang: 'en',
      }),
      breadcrumbs([
        [blog.site.BRAND, pagePath(blog.routes, 'home', 'online')],
        [article.title, path],
      ]),
    ],
  };
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
  /** Another page of the blog, at `page` of its routes, titled and described as given. */
  other(page: string, element: ReactElement, title: string, description: string): PageRender;
  /** The privacy notice, inside `layout` (the blog's own header and footer). */
  privacy(layout: (notice: ReactElement) => ReactElement): PageRender;
}

function blogPages(blog: Blog<string>, routeSet: RouteSetKind): BlogPages {
  const { routes, site } = blog;
  const homePath = pagePath(routes, 'home', routeSet);
  const onlineHome = pagePath(routes, 'home', 'online');
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
        document: () => ({
          ...blogDocument(site.HOME_TITLE, site.HOME_DESCRIPTION, prefetch),
          meta: blogPageMeta(blog, {
            path: onlineHome,
            title: site.HOME_TITLE,
            description: site.HOME_DESCRIPTION,
            home: true,
          }),
        }),
      };
    },
    article: (render) => ({
      element: (
        <ArticleRoute
          kind={site.ARTICLE_RULES.idKind}
          index={blog.index}
          render={(article) => (
            <ArticleContext.Provider
              value={{
                brand: site.BRAND,
                author: editorialTeam(site.BRAND),
                nav: article && articleNav(blog, article, routeSet),
                links: article && articleLinks(blog, article, routeSet),
              }}
            >
              {render(article)}
            </ArticleContext.Provider>
          )}
        />
      ),
      document: (params) => {
        const article = lookupId(site.ARTICLE_RULES.idKind, params.id, blog.index);
        return article
          ? {
              ...blogDocument(`${article.title} | ${site.BRAND}`, article.excerpt, [homePath]),
              meta: articleMeta(blog, article),
            }
          : { ...blogDocument(site.BRAND, site.HOME_DESCRIPTION, []), noindex: true };
      },
    }),
    other: (page, element, title, description) => otherPage(page, element, title, description),
    privacy: (layout) => {
      const text = blogNotice(site.BRAND);
      const page = otherPage(
        'privacy',
        layout(<PrivacyNotice text={text} classes={privacyClasses} />),
        `${text.title} | ${site.BRAND}`,
        text.description,
      );
      const settings = noticeSettings(text);
      return { ...page, document: () => ({ ...page.document(), settings }) };
    },
  };

  function otherPage(page: string, element: ReactElement, title: string, description: string) {
    return {
      element,
      document: () => ({
        ...blogDocument(title, description, [homePath]),
        meta: blogPageMeta(blog, {
          path: pagePath(routes, page as BlogPage, 'online'),
          title,
          description,
        }),
      }),
    };
  }
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
    goneIds: { article: blog.gone },
    schedule: blog.schedule,
    routeObjects: ({ routeSet }) =>
      routeObjects(blog.routes, routeSet, pages(blogPages(blog, routeSet))),
  };
}
