import { DateText } from '../../shared/components/date-text';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { detailPath, type RouteSetKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { tts1Routes } from './routes';
import { SIZES } from './site';
import s from './home-page.module.css';

export interface FeaturedBlock {
  readonly article: Article;
  readonly related: readonly Article[];
}

/**
 * GlowBack's home: the welcome banner, the six latest articles (image, date, title, excerpt)
 * and the featured block (one article, four related ones). Each card is one link target: the
 * title's link stretches over the card, so the picture needs no link of its own.
 */
export function HomePage(props: {
  routeSet: RouteSetKind;
  list: readonly Article[];
  featured: FeaturedBlock | null;
  images: ImageLookup;
}) {
  const href = (id: string) => detailPath(tts1Routes, 'article', props.routeSet, id);
  const { featured, images } = props;
  return (
    <Layout routeSet={props.routeSet}>
      <section className={s.banner} aria-labelledby="tts1-welcome">
        <div className={s.bannerInner}>
          <p className={s.kicker}>Beauty · Skincare · Cashback</p>
          <h1 id="tts1-welcome" className={s.bannerTitle}>
            Welcome to GlowBack
          </h1>
          <p className={s.bannerText}>
            Honest guides to skincare, makeup and fragrance, written for people who love cosmetics
            and like to get something back: shop the brands you already use and earn cashback on
            every beauty order.
          </p>
        </div>
      </section>

      {props.list.length > 0 && (
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
      )}

      {featured && (
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
                  <a className={s.stretch} href={href(featured.article.id)}>
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
                    <Picture
                      className={s.relatedImage}
                      image={images(a.image)}
                      sizes={SIZES.thumb}
                    />
                    <div className={s.relatedBody}>
                      <a className={`${s.relatedTitle} ${s.stretch}`} href={href(a.id)}>
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
      )}
    </Layout>
  );
}
