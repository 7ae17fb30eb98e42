import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../../shared/styles/base.css';
import { CopyrightFooter } from '../../shared/components/copyright-footer';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import { tts2Routes } from './routes';
import { BRAND } from './site';
import s from './layout.module.css';

export function Layout(props: { routeSet: RouteSetKind; children?: ReactNode }) {
  return (
    <div className={s.shell}>
      <header className={s.header}>
        <p className={s.kicker}>Travel stories · Routes · Practical guides</p>
        <Link className={s.brand} to={pagePath(tts2Routes, 'home', props.routeSet)}>
          {BRAND}
        </Link>
      </header>
      <main className={s.main}>{props.children}</main>
      <CopyrightFooter
        brand={BRAND}
        privacyHref={pagePath(tts2Routes, 'privacy', props.routeSet)}
        className={s.footer}
      />
    </div>
  );
}
