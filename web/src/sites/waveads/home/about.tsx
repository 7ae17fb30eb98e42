import { useI18n } from '../i18n/dictionaries';
import type { MessageKey } from '../i18n/en';
import { FigureList, type Figure } from './figure-list';
import { HomeSection } from './home-section';
import { SectionHeading, sectionTitleId } from './section-heading';
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

/** Beside the introduction (docs/product.md, Figures). */
const FACTS: readonly Figure[] = [
  { label: 'home.about.founded', value: { literal: String(FOUNDED) } },
  { label: 'home.about.headquarters', value: 'home.about.headquartersValue' },
  { label: 'home.about.regions', value: 'home.about.regionsValue' },
];

/** The brand introduction (founded 2017, headquartered in Los Angeles), its facts beside it. */
export function About() {
  return (
    <section className={x.section} aria-labelledby={sectionTitleId('about')}>
      <div className={`${x.inner} ${s.about}`}>
        <div>
          <SectionHeading name="about" />
        </div>
        <FigureList figures={FACTS} className={s.facts} itemClassName={s.fact} />
      </div>
    </section>
  );
}

/** The services and the audiences they are for (docs/product.md, The sites). */
export function Services() {
  const { t } = useI18n();
  return (
    <HomeSection name="services" lead={false} id="services" variant="alt">
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
    </HomeSection>
  );
}
