import { BlogArticle } from '../../shared/blog/blog-article';
import type { ImageLookup } from '../../shared/content/load-content';
import type { Article } from '../../shared/content/schema';
import type { RouteSetKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import { SIZES } from './site';
import type { JournalBlog } from './theme';
import s from './article-page.module.css';

export function ArticlePage(props: {
  blog: JournalBlog;
  routeSet: RouteSetKind;
  article: Article | undefined;
  images: ImageLookup;
}) {
  return (
    <Layout blog={props.blog} routeSet={props.routeSet}>
      <BlogArticle
        article={props.article}
        classes={s}
        images={props.images}
        sizes={{ cover: SIZES.cover, section: SIZES.figure }}
      />
    </Layout>
  );
}
