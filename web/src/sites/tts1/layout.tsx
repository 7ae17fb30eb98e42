import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import '../../shared/styles/base.css';
import { CopyrightFooter } from '../../shared/components/copyright-footer';
import { isPagePath, pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import { tts1Routes } from './routes';
import { BRAND } from './site';
import s from './layout.module.css';

export function Layout(props: { routeSet: RouteSetKind; children?: ReactNode }) {
  const { pathname } = useLocation();
  const home = pagePath(tts1Routes, 'home', props.routeSet);
  const onHome = isPagePath(tts1Routes, 'home', props.routeSet, pathname);
  return (
    <div className={s.shell}>
      <header className={s.header}>
        <div className={s.bar}>
          <Link className={s.brand} to={home}>
            <span className={s.brandMark} aria-hidden="true" />
            {BRAND}
          </Link>
          <nav aria-label="Main">
            <ul className={s.tabs}>
              <li>
                <Link className={s.tab} to={home} aria-current={onHome ? 'page' : undefined}>
                  HOME
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main className={s.main}>{props.children}</main>
      <CopyrightFooter
        brand={BRAND}
        privacyHref={pagePath(tts1Routes, 'privacy', props.routeSet)}
        className={s.footer}
      />
    </div>
  );
}
