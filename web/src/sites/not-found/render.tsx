import type { ReactElement } from 'react';
import '../../shared/styles/base.css';
import type { DocumentInfo } from '../../shared/render/site-render';
import s from './not-found-page.module.css';

/** docs/product.md's fallback texts, in Chinese. */
export const NOT_FOUND_HEADING = '404 - 页面未找到';
export const NOT_FOUND_TEXT = '您访问的页面不存在。';

export function NotFoundPage() {
  return (
    <main className={s.page}>
      <div className={s.panel}>
        <p className={s.code} aria-hidden="true">
          404
        </p>
        <h1 className={s.heading}>{NOT_FOUND_HEADING}</h1>
        <p className={s.text}>{NOT_FOUND_TEXT}</p>
      </div>
    </main>
  );
}

/** The one 404 page every route set answers with (status 404). */
export function renderNotFound(): { element: ReactElement; document: DocumentInfo } {
  return {
    element: <NotFoundPage />,
    document: { title: NOT_FOUND_HEADING, description: NOT_FOUND_TEXT, lang: 'zh-CN' },
  };
}
