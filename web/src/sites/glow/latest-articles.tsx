import { DateText } from '../../shared/components/date-text';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The latest articles' cards; the first card's picture is the page's first (loaded eagerly). */
export function LatestArticles(props: {
  list: readonly Article[];
  href: (id: string) => string;
  images: ImageLookup;
}) {
  const { href, images } = props;
  return (
    <section className={s.latest} aria-labelledby="tts1-latest">
      <h2 id="tts1-latest" className={s.sectionTitle}>
        Latest articles
      </h2>
      <ul className={s.list}>
        {props.list.map((a, i) => (
          <li key={a.id} className={s.item}>
            <Picture
              className={s.itemImage}
              image={images(a.image)}
              sizes={SIZES.card}
              priority={i === 0}
            />
            <div className={s.itemBody}>
              <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
              <h3 className={s.itemTitle}>
                <a className={s.stretch} href={href(a.id)}>
                  {a.title}
                </a>
              </h3>
              <p className={s.excerpt}>{a.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
