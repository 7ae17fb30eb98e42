import { Link } from 'react-router';
import { BlogTabs } from '../../shared/blog/blog-tabs';
import { headerBar } from '../../shared/blog/blog-shell';
import type { HeaderProps } from '../../shared/blog/themed-site';
import s from './layout.module.css';

/** The bar: the brand, and the tabs of site.toml (GlowBack's one: HOME), the current one marked. */
export function Header(props: HeaderProps) {
  return (
    <header className={s.header}>
      <div className={`${headerBar} ${s.bar}`}>
        <Link className={s.brand} to={props.home}>
          <span className={s.brandMark} aria-hidden="true" />
          {props.blog.config.blog.BRAND}
        </Link>
        <BlogTabs {...props} label="Main" classes={{ list: s.tabs, tab: s.tab }} />
      </div>
    </header>
  );
}
