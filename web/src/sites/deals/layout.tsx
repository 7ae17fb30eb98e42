import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BlogShell } from '../../shared/blog/blog-shell';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import type { ThemedBlog } from '../../shared/blog/themed-blog';
import s from './layout.module.css';

/**
 * The page header carries the site title and tagline. On list pages the title is the page's
 * heading and the footer is dark; on detail pages the article title is the heading and the
 * footer is white (docs/product.md).
 */
export function Layout(props: {
  blog: ThemedBlog;
  routeSet: RouteSetKind;
  kind: 'list' | 'detail';
  children?: ReactNode;
}) {
  const { routes, config } = props.blog;
  const home = pagePath(routes, 'home', props.routeSet);
  const Title = props.kind === 'list' ? 'h1' : 'p';
  return (
    <BlogShell
      {...props}
      classes={{
        shell: s.shell,
        main: s.main,
        footer: props.kind === 'list' ? `${s.footer} ${s.dark}` : `${s.footer} ${s.white}`,
      }}
      header={
        <header className={props.kind === 'list' ? s.header : `${s.header} ${s.compact}`}>
          <div className={s.inner}>
            <Title className={s.title}>
              <Link className={s.brand} to={home}>
                <span className={s.ticket} aria-hidden="true">
                  %
                </span>
                {config.blog.BRAND}
              </Link>
            </Title>
            {config.tagline && <p className={s.tagline}>{config.tagline}</p>}
          </div>
        </header>
      }
    />
  );
}
