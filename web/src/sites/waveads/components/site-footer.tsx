import { copyrightText } from '../../../shared/components/copyright-footer';
import { useI18n } from '../i18n/dictionaries';
import { LogoMark } from './logo';
import s from './site-footer.module.css';

/** The careers footer. The Careers text is a button: the resume dialog it opens comes later. */
export function SiteFooter() {
  const { t } = useI18n();
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.brand}>
          <LogoMark className={s.mark} />
          <span>WaveAds</span>
        </div>
        <button type="button" className={s.careers}>
          {t('nav.careers')}
        </button>
        <p className={s.copyright}>{copyrightText('WaveAds')}</p>
      </div>
    </footer>
  );
}
