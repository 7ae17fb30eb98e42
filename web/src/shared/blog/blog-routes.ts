import type { IdKind } from '../routes/id-rule';
import { defineRoutes } from '../routes/route-set';

/**
 * The routes of a themed blog, from its name and id kind: its home (/<site>/home; / and /home on
 * its own host), its privacy notice and its articles (/<site>/article-detail/<id>).
 */
export function blogRoutes(site: string, id: IdKind) {
  return defineRoutes({
    site,
    pages: [
      { page: 'home', prefixed: [`/${site}/home`], online: ['/', '/home'] },
      { page: 'privacy', prefixed: [`/${site}/privacy`], online: ['/privacy'] },
    ],
    details: [
      { page: 'article', prefixed: `/${site}/article-detail/`, online: '/article-detail/', id },
    ],
  });
}

export type BlogRoutes = ReturnType<typeof blogRoutes>;
