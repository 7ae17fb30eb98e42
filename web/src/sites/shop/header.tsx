import { Link } from 'react-router';
import { BlogTabs } from '../../shared/blog/blog-tabs';
import { headerBar } from '../../shared/blog/blog-shell';
import type { HeaderProps } from '../../shared/blog/themed-site';
import s from './layout.module.css';

/** The brand with its last word set apart: Kuponz <em>Beauty</em>. */
function Brand(props: { brand: string }) {
  const cut = props.brand.lastIndexOf(' ');
  if (cut < 0) return <>{props.brand}</>;
  return (
    <>
      {props.brand.slice(0, cut)} <em className={s.brandAccent}>{props.brand.slice(cut + 1)}</em>
    </>
  );
}

/** The brand and tagline, then the tab bar of site.toml (HOME / FRANCE). */
export function Header(props: HeaderProps) {
  const { config } = props.blog;
  return (
    <header className={s.header}>
      <div className={`${headerBar} ${s.top}`}>
        <Link className={s.brand} to={props.home}>
          <Brand brand={config.blog.BRAND} />
        </Link>
        {config.tagline && <p className={s.tagline}>{config.tagline}</p>}
      </div>
      <BlogTabs
        {...props}
        label="Sections"
        classes={{ nav: s.tabs, list: s.tabList, tab: s.tab }}
      />
    </header>
  );
}
