import { ArticleView } from '../../shared/components/article-view';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import { Picture } from '../../shared/images/picture';
import type { RouteSetKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { SIZES } from './site';
import s from './article-page.module.css';

export function ArticlePage(props: {
  routeSet: RouteSetKind;
  article: Article | undefined;
  images: ImageLookup;
}) {
  return (
    <Layout routeSet={props.routeSet}>
      <div className={s.page}>
        <ArticleView
          article={props.article}
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
