import { Link } from 'react-router';
import { headerBar } from '../../shared/blog/blog-shell';
import type { HeaderProps } from '../../shared/blog/themed-site';
import s from './layout.module.css';

/** A bar with the brand behind a badge of its initial. */
export function Header(props: HeaderProps) {
  const brand = props.blog.config.blog.BRAND;
  return (
    <header className={s.header}>
      <div className={`${headerBar} ${s.bar}`}>
        <Link className={s.brand} to={props.home}>
          <span className={s.badge} aria-hidden="true">
            {brand.charAt(0)}
          </span>
          {brand}
        </Link>
      </div>
    </header>
  );
}
