/** React rendering of one route to static HTML, as a request for its path would render it. */
import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter, useRoutes, type RouteObject } from 'react-router';
import type { DocumentInfo, PreparedSite, RenderContext } from '../shared/render/site-render';

function RouteView(props: { routes: RouteObject[] }) {
  return useRoutes(props.routes);
}

export async function renderToHtml(element: ReactElement): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => {
      errors.push(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw errors[0];
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders `path` through the site's react-router routes, as a request for it would. */
export async function renderRoute(
  site: PreparedSite,
  context: RenderContext,
  path: string,
): Promise<{ body: string; document: DocumentInfo }> {
  const objects = site.routeObjects(context);
  const routes: RouteObject[] = objects.map((o) => ({ path: o.path, element: o.element }));
  const match = matchRoutes(routes, path)?.at(-1);
  const object = objects.find((o) => o.path === match?.route.path);
  if (match === undefined || object === undefined) throw new Error(`no route renders ${path}`);
  const body = await renderToHtml(
    <StaticRouter location={path}>
      <RouteView routes={routes} />
    </StaticRouter>,
  );
  return { body, document: object.document(match.params) };
}
