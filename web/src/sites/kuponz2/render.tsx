import { loadArticles, loadOptional } from '../../shared/content/load-content';
import { parseCommonSections, parseFrance } from '../../shared/content/schema';
import { ArticleRoute, indexArticles, routeObjects } from '../../shared/render/route-objects';
import type { PrepareSite } from '../../shared/render/site-render';
import { lookupId } from '../../shared/routes/id-rule';
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
} from './site';

export const prepare: PrepareSite = async (source) => {
  const articles = await loadArticles(source, 'kuponz2', ARTICLE_RULES);
  const index = indexArticles(articles);
  const common = (await loadOptional(source, 'kuponz2/common.json', parseCommonSections)) ?? [];
  const france = await loadOptional(source, 'kuponz2/france.json', parseFrance);
  if (articles.length > 0 && common.length === 0) {
    source.warn(
      'kuponz2/common.json is missing: shop articles render without their closing sections',
    );
  }
  const doc = (title: string, description: string) => ({ title, description, lang: 'en' });
  return {
    knownIds: { article: articles.map((a) => a.id) },
    routeObjects: ({ variant }) =>
      routeObjects(kuponz2Routes, variant, {
        home: {
          element: <HomePage variant={variant} list={articles.slice(0, HOME_LIST_SIZE)} />,
          document: () => doc(HOME_TITLE, HOME_DESCRIPTION),
        },
        france: {
          element: <FrancePage variant={variant} france={france} />,
          document: () => doc(FRANCE_TITLE, FRANCE_BANNER),
        },
        article: {
          element: (
            <ArticleRoute
              kind={ARTICLE_RULES.idKind}
              index={index}
              render={(article) => (
                <ArticlePage variant={variant} article={article} common={common} />
              )}
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
