import {
  checkArticleImages,
  loadArticles,
  loadOptional,
  siteImages,
} from '../../shared/content/load-content';
import { parseCommonSections, parseFrance } from '../../shared/content/schema';
import { ArticleRoute, indexArticles, routeObjects } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import { lookupId } from '../../shared/routes/id-rule';
import { detailPath, pagePath } from '../../shared/routes/route-set';
import { ArticlePage } from './article-page';
import { FrancePage } from './france-page';
import { HomePage } from './home-page';
import { kuponz2Routes } from './routes';
import {
  ARTICLE_RULES,
  BRAND,
  FRANCE_BANNER,
  FRANCE_TITLE,
  HOME_DESCRIPTION,
  HOME_LIST_SIZE,
  HOME_TITLE,
  PREFETCH_ARTICLES,
} from './site';

export const prepare: PrepareSite = async (source) => {
  const articles = await loadArticles(source, 'kuponz2', ARTICLE_RULES);
  const index = indexArticles(articles);
  const list = articles.slice(0, HOME_LIST_SIZE);
  const common = (await loadOptional(source, 'kuponz2/common.json', parseCommonSections)) ?? [];
  const france = await loadOptional(source, 'kuponz2/france.json', parseFrance);
  if (articles.length > 0 && common.length === 0) {
    source.warn(
      'kuponz2/common.json is missing: shop articles render without their closing sections',
    );
  }
  const images = siteImages(source, 'kuponz2');
  checkArticleImages(images, articles, common);
  for (const row of france?.rows ?? []) [row, ...row.items].forEach((item) => images(item.image));

  const doc = (title: string, description: string, prefetch: readonly string[]) => ({
    title,
    description,
    lang: 'en',
    prefetch,
  });
  return {
    knownIds: { article: articles.map((a) => a.id) },
    routeObjects: ({ routeSet }) => {
      const home = pagePath(kuponz2Routes, 'home', routeSet);
      const francePath = pagePath(kuponz2Routes, 'france', routeSet);
      const firstArticles = list
        .slice(0, PREFETCH_ARTICLES)
        .map((a) => detailPath(kuponz2Routes, 'article', routeSet, a.id));
      return routeObjects(kuponz2Routes, routeSet, {
        home: {
          element: <HomePage routeSet={routeSet} list={list} images={images} />,
          document: () => doc(HOME_TITLE, HOME_DESCRIPTION, [...firstArticles, francePath]),
        },
        france: {
          element: <FrancePage routeSet={routeSet} france={france} images={images} />,
          document: () => doc(FRANCE_TITLE, FRANCE_BANNER, [home]),
        },
        article: {
          element: (
            <ArticleRoute
              kind={ARTICLE_RULES.idKind}
              index={index}
              render={(article) => (
                <ArticlePage
                  routeSet={routeSet}
                  article={article}
                  common={common}
                  images={images}
                />
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
