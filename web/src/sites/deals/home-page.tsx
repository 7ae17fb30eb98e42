import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import { detailPath } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The blog list: a grid of coupon-shaped cards (image, title, excerpt, 'Read More →'). */
export function HomePage(props: ThemeProps<unknown> & { list: readonly Article[] }) {
  const { routes } = props.blog;
  return (
    <Layout blog={props.blog} routeSet={props.routeSet} kind="list">
      <ul className={s.grid}>
        {props.list.map((a, i) => {
          const href = detailPath(routes, 'article', props.routeSet, a.id);
          return (
            <li key={a.id} className={i === 0 ? `${s.card} ${s.lead}` : s.card}>
              <Picture
                className={s.image}
                image={props.images(a.image)}
                sizes={i === 0 ? SIZES.lead : SIZES.card}
                priority={i === 0}
              />
              <div className={s.body}>
                <h2 className={s.title}>
                  <a href={href}>{a.title}</a>
                </h2>
                <p className={s.excerpt}>{a.excerpt}</p>
              </div>
              <div className={s.stub}>
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
