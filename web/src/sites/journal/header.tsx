import { Link } from 'react-router';
import type { HeaderProps } from '../../shared/blog/themed-site';
import s from './layout.module.css';

/** A centred masthead: the tagline as its kicker over the brand. */
export function Header(props: HeaderProps) {
  const { config } = props.blog;
  return (
    <header className={s.header}>
      {config.tagline && <p className={s.kicker}>{config.tagline}</p>}
      <Link className={s.brand} to={props.home}>
        {config.blog.BRAND}
      </Link>
    </header>
  );
}
