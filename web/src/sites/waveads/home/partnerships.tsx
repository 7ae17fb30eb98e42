import { useI18n } from '../i18n/dictionaries';
import { FigureList, type Figure } from './figure-list';
import { HomeSection } from './home-section';
import x from './section.module.css';
import s from './partnerships.module.css';

/** docs/product.md, Figures: the exclusive partnerships' target countries. */
export const TARGET_COUNTRIES = ['ID', 'VN', 'PH', 'MY', 'SG'] as const;

/** docs/product.md, Figures: the other region lists. */
export const OTHER_REGIONS = ['latam', 'us', 'sea', 'eu', 'cis'] as const;

interface PartnershipCard {
  readonly key: 'commerce' | 'finance';
  readonly figures: readonly Figure[];
}

/** The placeholder figures of docs/product.md, Figures, exactly. */
const CARDS: readonly PartnershipCard[] = [
  {
    key: 'commerce',
    figures: [
      { label: 'home.partners.commerce.gmv', value: 'home.partners.commerce.gmvValue' },
      { label: 'home.partners.commerce.roi', value: 'home.partners.commerce.roiValue' },
    ],
  },
  {
    key: 'finance',
    figures: [
      { label: 'home.partners.finance.cost', value: 'home.partners.finance.costValue' },
      { label: 'home.partners.finance.registration', value: { literal: '1.5x' } },
      { label: 'home.partners.finance.target', value: { literal: '2X' } },
    ],
  },
];

function Card(props: { card: PartnershipCard }) {
  const { t } = useI18n();
  const { key, figures } = props.card;
  const id = `waveads-partner-${key}`;
  return (
    <article className={s.card} aria-labelledby={id}>
      <h3 id={id} className={x.subtitle}>
        {t(`home.partners.${key}.title`)}
      </h3>
      <dl className={s.details}>
        <div className={s.row}>
          <dt>{t('home.partners.model')}</dt>
          <dd>
            <span className={s.model}>{t(`home.partners.${key}.model`)}</span>
          </dd>
        </div>
        <div className={s.row}>
          <dt>{t('home.partners.countries')}</dt>
          <dd>
            <ul className={s.countries}>
              {TARGET_COUNTRIES.map((code) => (
                <li key={code}>{t(`home.countries.${code}`)}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div className={s.row}>
          <dt>{t('home.partners.channels')}</dt>
          <dd>{t(`home.partners.${key}.channels`)}</dd>
        </div>
        <div className={s.row}>
          <dt>{t('home.partners.goals')}</dt>
          <dd>{t(`home.partners.${key}.goals`)}</dd>
        </div>
      </dl>
      <h4 className={s.figuresTitle}>{t('home.partners.figures')}</h4>
      <FigureList figures={figures} className={s.figures} itemClassName={s.figure} />
    </article>
  );
}

/** The exclusive user-acquisition partnership cards and the other region lists. */
export function Partnerships() {
  const { t } = useI18n();
  return (
    <HomeSection name="partners" variant="alt">
      <div className={`${x.cards} ${s.cards}`}>
        {CARDS.map((card) => (
          <Card key={card.key} card={card} />
        ))}
      </div>
      <p className={s.note}>{t('home.partners.note')}</p>
      <div className={s.regions}>
        <h3 className={x.subtitle}>{t('home.regions.title')}</h3>
        <p className={s.regionsText}>{t('home.regions.text')}</p>
        <ul className={s.regionList}>
          {OTHER_REGIONS.map((region) => (
            <li key={region} className={s.region}>
              <h4 className={s.regionName}>{t(`home.regions.${region}`)}</h4>
              <p className={s.markets}>{t(`home.regions.${region}.markets`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </HomeSection>
  );
}
