import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { FeaturedSection, type FeaturedBlock } from './featured-section';
import { LatestArticles } from './latest-articles';
import s from './home-page.module.css';

/**
 * The glow theme's home: the welcome banner, the latest articles (six on GlowBack) (image, date, title, excerpt)
 * and the featured block (one article, four related ones). Each card is one link target: the
 * title's link stretches over the card, so the picture needs no link of its own.
 */
export function HomePage(props: ThemeProps<FeaturedBlock | null> & { list: readonly Article[] }) {
  const { config } = props.blog;
  const { extra: featured, images, href } = props;
  const welcome = `${config.site}-welcome`;
  return (
    <>
      <section className={s.banner} aria-labelledby={welcome}>
        <div className={s.bannerInner}>
          {config.tagline && <p className={s.kicker}>{config.tagline}</p>}
          <h1 id={welcome} className={s.bannerTitle}>
            {`Welcome to ${config.blog.BRAND}`}
          </h1>
          <p className={s.bannerText}>{config.welcome}</p>
        </div>
      </section>

      {props.list.length > 0 && <LatestArticles list={props.list} href={href} images={images} />}
      {featured && <FeaturedSection featured={featured} href={href} images={images} />}
    </>
  );
}
