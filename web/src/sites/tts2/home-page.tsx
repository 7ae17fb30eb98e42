import { DateText } from '../../shared/components/date-text';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { detailPath, type RouteSetKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { tts2Routes } from './routes';
import { BRAND, SIZES } from './site';
import s from './home-page.module.css';

/** Wayfarer Journal's home: a grid of eight article cards, each with a 'Read More →' link. */
export function HomePage(props: {
  routeSet: RouteSetKind;
  cards: readonly Article[];
  images: ImageLookup;
}) {
  return (
    <Layout routeSet={props.routeSet}>
      <h1 className="visually-hidden">{BRAND}: travel stories and practical guides</h1>
      <ul className={s.grid}>
        {props.cards.map((a, i) => {
          const href = detailPath(tts2Routes, 'article', props.routeSet, a.id);
          return (
            <li key={a.id} className={s.card}>
              <Picture
                className={s.image}
                image={props.images(a.image)}
                sizes={SIZES.card}
                priority={i === 0}
              />
              <div className={s.body}>
                <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
                <h2 className={s.title}>
                  <a href={href}>{a.title}</a>
                </h2>
                <p className={s.excerpt}>{a.excerpt}</p>
                <a className={s.more} href={href}>
                  Read More →<span className="visually-hidden">{` ${a.title}`}</span>
                </a>
              </div>
            </li>
          );
        })}
      </ul>
    </Layout>
  );
}
