import { ArticleView } from '../../shared/components/article-view';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article, Section } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import type { RouteSetKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { SIZES } from './site';
import s from './article-page.module.css';

/** An article, closed by the shop's two common sections; the tab bar stays on top. */
export function ArticlePage(props: {
  routeSet: RouteSetKind;
  article: Article | undefined;
  common: readonly Section[];
  images: ImageLookup;
}) {
  return (
    <Layout routeSet={props.routeSet}>
      <div className={s.page}>
        <ArticleView
          article={props.article}
          closing={props.common}
          classes={s}
          media={(image, place) => (
            <Picture
              className={place === 'cover' ? s.cover : s.figure}
              image={props.images(image)}
              sizes={SIZES.article}
              priority={place === 'cover'}
            />
          )}
        />
      </div>
    </Layout>
  );
}
