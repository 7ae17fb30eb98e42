import { checkArticleImages, loadArticles, siteImages } from '../../shared/content/load-content';
import { ArticleRoute, indexArticles, routeObjects } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import { lookupId } from '../../shared/routes/id-rule';
import { detailPath, pagePath } from '../../shared/routes/route-set';
import { ArticlePage } from './article-page';
import { HomePage } from './home-page';
import { tts3Routes } from './routes';
import {
  ARTICLE_RULES,
  BRAND,
  HOME_LIST_SIZE,
  HOME_DESCRIPTION,
  HOME_TITLE,
  PREFETCH_ARTICLES,
} from './site';

export const prepare: PrepareSite = async (source) => {
  const articles = await loadArticles(source, 'tts3', ARTICLE_RULES);
  const index = indexArticles(articles);
  const list = articles.slice(0, HOME_LIST_SIZE);
  const images = siteImages(source, 'tts3');
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
      const home = pagePath(tts3Routes, 'home', routeSet);
      const firstArticles = list
        .slice(0, PREFETCH_ARTICLES)
        .map((a) => detailPath(tts3Routes, 'article', routeSet, a.id));
      return routeObjects(tts3Routes, routeSet, {
        home: {
          element: <HomePage routeSet={routeSet} list={list} images={images} />,
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
