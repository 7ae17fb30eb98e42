import { loadArticles, loadOptional } from '../../shared/content/load-content';
import { parseFeatured, type Article } from '../../shared/content/schema';
import { ArticleRoute, indexArticles, routeObjects } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import { lookupId } from '../../shared/routes/id-rule';
import { ArticlePage } from './article-page';
import { HomePage, type FeaturedBlock } from './home-page';
import { tts1Routes } from './routes';
import { ARTICLE_RULES, BRAND, HOME_DESCRIPTION, HOME_LIST_SIZE, HOME_TITLE } from './site';

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

  const doc = (title: string, description: string) => ({ title, description, lang: 'en' });

  return {
    knownIds: { article: articles.map((a) => a.id) },
    routeObjects: ({ variant }) =>
      routeObjects(tts1Routes, variant, {
        home: {
          element: <HomePage variant={variant} list={list} featured={featured} />,
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
