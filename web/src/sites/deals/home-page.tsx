import type { ThemeProps } from '../../shared/blog/themed-site';
import type { Article } from '../../shared/content/schema';
import { ReadMore, TeaserList, TeaserTitle } from '../../shared/blog/teaser';
import { SIZES } from './site';
import s from './home-page.module.css';

/** The blog list: a grid of coupon-shaped cards (image, title, excerpt, 'Read More →'). */
export function HomePage(props: ThemeProps<unknown> & { list: readonly Article[] }) {
  return (
    <TeaserList
      {...props}
      lift
      sizes={(i) => (i === 0 ? SIZES.lead : SIZES.card)}
      classes={{ ...s, list: s.grid, item: (i) => (i === 0 ? `${s.card} ${s.lead}` : s.card) }}
      after={(a, href) => (
        <div className={s.tearOff}>
          <ReadMore className={s.more} href={href} title={a.title} />
        </div>
      )}
    >
      {(a, _i, href) => (
        <>
          <TeaserTitle level="h2" article={a} href={href} className={s.title} cover="card" />
          <p className={s.excerpt}>{a.excerpt}</p>
        </>
      )}
    </TeaserList>
  );
}
