import { ArticleView } from '../../shared/components/article-view';
import type { Article, Section } from '../../shared/content/schema';
import type { VariantKind } from '../../shared/routes/route-set';
import { Layout } from './layout';
import s from './article-page.module.css';

/** An article, closed by the shop's two common sections; the tab bar stays on top. */
export function ArticlePage(props: {
  variant: VariantKind;
  article: Article | undefined;
  common: readonly Section[];
}) {
  return (
    <Layout variant={props.variant}>
      <div className={s.page}>
        <ArticleView article={props.article} closing={props.common} classes={s} />
      </div>
    </Layout>
  );
}
