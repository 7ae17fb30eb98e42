import { DateText } from '../../shared/components/date-text';
import type { BlogTab } from '../../shared/blog/blog-config';
import type { ThemeProps } from '../../shared/blog/themed-site';
import { Picture } from '../../shared/images/picture';
import type { ShopExtra } from './shop-extra';
import { SIZES } from './site';
import s from './france-page.module.css';

/**
 * The France page: its banner, then three rows. Each row has a large picture with its title and,
 * on the right, its date; on the left, four sub-items (title, date, picture). In the markup the
 * large item comes first (its heading introduces the row's sub-items); the grid places it on
 * the right.
 */
export function FrancePage(props: ThemeProps<ShopExtra> & { tab: BlogTab }) {
  const { france } = props.extra;
  const { images } = props;
  return (
    <>
      <section className={s.banner}>
        <div className={s.bannerInner}>
          <h1 className={s.bannerTitle}>{props.tab.heading}</h1>
          <p className={s.bannerText}>{props.tab.description}</p>
        </div>
      </section>
      {france && (
        <div className={s.rows}>
          {france.rows.map((row, r) => (
            <section key={row.id} className={s.row} aria-labelledby={`france-row-${row.id}`}>
              <div className={s.feature}>
                <Picture
                  className={s.featureImage}
                  image={images(row.image)}
                  sizes={SIZES.franceRow}
                  priority={r === 0}
                />
                <div className={s.featureText}>
                  <h2 id={`france-row-${row.id}`} className={s.featureTitle}>
                    {row.title}
                  </h2>
                  <DateText className={s.featureDate} date={row.date} isoDate={row.isoDate} />
                </div>
              </div>
              <ul className={s.items}>
                {row.items.map((item) => (
                  <li key={item.id} className={s.item}>
                    <div className={s.itemText}>
                      <h3 className={s.itemTitle}>{item.title}</h3>
                      <DateText className={s.date} date={item.date} isoDate={item.isoDate} />
                    </div>
                    <Picture
                      className={s.itemImage}
                      image={images(item.image)}
                      sizes={SIZES.franceItem}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
