import { useI18n } from '../i18n/dictionaries';
import { BRAND } from '../site';
import { LogoMark } from './logo';
import { usePagePath } from './page-links';
import s from './site-footer.module.css';

/** The careers footer: its Careers text opens the resume dialog (docs/product.md, Screens). */
export function SiteFooter(props: { onCareers: () => void }) {
  const { t } = useI18n();
  const pathOf = usePagePath();
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.brandBlock}>
          <div className={s.brand}>
            <LogoMark className={s.mark} />
            <span>{BRAND}</span>
          </div>
          <p className={s.tagline}>{t('footer.tagline')}</p>
        </div>
        <button
          type="button"
          className={s.careers}
          aria-haspopup="dialog"
          onClick={props.onCareers}
        >
          <span className={s.careersTitle}>{t('nav.careers')}</span>
          <span className={s.careersHint}>{t('footer.careersHint')}</span>
        </button>
      </div>
      <div className={s.bottom}>
        <p className={s.copyright}>{t('footer.copyright')}</p>
        <a className={s.legal} href={pathOf('privacy')}>
          {t('nav.privacy')}
        </a>
      </div>
    </footer>
  );
}
