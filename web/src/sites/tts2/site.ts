import type { ArticleRules } from '../../shared/content/schema';

export const BRAND = 'Wayfarer Journal';
export const ARTICLE_RULES: ArticleRules = { idKind: 'string', dateStyle: 'iso', minSections: 3 };
/** Cards on the home grid (SPEC: eight). */
export const HOME_CARDS = 8;
export const HOME_TITLE = 'Wayfarer Journal — Travel Stories and Practical Guides';
export const HOME_DESCRIPTION =
  'Wayfarer Journal: travel stories, routes and practical guides for planning your next trip.';
