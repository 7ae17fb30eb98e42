import { DateText } from '../../shared/components/date-text';
import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { detailPath } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The notebook's home: the welcome banner and a list of articles (six on tts3). */
export function HomePage(props: ThemeProps<unknown> & { list: readonly Article[] }) {
  const { routes, config } = props.blog;
  return (
    <Layout blog={props.blog} routeSet={props.routeSet}>
      <section className={s.banner}>
        <h1 className={s.bannerTitle}>{`Welcome To ${config.blog.BRAND}`}</h1>
        <p className={s.bannerText}>{config.welcome}</p>
      </section>
      <ol className={s.list}>
        {props.list.map((a, i) => {
          const href = detailPath(routes, 'article', props.routeSet, a.id);
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
