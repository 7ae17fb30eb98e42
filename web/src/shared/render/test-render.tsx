import { render } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import type { SiteRouteObject } from './site-render';

function Routes(props: { routes: readonly SiteRouteObject[] }) {
  return useRoutes(props.routes.map((r) => ({ path: r.path, element: r.element })));
}

/** Test helper: renders `path` through a site's route objects, as the prerender does. */
export function renderPath(routes: readonly SiteRouteObject[], path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes routes={routes} />
    </MemoryRouter>,
  );
}
