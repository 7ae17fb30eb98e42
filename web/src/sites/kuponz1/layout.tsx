import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../../shared/styles/base.css';
import { CopyrightFooter } from '../../shared/components/copyright-footer';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import { kuponz1Routes } from './routes';
import { BRAND, TAGLINE } from './site';
import s from './layout.module.css';

/**
 * The page header carries the site title and tagline. On list pages the title is the page's
 * heading and the footer is dark; on detail pages the article title is the heading and the
 * footer is white (docs/product.md).
 */
export function Layout(props: {
  routeSet: RouteSetKind;
  kind: 'list' | 'detail';
  children?: ReactNode;
}) {
  const home = pagePath(kuponz1Routes, 'home', props.routeSet);
  const Title = props.kind === 'list' ? 'h1' : 'p';
  return (
    <div className={s.shell}>
      <header className={props.kind === 'list' ? s.header : `${s.header} ${s.compact}`}>
        <div className={s.inner}>
          <Title className={s.title}>
            <Link className={s.brand} to={home}>
              <span className={s.ticket} aria-hidden="true">
                %
              </span>
              {BRAND}
            </Link>
          </Title>
          <p className={s.tagline}>{TAGLINE}</p>
        </div>
      </header>
      <main className={s.main}>{props.children}</main>
      <CopyrightFooter
        brand={BRAND}
        privacyHref={pagePath(kuponz1Routes, 'privacy', props.routeSet)}
        className={props.kind === 'list' ? `${s.footer} ${s.dark}` : `${s.footer} ${s.white}`}
      />
    </div>
  );
}
