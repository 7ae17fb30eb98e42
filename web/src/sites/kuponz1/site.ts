import type { ArticleRules } from '../../shared/content/schema';

export const BRAND = 'Kuponz';
export const TAGLINE = 'Your Ultimate Guide to Smart Savings & Exclusive Deals';
export const ARTICLE_RULES: ArticleRules = { idKind: 'string', dateStyle: 'iso', minSections: 3 };
export const HOME_TITLE = `Kuponz — ${TAGLINE}`;
export const HOME_DESCRIPTION =
  'Kuponz: guides to coupons, promo codes and cashback, so you pay less for what you were going to buy anyway.';
