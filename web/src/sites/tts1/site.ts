import type { ArticleRules } from '../../shared/content/schema';

export const BRAND = 'GlowBack';

export const ARTICLE_RULES: ArticleRules = { idKind: 'number', dateStyle: 'long', minSections: 3 };

/** Articles on the home list (SPEC: six). */
export const HOME_LIST_SIZE = 6;

export const HOME_TITLE = 'GlowBack — Beauty Guides with Cashback';
export const HOME_DESCRIPTION =
  'Skincare routines, makeup finds and fragrance picks from GlowBack, with cashback on the cosmetics you already buy.';
