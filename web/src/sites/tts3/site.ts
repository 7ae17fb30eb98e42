import type { ArticleRules } from '../../shared/content/schema';

export const BRAND = 'Youadsmedia-Top';
export const ARTICLE_RULES: ArticleRules = { idKind: 'number', dateStyle: 'long', minSections: 3 };
/** Articles on the home list (SPEC: six). */
export const HOME_LIST_SIZE = 6;
export const HOME_TITLE = 'Youadsmedia-Top — Lifestyle Ideas for Everyday Living';
export const HOME_DESCRIPTION =
  'Youadsmedia-Top: lifestyle articles on home, wellbeing, food and everyday living.';
