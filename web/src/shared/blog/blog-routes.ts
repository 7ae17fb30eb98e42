import type { IdKind } from '../routes/id-rule';
import { defineRoutes } from '../routes/route-set';
import type { BlogConfig } from './blog-config';

/**
 * The routes of a themed blog, from its name, id kind and the pages of its tabs: its home
 * (/<site>/home; / and /home on its own host), each tab's page (/<site>/<page>, /<page>), its
 * privacy notice and its articles (/<site>/article-detail/<id>, or site.toml's article_path).
 */
export function blogRoutes(
  site: string,
  id: IdKind,
  tabPages: readonly string[] = [],
  articlePath = 'article-detail',
) {
  return defineRoutes<string>({
    site,
    pages: [
      { page: 'home', prefixed: [`/${site}/home`], online: ['/', '/home'] },
      ...tabPages
        .filter((page) => page !== 'home')
        .map((page) => ({ page, prefixed: [`/${site}/${page}`], online: [`/${page}`] })),
      { page: 'privacy', prefixed: [`/${site}/privacy`], online: ['/privacy'] },
    ],
    details: [
      {
        page: 'article',
        prefixed: `/${site}/${articlePath}/`,
        online: `/${articlePath}/`,
        id,
      },
    ],
  });
}

export type BlogRoutes = ReturnType<typeof blogRoutes>;

/** A blog's routes as its site.toml gives them. */
export const routesOf = (blog: BlogConfig): BlogRoutes =>
  blogRoutes(
    blog.site,
    blog.blog.ARTICLE_RULES.idKind,
    blog.tabs.map((t) => t.page),
    blog.articlePath,
  );
