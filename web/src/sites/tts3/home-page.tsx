import { DateText } from '../../shared/components/date-text';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { detailPath, type RouteSetKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { tts3Routes } from './routes';
import { SIZES } from './site';
import s from './home-page.module.css';

/** Youadsmedia-Top's home: the welcome banner and a list of six articles. */
export function HomePage(props: {
  routeSet: RouteSetKind;
  list: readonly Article[];
  images: ImageLookup;
}) {
  return (
    <Layout routeSet={props.routeSet}>
      <section className={s.banner}>
        <h1 className={s.bannerTitle}>Welcome To Youadsmedia-Top</h1>
        <p className={s.bannerText}>
          Ideas for everyday living: home, food, wellbeing and the small habits that make a day go
          well.
        </p>
      </section>
      <ol className={s.list}>
        {props.list.map((a, i) => {
          const href = detailPath(tts3Routes, 'article', props.routeSet, a.id);
          return (
            <li key={a.id} className={s.item}>
              <Picture
                className={s.image}
                image={props.images(a.image)}
                sizes={SIZES.list}
                priority={i === 0}
              />
              <div className={s.body}>
                <p className={s.meta}>
                  <span className={s.number} aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
                </p>
                <h2 className={s.title}>
                  <a className={s.stretch} href={href}>
                    {a.title}
                  </a>
                </h2>
                <p className={s.excerpt}>{a.excerpt}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </Layout>
  );
}
