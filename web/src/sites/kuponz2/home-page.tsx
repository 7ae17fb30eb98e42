import { DateText } from '../../shared/components/date-text';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { detailPath, type RouteSetKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { kuponz2Routes } from './routes';
import { BRAND, SIZES } from './site';
import s from './home-page.module.css';

/** The shop's home: banner, the tab bar (in the layout), and the ten articles. */
export function HomePage(props: {
  routeSet: RouteSetKind;
  list: readonly Article[];
  images: ImageLookup;
}) {
  return (
    <Layout routeSet={props.routeSet}>
      <section className={s.banner}>
        <div className={s.bannerInner}>
          <h1 className={s.bannerTitle}>{BRAND}</h1>
          <p className={s.bannerText}>
            Welcome to Kuponz Beauty, your guide to skincare, makeup and fragrance — and to earning
            cashback rewards every time you shop for cosmetics.
          </p>
        </div>
      </section>
      <ol className={s.list}>
        {props.list.map((a, i) => (
          <li key={a.id} className={s.item}>
            <Picture
              className={s.image}
              image={props.images(a.image)}
              sizes={SIZES.list}
              priority={i === 0}
            />
            <div className={s.body}>
              <div className={s.head}>
                <h2 className={s.title}>
                  <a href={detailPath(kuponz2Routes, 'article', props.routeSet, a.id)}>{a.title}</a>
                </h2>
                <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
              </div>
              <p className={s.excerpt}>{a.excerpt}</p>
            </div>
          </li>
        ))}
      </ol>
    </Layout>
  );
}
