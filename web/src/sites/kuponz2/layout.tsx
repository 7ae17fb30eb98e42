import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import '../../shared/styles/base.css';
import { CopyrightFooter } from '../../shared/components/copyright-footer';
import { isPagePath, pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import { kuponz2Routes } from './routes';
import { BRAND } from './site';
import s from './layout.module.css';

const TABS = [
  { page: 'home', label: 'HOME' },
  { page: 'france', label: 'FRANCE' },
] as const;

/** Header, the HOME / FRANCE tab bar (active tab from the current path), footer. */
export function Layout(props: { routeSet: RouteSetKind; children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className={s.shell}>
      <header className={s.header}>
        <div className={s.top}>
          <Link className={s.brand} to={pagePath(kuponz2Routes, 'home', props.routeSet)}>
            Kuponz <em className={s.brandAccent}>Beauty</em>
          </Link>
          <p className={s.tagline}>Beauty guides &amp; cashback tips</p>
        </div>
        <nav className={s.tabs} aria-label="Sections">
          <ul className={s.tabList}>
            {TABS.map((tab) => (
              <li key={tab.page}>
                <Link
                  className={s.tab}
                  to={pagePath(kuponz2Routes, tab.page, props.routeSet)}
                  aria-current={
                    isPagePath(kuponz2Routes, tab.page, props.routeSet, pathname)
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
      </header>
      <main className={s.main}>{props.children}</main>
      <CopyrightFooter
        brand={BRAND}
        privacyHref={pagePath(kuponz2Routes, 'privacy', props.routeSet)}
        className={s.footer}
      />
    </div>
  );
}
