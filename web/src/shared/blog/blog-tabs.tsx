import { Link, useLocation } from 'react-router';
import { isPagePath, pagePath, type RouteSetKind } from '../routes/route-set';
import type { ThemedBlog } from './themed-blog';

/**
 * The tabs of site.toml as a navigation list, the current page's marked (aria-current). A blog
 * without tabs gets no empty navigation landmark.
 */
export function BlogTabs(props: {
  blog: ThemedBlog;
  routeSet: RouteSetKind;
  label: string;
  classes: { readonly nav?: string; readonly list?: string; readonly tab?: string };
}) {
  const { pathname } = useLocation();
  const { routes, config } = props.blog;
  const { classes: s, routeSet } = props;
  if (config.tabs.length === 0) return null;
  return (
    <nav className={s.nav} aria-label={props.label}>
      <ul className={s.list}>
        {config.tabs.map((tab) => (
          <li key={tab.page}>
            <Link
              className={s.tab}
              to={pagePath(routes, tab.page, routeSet)}
              aria-current={isPagePath(routes, tab.page, routeSet, pathname) ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
