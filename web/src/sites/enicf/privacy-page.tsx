import { PrivacyNotice } from '../../shared/privacy/privacy-notice';
import { pagePath, type RouteSetKind } from '../../shared/routes/route-set';
import { ENICF_NOTICE } from './privacy-notice';
import s from './privacy-page.module.css';
import { enicfRoutes } from './routes';
import { GAME } from './site';

/** The landing site's privacy notice, on the landing page's colours, with a way back to it. */
export function PrivacyPage(props: { routeSet: RouteSetKind }) {
  return (
    <main className={s.page}>
      <PrivacyNotice text={ENICF_NOTICE} classes={s} />
      <p className={s.back}>
        <a href={pagePath(enicfRoutes, 'landing', props.routeSet)}>← {GAME}</a>
      </p>
    </main>
  );
}
