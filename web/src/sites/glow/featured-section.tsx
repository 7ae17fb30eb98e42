import { DateText } from '../../shared/components/date-text';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { stretchLink } from '../../shared/blog/teaser';
import { SIZES } from './site';
import s from './home-page.module.css';

export interface FeaturedBlock {
  readonly article: Article;
  readonly related: readonly Article[];
}

/** The featured article beside the list of its related ones (those that exist). */
export function FeaturedSection(props: {
  featured: FeaturedBlock;
  href: (id: string) => string;
  images: ImageLookup;
}) {
  const { featured, href, images } = props;
  return (
    <section className={s.featured} aria-labelledby="tts1-featured">
      <h2 id="tts1-featured" className={s.sectionTitle}>
        Featured
      </h2>
      <div className={s.featuredGrid}>
        <article className={s.feature}>
          <Picture
            className={s.featureImage}
            image={images(featured.article.image)}
            sizes={SIZES.feature}
          />
          <div className={s.featureBody}>
            <DateText
              className={s.date}
              date={featured.article.date}
              isoDate={featured.article.isoDate}
            />
            <h3 className={s.featureTitle}>
              <a className={stretchLink} href={href(featured.article.id)}>
                {featured.article.title}
              </a>
            </h3>
            <p className={s.excerpt}>{featured.article.excerpt}</p>
            <p className={s.more} aria-hidden="true">
              Read the article →
            </p>
          </div>
        </article>
        {featured.related.length > 0 && (
          <ul className={s.related} aria-label="Related articles">
            {featured.related.map((a) => (
              <li key={a.id} className={s.relatedItem}>
                <Picture className={s.relatedImage} image={images(a.image)} sizes={SIZES.thumb} />
                <div className={s.relatedBody}>
                  <a className={`${s.relatedTitle} ${stretchLink}`} href={href(a.id)}>
                    {a.title}
                  </a>
                  <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
