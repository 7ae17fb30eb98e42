import { DateText } from '../../shared/components/date-text';
import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { ReadMore, TeaserList, TeaserTitle } from '../../shared/blog/teaser';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The journal's home: a grid of article cards (eight on tts2), each with a 'Read More →' link. */
export function HomePage(props: ThemeProps<unknown> & { list: readonly Article[] }) {
  const { config } = props.blog;
  return (
    <>
      <h1 className="visually-hidden">{`${config.blog.BRAND}: ${config.welcome}`}</h1>
      <TeaserList {...props} lift sizes={SIZES.card} classes={{ ...s, list: s.grid, item: s.card }}>
        {(a, _i, href) => (
          <>
            <DateText className={s.date} date={a.date} isoDate={a.isoDate} />
            <TeaserTitle level="h2" article={a} href={href} className={s.title} cover="card" />
            <p className={s.excerpt}>{a.excerpt}</p>
            <ReadMore className={s.more} href={href} title={a.title} />
          </>
        )}
      </TeaserList>
    </>
  );
}
