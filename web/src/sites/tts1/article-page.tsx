import { ArticleView } from '../../shared/components/article-view';
import type { Article } from '../../shared/content/schema';
import type { VariantKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import s from './article-page.module.css';

export function ArticlePage(props: { variant: VariantKind; article: Article | undefined }) {
  return (
    <Layout variant={props.variant}>
      <div className={s.page}>
        <ArticleView article={props.article} classes={s} />
      </div>
    </Layout>
  );
}
