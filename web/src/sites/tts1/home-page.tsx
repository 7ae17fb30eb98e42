import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { detailPath, type RouteSetKind } from '../../shared/routes/route-set';
import { FeaturedSection, type FeaturedBlock } from './featured-section';
import { LatestArticles } from './latest-articles';
import { Layout } from './layout';
import { tts1Routes } from './routes';
import s from './home-page.module.css';

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

      {props.list.length > 0 && <LatestArticles list={props.list} href={href} images={images} />}
      {featured && <FeaturedSection featured={featured} href={href} images={images} />}
    </Layout>
  );
}
