import { createContext, useContext, type ReactNode } from 'react';
import type { Lang } from '../../../shared/i18n/lang';
import { pagePath, type RouteSetKind } from '../../../shared/routes/route-set';
import { waveadsRoutes, type WaveadsPage } from '../routes';

interface Links {
  readonly routeSet: RouteSetKind;
  /** Set on a page at its language's own URL (/ja/...): its links stay in that language. */
  readonly lang?: Lang | undefined;
}

const LinksContext = createContext<Links>({ routeSet: 'prefixed' });

/**
 * Where the site's own links point. On `/` and `/contact-us` they are the paths the `lang`
 * cookie picks the language of; on `/ja/` and `/ja/contact-us` they name the language, so a
 * visitor (or a crawler) who came to a language's URL stays in it without any cookie.
 */
export function PageLinks(props: Links & { children: ReactNode }) {
  return (
    <LinksContext.Provider value={{ routeSet: props.routeSet, lang: props.lang }}>
      {props.children}
    </LinksContext.Provider>
  );
}

export function usePagePath(): (page: WaveadsPage) => string {
  const { routeSet, lang } = useContext(LinksContext);
  return (page) => pagePath(waveadsRoutes, page, routeSet, lang);
}
