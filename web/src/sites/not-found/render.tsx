import type { ReactElement } from 'react';
import '../../shared/styles/base.css';
import type { DocumentInfo } from '../../shared/render/site-render';
import s from './not-found-page.module.css';

/** docs/product.md's fallback texts, in Chinese. */
export const NOT_FOUND_HEADING = '404 - 页面未找到';
export const NOT_FOUND_TEXT = '您访问的页面不存在。';
/** "Back to the home page". */
export const HOME_LINK_TEXT = '返回首页';

/** Where a visitor goes from here: the site's home, or on the prefixed set each site's. */
export interface NotFoundLink {
  readonly href: string;
  readonly label: string;
}

export function NotFoundPage(props: { links: readonly NotFoundLink[] }) {
  return (
    <main className={s.page}>
      <div className={s.panel}>
        <p className={s.code} aria-hidden="true">
          404
        </p>
        <h1 className={s.heading}>{NOT_FOUND_HEADING}</h1>
        <p className={s.text}>{NOT_FOUND_TEXT}</p>
        <ul className={s.links}>
          {props.links.map((link) => (
            <li key={link.href}>
              <a className={s.link} href={link.href}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}

/**
 * A 404 page (status 404), never indexed. On a site's host its link leads home (`/`); the
 * prefixed set has no home of its own, so its 404 page links each site's entry there.
 */
export function renderNotFound(
  links: readonly NotFoundLink[] = [{ href: '/', label: HOME_LINK_TEXT }],
): { element: ReactElement; document: DocumentInfo } {
  return {
    element: <NotFoundPage links={links} />,
    document: {
      title: NOT_FOUND_HEADING,
      description: NOT_FOUND_TEXT,
      lang: 'zh-CN',
      noindex: true,
    },
  };
}
