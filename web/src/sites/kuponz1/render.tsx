import { loadArticles } from '../../shared/content/load-content';
import { ArticleRoute, indexArticles, routeObjects } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import { lookupId } from '../../shared/routes/id-rule';
import { ArticlePage } from './article-page';
import { HomePage } from './home-page';
import { kuponz1Routes } from './routes';
import { ARTICLE_RULES, BRAND, HOME_DESCRIPTION, HOME_TITLE } from './site';

export const prepare: PrepareSite = async (source) => {
  const articles = await loadArticles(source, 'kuponz1', ARTICLE_RULES);
  const index = indexArticles(articles);
  const doc = (title: string, description: string) => ({ title, description, lang: 'en' });
  return {
    knownIds: { article: articles.map((a) => a.id) },
    routeObjects: ({ variant }) =>
      routeObjects(kuponz1Routes, variant, {
        home: {
          element: <HomePage variant={variant} articles={articles} />,
          document: () => doc(HOME_TITLE, HOME_DESCRIPTION),
        },
        article: {
          element: (
            <ArticleRoute
              kind={ARTICLE_RULES.idKind}
              index={index}
              render={(article) => <ArticlePage variant={variant} article={article} />}
            />
          ),
          document: (params) => {
            const article = lookupId(ARTICLE_RULES.idKind, params.id, index);
            return article
              ? doc(`${article.title} | ${BRAND}`, article.excerpt)
              : doc(BRAND, HOME_DESCRIPTION);
          },
        },
      }),
  };
};
