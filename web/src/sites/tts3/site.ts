import type { ArticleRules } from '../../shared/content/schema';
import { sizesAttr } from '../../shared/images/responsive-image';

export const BRAND = 'Youadsmedia-Top';
export const ARTICLE_RULES: ArticleRules = { idKind: 'number', dateStyle: 'long', minSections: 3 };
/** Articles on the home list (docs/product.md: six). */
export const HOME_LIST_SIZE = 6;
/** Home page: how many of the first articles are prefetched (those above the fold). */
export const PREFETCH_ARTICLES = 2;
export const HOME_TITLE = 'Youadsmedia-Top — Lifestyle Ideas for Everyday Living';
export const HOME_DESCRIPTION =
  'Youadsmedia-Top: lifestyle articles on home, wellbeing, food and everyday living.';

/**
 * The `sizes` of the pictures, following the CSS: page width min(100vw - 36px, max(60rem, 900px));
 * a list item's picture takes 40% of the row from 700px up.
 */
export const SIZES = {
  list: sizesAttr([
    { media: '(max-width: 700px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1500px)', size: '360px' },
    { size: '24vw' },
  ]),
  cover: sizesAttr([
    { media: '(max-width: 716px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1636px)', size: '680px' },
    { size: '42vw' },
  ]),
  figure: sizesAttr([
    { media: '(max-width: 716px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1636px)', size: '680px' },
    { size: '42vw' },
  ]),
};
