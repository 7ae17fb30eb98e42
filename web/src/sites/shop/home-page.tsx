import { DateText } from '../../shared/components/date-text';
import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { TeaserList, TeaserTitle } from '../../shared/blog/teaser';
import type { ShopExtra } from './shop-extra';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The shop's home: banner, the tab bar (in the layout), and its articles (ten on Kuponz Beauty). */
export function HomePage(props: ThemeProps<ShopExtra> & { list: readonly Article[] }) {
  const { config } = props.blog;
  return (
    <>
      <section className={s.banner}>
        <div className={s.bannerInner}>
          <h1 className={s.bannerTitle}>{config.blog.BRAND}</h1>
          <p className={s.bannerText}>{config.welcome}</p>
        </div>
      </section>
      <TeaserList {...props} ordered sizes={SIZES.list} classes={s}>
        {(a, _i, href) => (
          <>
            <div className={s.head}>
              <TeaserTitle level="h2" article={a} href={href} className={s.title} />
              <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
            </div>
            <p className={s.excerpt}>{a.excerpt}</p>
          </>
        )}
      </TeaserList>
    </>
  );
}
