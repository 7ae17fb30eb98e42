import type { ArticleNav } from './article-context';
import s from './article-extras.module.css';

/**
 * The links at the end of an article: the ones before and after it as two cards, then a few
 * more. Its title is not a heading: the article's outline stays the article's own sections. The
 * whole card is the link's target (the link's own text is the title alone); each blog gives the
 * cards its colours, corners and type through the --nav-* properties of its article page.
 */
export function ArticleNavLinks(props: { nav: ArticleNav; brand: string }) {
  const { previous, next, more } = props.nav;
  return (
    <nav className={s.nav} aria-label="More articles">
      {(previous || next) && (
        <ul className={s.steps}>
          {(
            [
              ['Previous', 'prev', previous],
              ['Next', 'next', next],
            ] as const
          ).map(
            ([label, rel, link]) =>
              link && (
                <li key={rel} className={s.step} data-rel={rel}>
                  <span className={s.label} aria-hidden="true">
                    {rel === 'prev' ? '← ' : ''}
                    {label}
                    {rel === 'next' ? ' →' : ''}
                  </span>
                  <a className={s.link} href={link.href} rel={rel}>
                    {link.title}
                  </a>
                </li>
              ),
          )}
        </ul>
      )}
      {more.length > 0 && (
        <div className={s.more}>
          <p className={s.moreTitle}>More from {props.brand}</p>
          <ul className={s.moreList}>
            {more.map((a) => (
              <li key={a.href} className={s.moreItem}>
                <a className={s.moreLink} href={a.href}>
                  {a.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  );
}
