import { useI18n } from '../i18n/dictionaries';
import eastAsia from '../assets/portraits/east-asia.svg?no-inline';
import latam from '../assets/portraits/latam.svg?no-inline';
import sea from '../assets/portraits/sea.svg?no-inline';
import { HomeSection } from './home-section';
import x from './section.module.css';
import s from './team.module.css';

/** The three regional heads. Names stay as they are in every language; the portraits are drawn. */
export const REGIONAL_HEADS = [
  { region: 'sea', name: 'Nadia Santoso', portrait: sea },
  { region: 'latam', name: 'Mateo Ferreira', portrait: latam },
  { region: 'eastAsia', name: 'Yuna Park', portrait: eastAsia },
] as const;

/** The portraits' drawn size; shown at 160 × 160 CSS pixels (sharp on 2x screens at 200). */
const PORTRAIT_SIZE = 200;

export function Team() {
  const { t } = useI18n();
  return (
    <HomeSection name="team">
      <ul className={`${x.cards} ${s.heads}`}>
        {REGIONAL_HEADS.map((head) => (
          <li key={head.region} className={s.head}>
            <img
              className={s.portrait}
              src={head.portrait}
              alt={t('home.team.portrait', { name: head.name })}
              width={PORTRAIT_SIZE}
              height={PORTRAIT_SIZE}
              loading="lazy"
              decoding="async"
            />
            <h3 className={x.subtitle}>{head.name}</h3>
            <p className={s.role}>{t(`home.team.${head.region}.role`)}</p>
            <p className={s.area}>{t(`home.team.${head.region}.area`)}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
