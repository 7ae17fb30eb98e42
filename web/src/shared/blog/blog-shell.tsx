import type { ReactNode } from 'react';
import '../styles/base.css';
import { CopyrightFooter } from '../components/copyright-footer';
import { pagePath, type RouteSetKind } from '../routes/route-set';
import frame from './blog-shell.module.css';
import { withShared } from './shared-classes';
import type { ThemedBlog } from './themed-blog';

/** The class of a header's row as wide as the page (a theme's header adds its own). */
export const headerBar = frame.bar;

/** The classes a theme gives the frame: around the page, around its content, the footer. */
export interface ShellClasses {
  readonly shell?: string | undefined;
  readonly main?: string | undefined;
  readonly footer?: string | undefined;
}

/**
 * The frame every theme's pages share: the theme's header, the page, and the copyright footer
 * with the privacy link. The theme gives the header and the classes (themedSite puts every page
 * in it).
 */
export function BlogShell(props: {
  blog: ThemedBlog;
  routeSet: RouteSetKind;
  classes: ShellClasses;
  header: ReactNode;
  children?: ReactNode;
}) {
  const { routes, config } = props.blog;
  const s = withShared(frame, props.classes);
  return (
    <div className={s.shell}>
      {props.header}
      <main className={s.main}>{props.children}</main>
      <CopyrightFooter
        brand={config.blog.BRAND}
        privacyHref={pagePath(routes, 'privacy', props.routeSet)}
        className={s.footer}
      />
    </div>
  );
}
