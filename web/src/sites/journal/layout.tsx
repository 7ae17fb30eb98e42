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
          {config.tagline && <p className={s.kicker}>{config.tagline}</p>}
          <Link className={s.brand} to={pagePath(routes, 'home', props.routeSet)}>
            {config.blog.BRAND}
          </Link>
        </header>
      }
    />
  );
}
