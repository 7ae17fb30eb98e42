import { DateText } from '../../shared/components/date-text';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { TeaserList, TeaserTitle } from '../../shared/blog/teaser';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The latest articles' cards; the first card's picture is the page's first (loaded eagerly). */
export function LatestArticles(props: {
  list: readonly Article[];
  href: (id: string) => string;
  images: ImageLookup;
}) {
  return (
    <section className={s.latest} aria-labelledby="tts1-latest">
      <h2 id="tts1-latest" className={s.sectionTitle}>
        Latest articles
      </h2>
      <TeaserList
        {...props}
        lift
        sizes={SIZES.card}
        classes={{ list: s.list, item: s.item, image: s.itemImage, body: s.itemBody }}
      >
        {(a, _i, href) => (
          <>
            <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
            <TeaserTitle
              level="h3"
              article={a}
              href={href}
              className={s.itemTitle}
              cover="stretch"
            />
            <p className={s.excerpt}>{a.excerpt}</p>
          </>
        )}
      </TeaserList>
    </section>
  );
}
