import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BlogShell } from '../../shared/blog/blog-shell';
import { isPagePath, pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import type { ThemedBlog } from '../../shared/blog/themed-blog';
import s from './layout.module.css';

/** The brand with its last word set apart: Kuponz <em>Beauty</em>. */
function Brand(props: { brand: string }) {
  const cut = props.brand.lastIndexOf(' ');
  if (cut < 0) return <>{props.brand}</>;
  return (
    <>
      {props.brand.slice(0, cut)} <em className={s.brandAccent}>{props.brand.slice(cut + 1)}</em>
    </>
  );
}

/** Header, the tab bar of site.toml (HOME / FRANCE; active tab from the current path), footer. */
export function Layout(props: { blog: ThemedBlog; routeSet: RouteSetKind; children?: ReactNode }) {
  const { pathname } = useLocation();
  const { routes, config } = props.blog;
  return (
    <BlogShell
      {...props}
      classes={s}
      header={
        <header className={s.header}>
          <div className={s.top}>
            <Link className={s.brand} to={pagePath(routes, 'home', props.routeSet)}>
              <Brand brand={config.blog.BRAND} />
            </Link>
            {config.tagline && <p className={s.tagline}>{config.tagline}</p>}
          </div>
          <nav className={s.tabs} aria-label="Sections">
            <ul className={s.tabList}>
              {config.tabs.map((tab) => (
                <li key={tab.page}>
                  <Link
                    className={s.tab}
                    to={pagePath(routes, tab.page, props.routeSet)}
                    aria-current={
                      isPagePath(routes, tab.page, props.routeSet, pathname) ? 'page' : undefined
                    }
                  >
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </header>
      }
    />
  );
}
