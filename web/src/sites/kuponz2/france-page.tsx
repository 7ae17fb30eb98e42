import { DateText } from '../../shared/components/date-text';
import type { France } from '../../shared/content/schema';
import type { VariantKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { FRANCE_BANNER } from './site';
import s from './france-page.module.css';

export function FrancePage(props: { variant: VariantKind; france: France | null }) {
  return (
    <Layout variant={props.variant}>
      <section className={s.banner}>
        <div className={s.bannerInner}>
          <h1 className={s.bannerTitle}>France</h1>
          <p className={s.bannerText}>{FRANCE_BANNER}</p>
        </div>
      </section>
      {props.france && (
        <div className={s.rows}>
          {props.france.rows.map((row) => (
            <section key={row.id} className={s.row} aria-label={row.title}>
              <ul className={s.items}>
                {row.items.map((item) => (
                  <li key={item.id} className={s.item}>
                    <h3 className={s.itemTitle}>{item.title}</h3>
                    <DateText className={s.date} date={item.date} isoDate={item.isoDate} />
                  </li>
                ))}
              </ul>
              <div className={s.feature}>
                <h2 className={s.featureTitle}>{row.title}</h2>
                <DateText className={s.featureDate} date={row.date} isoDate={row.isoDate} />
              </div>
            </section>
          ))}
        </div>
      )}
    </Layout>
  );
}
