import { Link } from 'react-router';
import type { HeaderProps } from '../../shared/blog/themed-site';
import s from './layout.module.css';

/**
 * The page header carries the site title and tagline. On list pages the title is the page's
 * heading; on detail pages the article title is, and the header is compact (docs/product.md).
 */
export function Header(props: HeaderProps) {
  const { config } = props.blog;
  const Title = props.kind === 'list' ? 'h1' : 'p';
  return (
    <header className={props.kind === 'list' ? s.header : `${s.header} ${s.compact}`}>
      <div className={s.inner}>
        <Title className={s.title}>
          <Link className={s.brand} to={props.home}>
            <span className={s.ticket} aria-hidden="true">
              %
            </span>
            {config.blog.BRAND}
          </Link>
        </Title>
        {config.tagline && <p className={s.tagline}>{config.tagline}</p>}
      </div>
    </header>
  );
}
