import type { ReactElement, ReactNode } from 'react';
import type { ContentSource, ImageLookup } from '../content/load-content';
import type { Article, ImageRef, Section } from '../content/schema';
import type { PrepareSite } from '../render/site-render';
import { pagePath, type RouteSetKind } from '../routes/route-set';
import type { BlogTab } from './blog-config';
import { routesOf } from './blog-routes';
import { BlogArticle, type BlogArticleClasses } from './blog-article';
import { blogSite } from './blog-site';
import { blogImages, loadBlog, type Blog } from './load-blog';
import type { ThemedBlog } from './themed-blog';

/** What every page of a theme is given: the blog, the route set, the pictures, the theme's extra. */
export interface ThemeProps<X> {
  readonly blog: ThemedBlog;
  readonly routeSet: RouteSetKind;
  readonly images: ImageLookup;
  readonly extra: X;
}

/**
 * A theme's content beside the articles (tts1's featured block, the shop's closing sections and
 * France rows), read while the blog is prepared: `images` are checked with the articles',
 * `closing` ends every article, `notListed` are left out of the home page's list.
 */
export interface ThemeExtra<X> {
  readonly value: X;
  readonly images?: readonly ImageRef[];
  readonly closing?: readonly Section[];
  readonly notListed?: ReadonlySet<string>;
}

/**
 * A theme: the parts that differ from one blog look to another. The engine (themedSite) does
 * the rest alike for every blog: loading, lists, the article and privacy pages, the tab pages.
 */
export interface Theme<X = undefined> {
  /** The frame of every page; `detail`: an article's or the privacy notice's. */
  readonly Layout: (props: {
    blog: ThemedBlog;
    routeSet: RouteSetKind;
    kind: 'list' | 'detail';
    children?: ReactNode;
  }) => ReactElement;
  /** The home page's content, given the articles it lists. */
  readonly Home: (props: ThemeProps<X> & { list: readonly Article[] }) => ReactElement;
  /** The article page's classes and picture sizes (the page is the engine's BlogArticle). */
  readonly article: {
    readonly classes: BlogArticleClasses;
    readonly sizes: string | { readonly cover: string; readonly section: string };
  };
  readonly extra?: (source: ContentSource, blog: Blog<string>) => Promise<ThemeExtra<X>>;
  /** Pages of the theme's own, named by a tab of site.toml (the shop's France page). */
  readonly pages?: Readonly<
    Record<string, (props: ThemeProps<X> & { tab: BlogTab }) => ReactElement>
  >;
}

/** The PrepareSite of a theme: it renders the blog of any site.toml that names it. */
export function themedSite<X>(name: string, theme: Theme<X>): PrepareSite {
  return async (source, config) => {
    if (config === undefined) throw new Error(`the ${name} theme renders a blog of site.toml`);
    const routes = routesOf(config);
    const themed: ThemedBlog = { routes, config };
    const blog = await loadBlog(source, routes, config.blog);
    const extra = theme.extra
      ? await theme.extra(source, blog)
      : ({ value: undefined } as ThemeExtra<X>);
    const listed = blog.articles.filter((a) => !extra.notListed?.has(a.id));
    const list = config.homeCards === undefined ? listed : listed.slice(0, config.homeCards);
    const images = blogImages(source, blog, extra.closing);
    for (const ref of extra.images ?? []) images(ref);
    const tabPages = config.tabs.filter((t) => t.page !== 'home');
    for (const tab of tabPages) {
      if (theme.pages?.[tab.page] === undefined)
        throw new Error(
          `content/${config.site}/site.toml: the ${name} theme has no page "${tab.page}"`,
        );
    }
    return blogSite(blog, ({ routeSet, home, article, other, privacy }) => {
      const props = { blog: themed, routeSet, images, extra: extra.value };
      const frame = (children: ReactNode) => (
        <theme.Layout blog={themed} routeSet={routeSet} kind="detail">
          {children}
        </theme.Layout>
      );
      const own = tabPages.map((tab) => {
        const Page = theme.pages![tab.page]!;
        return [
          tab.page,
          other(tab.page, <Page {...props} tab={tab} />, tab.title!, tab.description!),
        ];
      });
      return {
        home: home(
          <theme.Home {...props} list={list} />,
          list,
          tabPages.map((t) => pagePath(routes, t.page, routeSet)),
        ),
        ...Object.fromEntries(own),
        article: article((a) =>
          frame(
            <BlogArticle
              article={a}
              closing={extra.closing}
              classes={theme.article.classes}
              images={images}
              sizes={theme.article.sizes}
            />,
          ),
        ),
        privacy: privacy((notice) => frame(notice)),
      };
    });
  };
}
