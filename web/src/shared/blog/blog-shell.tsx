import type { ReactNode } from 'react';
import '../styles/base.css';
import { CopyrightFooter } from '../components/copyright-footer';
import { pagePath, type RouteSetKind } from '../routes/route-set';
import type { ThemedBlog } from './themed-blog';

/**
 * The frame every theme's pages share: the theme's header, the page, and the copyright footer
 * with the privacy link. The theme gives the header and its classes.
 */
export function BlogShell(props: {
  blog: ThemedBlog;
  routeSet: RouteSetKind;
  classes: { readonly shell?: string; readonly main?: string; readonly footer?: string };
  header: ReactNode;
  children?: ReactNode;
}) {
  const { routes, config } = props.blog;
  return (
    <div className={props.classes.shell}>
      {props.header}
      <main className={props.classes.main}>{props.children}</main>
      <CopyrightFooter
        brand={config.blog.BRAND}
        privacyHref={pagePath(routes, 'privacy', props.routeSet)}
        className={props.classes.footer}
      />
    </div>
  );
}
