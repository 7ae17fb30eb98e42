import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BlogShell } from '../../shared/blog/blog-shell';
import { isPagePath, pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import type { ThemedBlog } from '../../shared/blog/themed-blog';
import s from './layout.module.css';

/** The bar: the brand, and the tabs of site.toml (GlowBack's one: HOME), the current one marked. */
export function Layout(props: { blog: ThemedBlog; routeSet: RouteSetKind; children?: ReactNode }) {
  const { pathname } = useLocation();
  const { routes, config } = props.blog;
  const home = pagePath(routes, 'home', props.routeSet);
  return (
    <BlogShell
      {...props}
      classes={s}
      header={
        <header className={s.header}>
          <div className={s.bar}>
            <Link className={s.brand} to={home}>
              <span className={s.brandMark} aria-hidden="true" />
              {config.blog.BRAND}
            </Link>
            {config.tabs.length > 0 && (
              <nav aria-label="Main">
                <ul className={s.tabs}>
                  {config.tabs.map((tab) => (
                    <li key={tab.page}>
                      <Link
                        className={s.tab}
                        to={pagePath(routes, tab.page, props.routeSet)}
                        aria-current={
                          isPagePath(routes, tab.page, props.routeSet, pathname)
                            ? 'page'
                            : undefined
                        }
                      >
                        {tab.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        </header>
      }
    />
  );
}
