import {
  checkArticleImages,
  loadArticles,
  loadOptional,
  siteImages,
} from '../../shared/content/load-content';
import { parseFeatured, type Article } from '../../shared/content/schema';
import { ArticleRoute, indexArticles, routeObjects } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import { lookupId } from '../../shared/routes/id-rule';
import { detailPath, pagePath } from '../../shared/routes/route-set';
import { ArticlePage } from './article-page';
import { HomePage, type FeaturedBlock } from './home-page';
import { tts1Routes } from './routes';
import {
  ARTICLE_RULES,
  BRAND,
  HOME_DESCRIPTION,
  HOME_LIST_SIZE,
  HOME_TITLE,
  PREFETCH_ARTICLES,
} from './site';

export const prepare: PrepareSite = async (source) => {
  const articles = await loadArticles(source, 'tts1', ARTICLE_RULES);
  const index = indexArticles(articles);
  const featuredIds = await loadOptional(source, 'tts1/featured.json', parseFeatured);

  const find = (id: string): Article | undefined => {
    const article = index.get(id);
    if (article === undefined)
      source.warn(`tts1/featured.json: article ${id} does not exist (yet)`);
    return article;
  };
  const featuredArticle = featuredIds ? find(featuredIds.article) : undefined;
  const featured: FeaturedBlock | null = featuredArticle
    ? {
        article: featuredArticle,
        related: (featuredIds?.related ?? []).map(find).filter((a) => a !== undefined),
      }
    : null;
  const inFeatured = new Set(featuredIds ? [featuredIds.article, ...featuredIds.related] : []);
  const list = articles.filter((a) => !inFeatured.has(a.id)).slice(0, HOME_LIST_SIZE);
  const images = siteImages(source, 'tts1');
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
      const home = pagePath(tts1Routes, 'home', routeSet);
      // The articles above the fold of the home page, ready before the visitor clicks.
      const firstArticles = list
        .slice(0, PREFETCH_ARTICLES)
        .map((a) => detailPath(tts1Routes, 'article', routeSet, a.id));
      return routeObjects(tts1Routes, routeSet, {
        home: {
          element: <HomePage routeSet={routeSet} list={list} featured={featured} images={images} />,
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
