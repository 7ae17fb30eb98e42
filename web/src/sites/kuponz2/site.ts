import type { ArticleRules } from '../../shared/content/schema';

export const BRAND = 'Kuponz Beauty';
export const ARTICLE_RULES: ArticleRules = { idKind: 'number', dateStyle: 'long', minSections: 2 };
/** Articles on the home list (SPEC: ten). */
export const HOME_LIST_SIZE = 10;
export const FRANCE_BANNER =
  'Discover timeless beauty, rich culture, and romantic landscapes that inspire wanderlust.';
export const HOME_TITLE = 'Kuponz Beauty — Cosmetics with Cashback Rewards';
export const HOME_DESCRIPTION =
  'Kuponz Beauty: skincare, makeup and fragrance guides, with cashback rewards on the cosmetics you buy.';
export const FRANCE_TITLE = 'France — Kuponz Beauty';
