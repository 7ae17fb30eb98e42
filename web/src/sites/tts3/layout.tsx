import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../../shared/styles/base.css';
import { CopyrightFooter } from '../../shared/components/copyright-footer';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import { tts3Routes } from './routes';
import { BRAND } from './site';
import s from './layout.module.css';

export function Layout(props: { routeSet: RouteSetKind; children?: ReactNode }) {
  return (
    <div className={s.shell}>
      <header className={s.header}>
        <div className={s.bar}>
          <Link className={s.brand} to={pagePath(tts3Routes, 'home', props.routeSet)}>
            <span className={s.badge} aria-hidden="true">
              Y
            </span>
            {BRAND}
          </Link>
        </div>
      </header>
      <main className={s.main}>{props.children}</main>
      <CopyrightFooter
        brand={BRAND}
        privacyHref={pagePath(tts3Routes, 'privacy', props.routeSet)}
        className={s.footer}
      />
    </div>
  );
}
