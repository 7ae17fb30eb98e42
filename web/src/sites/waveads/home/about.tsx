import { useI18n } from '../i18n/dictionaries';
import type { MessageKey } from '../i18n/en';
import x from './section.module.css';
import s from './about.module.css';

/** docs/product.md, Figures: founded 2017. */
export const FOUNDED = 2017;

const SERVICES = ['ua', 'retargeting', 'aso', 'monetisation', 'lifecycle'] as const;
const AUDIENCES = [
  'developers',
  'brands',
  'advertisers',
  'retailers',
  'agencies',
  'publishers',
  'streaming',
] as const;

/** The brand introduction (founded 2017, headquartered in Los Angeles). */
export function About() {
  const { t } = useI18n();
  return (
    <section className={x.section} aria-labelledby="waveads-about">
      <div className={`${x.inner} ${s.about}`}>
        <div>
          <p className={x.eyebrow}>{t('home.about.eyebrow')}</p>
          <h2 id="waveads-about" className={x.title}>
            {t('home.about.title')}
          </h2>
          <p className={x.lead}>{t('home.about.text')}</p>
        </div>
        <dl className={s.facts}>
          <div className={s.fact}>
            <dt>{t('home.about.founded')}</dt>
            <dd>{FOUNDED}</dd>
          </div>
          <div className={s.fact}>
            <dt>{t('home.about.headquarters')}</dt>
            <dd>{t('home.about.headquartersValue')}</dd>
          </div>
          <div className={s.fact}>
            <dt>{t('home.about.regions')}</dt>
            <dd>{t('home.about.regionsValue')}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

/** The services and the audiences they are for (docs/product.md, The sites). */
export function Services() {
  const { t } = useI18n();
  return (
    <section id="services" className={`${x.section} ${x.alt}`} aria-labelledby="waveads-services">
      <div className={x.inner}>
        <p className={x.eyebrow}>{t('home.services.eyebrow')}</p>
        <h2 id="waveads-services" className={x.title}>
          {t('home.services.title')}
        </h2>
        <ul className={s.services}>
          {SERVICES.map((key, i) => (
            <li key={key} className={s.service}>
              <span className={s.number} aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3 className={x.subtitle}>{t(`home.services.${key}.title` as MessageKey)}</h3>
              <p className={s.serviceText}>{t(`home.services.${key}.text` as MessageKey)}</p>
            </li>
          ))}
        </ul>
        <div className={s.audiences}>
          <h3 className={s.audiencesTitle}>{t('home.audiences.title')}</h3>
          <ul className={s.chips}>
            {AUDIENCES.map((key) => (
              <li key={key} className={s.chip}>
                {t(`home.audiences.${key}` as MessageKey)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
