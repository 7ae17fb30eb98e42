import type { ReactElement, ReactNode } from 'react';
import type { ContentSource, ImageLookup } from '../content/load-content';
import type { Article, ImageRef, Section } from '../content/schema';
import type { PrepareSite } from '../render/site-render';
import { detailPath, pagePath, type RouteSetKind } from '../routes/route-set';
import type { BlogTab } from './blog-config';
import { routesOf } from './blog-routes';
import { BlogArticle, type BlogArticleClasses } from './blog-article';
import { BlogShell, type ShellClasses } from './blog-shell';
import { blogSite } from './blog-site';
import { blogImages, loadBlog, type Blog } from './load-blog';
import type { ThemedBlog } from './themed-blog';

/** What every page of a theme is given: the blog, the route set, the pictures, the theme's extra. */
export interface ThemeProps<X> {
  readonly blog: ThemedBlog;
  readonly routeSet: RouteSetKind;
  readonly images: ImageLookup;
  readonly extra: X;
  /** An article's page in this route set. */
  readonly href: (id: string) => string;
}

/** A list page (home, tabs) or a detail page (an article, the privacy notice). */
export type PageKind = 'list' | 'detail';

/** What a theme's header is given; `home`: the home page's path. */
export interface HeaderProps {
  readonly blog: ThemedBlog;
  readonly routeSet: RouteSetKind;
  readonly kind: PageKind;
  readonly home: string;
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
  /** The header of every page. */
  readonly Header: (props: HeaderProps) => ReactElement;
  /** The classes of the frame around every page (BlogShell's), or of each kind of page. */
  readonly shell: ShellClasses | ((kind: PageKind) => ShellClasses);
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
      const href = (id: string) => detailPath(routes, 'article', routeSet, id);
      const props = { blog: themed, routeSet, images, extra: extra.value, href };
      const frame = (kind: PageKind, children: ReactNode) => (
        <BlogShell
          blog={themed}
          routeSet={routeSet}
          classes={typeof theme.shell === 'function' ? theme.shell(kind) : theme.shell}
          header={
            <theme.Header
              blog={themed}
              routeSet={routeSet}
              kind={kind}
              home={pagePath(routes, 'home', routeSet)}
            />
          }
        >
          {children}
        </BlogShell>
      );
      const own = tabPages.map((tab) => {
        const Page = theme.pages![tab.page]!;
        return [
          tab.page,
          other(
            tab.page,
            frame('list', <Page {...props} tab={tab} />),
            tab.title!,
            tab.description!,
          ),
        ];
      });
      return {
        home: home(
          frame('list', <theme.Home {...props} list={list} />),
          list,
          tabPages.map((t) => pagePath(routes, t.page, routeSet)),
        ),
        ...Object.fromEntries(own),
        article: article((a) =>
          frame(
            'detail',
            <BlogArticle
              article={a}
              closing={extra.closing}
              classes={theme.article.classes}
              images={images}
              sizes={theme.article.sizes}
            />,
          ),
        ),
        privacy: privacy((notice) => frame('detail', notice)),
      };
    });
  };
}
