import { DateText } from '../../shared/components/date-text';
import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { detailPath } from '../../shared/routes/route-set';
import { Layout } from './layout';
import type { ShopExtra } from './shop-extra';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The shop's home: banner, the tab bar (in the layout), and its articles (ten on Kuponz Beauty). */
export function HomePage(props: ThemeProps<ShopExtra> & { list: readonly Article[] }) {
  const { routes, config } = props.blog;
  return (
    <Layout blog={props.blog} routeSet={props.routeSet}>
      <section className={s.banner}>
        <div className={s.bannerInner}>
          <h1 className={s.bannerTitle}>{config.blog.BRAND}</h1>
          <p className={s.bannerText}>{config.welcome}</p>
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
                  <a href={detailPath(routes, 'article', props.routeSet, a.id)}>{a.title}</a>
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
