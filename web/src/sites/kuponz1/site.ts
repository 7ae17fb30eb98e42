import type { ArticleRules } from '../../shared/content/schema';
import { sizesAttr } from '../../shared/images/responsive-image';

export const BRAND = 'Kuponz';
export const TAGLINE = 'Your Ultimate Guide to Smart Savings & Exclusive Deals';
export const ARTICLE_RULES: ArticleRules = { idKind: 'string', dateStyle: 'iso', minSections: 3 };
export const HOME_TITLE = `Kuponz — ${TAGLINE}`;
export const HOME_DESCRIPTION =
  'Kuponz: guides to coupons, promo codes and cashback, so you pay less for what you were going to buy anyway.';
/** Home page: how many of the first articles are prefetched (those above the fold). */
export const PREFETCH_ARTICLES = 3;

/**
 * The `sizes` of the pictures, following the CSS: page width min(100vw - 36px, max(64rem, 960px))
 * in one, two or three columns, the first card across the row from three columns up, with its
 * picture beside its text; the article card is max(44rem, 700px) wide with its padding inside.
 */
export const SIZES = {
  card: sizesAttr([
    { media: '(max-width: 620px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 940px)', size: 'calc(50vw - 28px)' },
    { media: '(max-width: 1520px)', size: '310px' },
    { size: '20vw' },
  ]),
  lead: sizesAttr([
    { media: '(max-width: 620px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 940px)', size: 'calc(50vw - 28px)' },
    { media: '(max-width: 1520px)', size: '500px' },
    { size: '33vw' },
  ]),
  article: sizesAttr([
    { media: '(max-width: 736px)', size: 'calc(100vw - 80px)' },
    { media: '(max-width: 1580px)', size: '650px' },
    { size: '40vw' },
  ]),
};
