import type { ReactElement } from 'react';
import { useParams, type Params } from 'react-router';
import type { Article } from '../content/schema';
import { lookupId, type IdKind } from '../routes/id-rule';
import { routerPatterns, type SiteRoutes, type RouteSetKind } from '../routes/route-set';
import type { DocumentInfo, SiteRouteObject } from './site-render';

export interface PageRender {
  readonly element: ReactElement;
  readonly document: (params: Params) => DocumentInfo;
}

/** A site's react-router route objects for one route set, from its route definitions. */
export function routeObjects<P extends string>(
  routes: SiteRoutes<P>,
  routeSet: RouteSetKind,
  pages: Readonly<Record<P, PageRender>>,
): SiteRouteObject[] {
  return routerPatterns(routes, routeSet).map(({ path, page }) => ({ path, ...pages[page] }));
}

export function indexArticles(articles: readonly Article[]): ReadonlyMap<string, Article> {
  return new Map(articles.map((a) => [a.id, a]));
}

/** The article the current route's `:id` names under the site's id rule, if any. */
export function useArticle(kind: IdKind, index: ReadonlyMap<string, Article>): Article | undefined {
  return lookupId(kind, useParams().id, index);
}

/** Renders `render(article)` for the current route's `:id` (undefined: the empty article). */
export function ArticleRoute(props: {
  kind: IdKind;
  index: ReadonlyMap<string, Article>;
  render: (article: Article | undefined) => ReactElement;
}): ReactElement {
  return props.render(useArticle(props.kind, props.index));
}
