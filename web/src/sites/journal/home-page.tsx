import { DateText } from '../../shared/components/date-text';
import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { detailPath } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The journal's home: a grid of article cards (eight on tts2), each with a 'Read More →' link. */
export function HomePage(props: ThemeProps<unknown> & { list: readonly Article[] }) {
  const { routes, config } = props.blog;
  return (
    <Layout blog={props.blog} routeSet={props.routeSet}>
      <h1 className="visually-hidden">{`${config.blog.BRAND}: ${config.welcome}`}</h1>
      <ul className={s.grid}>
        {props.list.map((a, i) => {
          const href = detailPath(routes, 'article', props.routeSet, a.id);
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
