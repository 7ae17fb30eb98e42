import { useEffect, useState } from 'react';
import type { RouteSetKind } from '../../../shared/routes/route-set';
import { useI18n } from '../i18n/dictionaries';
import type { WaveadsPage } from '../routes';
import { BRAND } from '../site';
import { LanguageMenu } from './language-menu';
import { LogoMark } from './logo';
import { usePagePath } from './page-links';
import s from './top-bar.module.css';

/** Scrolling down past the bar hides it; scrolling up shows it again (docs/product.md: "Top bar"). */
function useHiddenOnScrollDown(pinned: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 4) return;
      setHidden(y > last && y > 80);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden && !pinned;
}

export function TopBar(props: { routeSet: RouteSetKind; page: WaveadsPage }) {
  const { t } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useHiddenOnScrollDown(menuOpen);
  const pathOf = usePagePath();
  // The logo is a plain link: a full page load of the route set's home (docs/product.md: it reloads the page).
  const home = pathOf('home');
  // CONTACT US: /contact-us on the global host (online route set), /waveads/contact-us on the
  // prefixed one; on a language's own URL, the same in that language (/ja/contact-us).
  const contact = pathOf('contact-us');
  return (
    <header className={hidden ? `${s.bar} ${s.hidden}` : s.bar}>
      <div className={s.inner}>
        <a className={s.logo} href={home}>
          <LogoMark className={s.mark} />
          <span className={s.wordmark}>{BRAND}</span>
          <span className="visually-hidden"> {t('nav.home')}</span>
        </a>
        <div className={s.actions}>
          <LanguageMenu onOpenChange={setMenuOpen} routeSet={props.routeSet} page={props.page} />
          <a className={s.contact} href={contact}>
            {t('nav.contactUs')}
          </a>
        </div>
      </div>
    </header>
  );
}
