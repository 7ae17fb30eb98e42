import { DateText } from '../../shared/components/date-text';
import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { TeaserList, TeaserTitle } from '../../shared/blog/teaser';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The notebook's home: the welcome banner and a list of articles (six on tts3). */
export function HomePage(props: ThemeProps<unknown> & { list: readonly Article[] }) {
  const { config } = props.blog;
  return (
    <>
      <section className={s.banner}>
        <h1 className={s.bannerTitle}>{`Welcome To ${config.blog.BRAND}`}</h1>
        <p className={s.bannerText}>{config.welcome}</p>
      </section>
      <TeaserList {...props} ordered sizes={SIZES.list} classes={s}>
        {(a, i, href) => (
          <>
            <p className={s.meta}>
              <span className={s.number} aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
            </p>
            <TeaserTitle level="h2" article={a} href={href} className={s.title} cover="stretch" />
            <p className={s.excerpt}>{a.excerpt}</p>
          </>
        )}
      </TeaserList>
    </>
  );
}
