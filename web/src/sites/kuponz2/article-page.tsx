import { BlogArticle } from '../../shared/blog/blog-article';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article, Section } from '../../shared/content/schema';
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
      <BlogArticle
        article={props.article}
        closing={props.common}
        classes={s}
        images={props.images}
        sizes={SIZES.article}
      />
    </Layout>
  );
}
