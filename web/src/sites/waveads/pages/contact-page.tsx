import { useI18n } from '../i18n/dictionaries';
import s from './banner.module.css';

export function ContactPage() {
  const { t } = useI18n();
  return (
    <section className={`${s.banner} ${s.contact}`} aria-labelledby="waveads-banner">
      <div className={s.inner}>
        <h1 id="waveads-banner" className={s.title}>
          {t('contact.banner.title')}
        </h1>
        <p className={s.subtitle}>{t('contact.banner.subtitle')}</p>
      </div>
    </section>
  );
}
