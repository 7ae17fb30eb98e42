import { checkArticleImages, loadArticles, siteImages } from '../../shared/content/load-content';
import { ArticleRoute, indexArticles, routeObjects } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import { lookupId } from '../../shared/routes/id-rule';
import { detailPath, pagePath } from '../../shared/routes/route-set';
import { ArticlePage } from './article-page';
import { HomePage } from './home-page';
import { kuponz1Routes } from './routes';
import { ARTICLE_RULES, BRAND, HOME_DESCRIPTION, HOME_TITLE, PREFETCH_ARTICLES } from './site';

export const prepare: PrepareSite = async (source) => {
  const articles = await loadArticles(source, 'kuponz1', ARTICLE_RULES);
  const index = indexArticles(articles);
  const images = siteImages(source, 'kuponz1');
  checkArticleImages(images, articles);
  const doc = (title: string, description: string, prefetch: readonly string[]) => ({
    title,
    description,
    lang: 'en',
    prefetch,
  });
  return {
    knownIds: { article: articles.map((a) => a.id) },
    routeObjects: ({ routeSet }) => {
      const home = pagePath(kuponz1Routes, 'home', routeSet);
      const firstArticles = articles
        .slice(0, PREFETCH_ARTICLES)
        .map((a) => detailPath(kuponz1Routes, 'article', routeSet, a.id));
      return routeObjects(kuponz1Routes, routeSet, {
        home: {
          element: <HomePage routeSet={routeSet} articles={articles} images={images} />,
          document: () => doc(HOME_TITLE, HOME_DESCRIPTION, firstArticles),
        },
        article: {
          element: (
            <ArticleRoute
              kind={ARTICLE_RULES.idKind}
              index={index}
              render={(article) => (
                <ArticlePage routeSet={routeSet} article={article} images={images} />
              )}
            />
          ),
          document: (params) => {
            const article = lookupId(ARTICLE_RULES.idKind, params.id, index);
            return article
              ? doc(`${article.title} | ${BRAND}`, article.excerpt, [home])
              : doc(BRAND, HOME_DESCRIPTION, []);
          },
        },
      });
    },
  };
};
