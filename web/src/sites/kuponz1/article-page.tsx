import { BlogArticle } from '../../shared/blog/blog-article';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import type { RouteSetKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { SIZES } from './site';
import s from './article-page.module.css';

/** An article: featured image, title, date, sections; the layout's white footer. */
export function ArticlePage(props: {
  routeSet: RouteSetKind;
  article: Article | undefined;
  images: ImageLookup;
}) {
  return (
    <Layout routeSet={props.routeSet} kind="detail">
      <BlogArticle
        article={props.article}
        classes={s}
        images={props.images}
        sizes={SIZES.article}
      />
    </Layout>
  );
}
