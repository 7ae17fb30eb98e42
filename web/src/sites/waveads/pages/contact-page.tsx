import { ContactForm } from '../form/contact-form';
import { useI18n } from '../i18n/dictionaries';
import s from './banner.module.css';
import c from './contact-page.module.css';

/** /waveads/contact-us (/contact-us on the global host): the 'Get in touch' banner and the form. */
export function ContactPage() {
  const { t } = useI18n();
  return (
    <>
      <section className={`${s.banner} ${s.contact}`} aria-labelledby="waveads-banner">
        <div className={s.inner}>
          <h1 id="waveads-banner" className={s.title}>
            {t('contact.banner.title')}
          </h1>
          <p className={s.subtitle}>{t('contact.banner.subtitle')}</p>
        </div>
      </section>
      <div className={c.body}>
        <ContactForm />
      </div>
    </>
  );
}
