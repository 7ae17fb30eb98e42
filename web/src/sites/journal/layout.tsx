import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../../shared/styles/base.css';
import { CopyrightFooter } from '../../shared/components/copyright-footer';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import type { JournalBlog } from './theme';
import s from './layout.module.css';

export function Layout(props: { blog: JournalBlog; routeSet: RouteSetKind; children?: ReactNode }) {
  const { routes, config } = props.blog;
  return (
    <div className={s.shell}>
      <header className={s.header}>
        <p className={s.kicker}>{config.tagline}</p>
        <Link className={s.brand} to={pagePath(routes, 'home', props.routeSet)}>
          {config.blog.BRAND}
        </Link>
      </header>
      <main className={s.main}>{props.children}</main>
      <CopyrightFooter
        brand={config.blog.BRAND}
        privacyHref={pagePath(routes, 'privacy', props.routeSet)}
        className={s.footer}
      />
    </div>
  );
}
