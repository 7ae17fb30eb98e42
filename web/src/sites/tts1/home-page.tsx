import { Link } from 'react-router';
import { DateText } from '../../shared/components/date-text';
import type { Article } from '../../shared/content/schema';
import { detailPath, type VariantKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { tts1Routes } from './routes';
import s from './home-page.module.css';

export interface FeaturedBlock {
  readonly article: Article;
  readonly related: readonly Article[];
}

export function HomePage(props: {
  variant: VariantKind;
  list: readonly Article[];
  featured: FeaturedBlock | null;
}) {
  const href = (id: string) => detailPath(tts1Routes, 'article', props.variant, id);
  const { featured } = props;
  return (
    <Layout variant={props.variant}>
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
            {props.list.map((a) => (
              <li key={a.id} className={s.item}>
                <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
                <h3 className={s.itemTitle}>
                  <Link to={href(a.id)}>{a.title}</Link>
                </h3>
                <p className={s.excerpt}>{a.excerpt}</p>
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
              <DateText
                className={s.date}
                date={featured.article.date}
                isoDate={featured.article.isoDate}
              />
              <h3 className={s.featureTitle}>
                <Link to={href(featured.article.id)}>{featured.article.title}</Link>
              </h3>
              <p className={s.excerpt}>{featured.article.excerpt}</p>
              <Link
                className={s.more}
                to={href(featured.article.id)}
                aria-hidden="true"
                tabIndex={-1}
              >
                Read the article →
              </Link>
            </article>
            {featured.related.length > 0 && (
              <ul className={s.related} aria-label="Related articles">
                {featured.related.map((a) => (
                  <li key={a.id} className={s.relatedItem}>
                    <Link className={s.relatedTitle} to={href(a.id)}>
                      {a.title}
                    </Link>
                    <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
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
