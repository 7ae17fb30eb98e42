import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BlogShell } from '../../shared/blog/blog-shell';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import type { ThemedBlog } from '../../shared/blog/themed-blog';
import s from './layout.module.css';

export function Layout(props: { blog: ThemedBlog; routeSet: RouteSetKind; children?: ReactNode }) {
  const { routes, config } = props.blog;
  return (
    <BlogShell
      {...props}
      classes={s}
      header={
        <header className={s.header}>
          <div className={s.bar}>
            <Link className={s.brand} to={pagePath(routes, 'home', props.routeSet)}>
              <span className={s.badge} aria-hidden="true">
                {config.blog.BRAND.charAt(0)}
              </span>
              {config.blog.BRAND}
            </Link>
          </div>
        </header>
      }
    />
  );
}
