import type { ArticleRules } from '../../shared/content/schema';
import { sizesAttr } from '../../shared/images/responsive-image';

export const BRAND = 'Wayfarer Journal';
export const ARTICLE_RULES: ArticleRules = { idKind: 'string', dateStyle: 'iso', minSections: 3 };
/** Cards on the home grid (docs/product.md: eight). */
export const HOME_CARDS = 8;
/** Home page: how many of the first articles are prefetched (those above the fold). */
export const PREFETCH_ARTICLES = 4;
export const HOME_TITLE = 'Wayfarer Journal — Travel Stories and Practical Guides';
export const HOME_DESCRIPTION =
  'Wayfarer Journal: travel stories, routes and practical guides for planning your next trip.';

/**
 * The `sizes` of the journal's pictures, following its CSS: page width
 * min(100vw - 36px, max(70rem, 1080px)); the grid has one, two or four columns.
 */
export const SIZES = {
  card: sizesAttr([
    { media: '(max-width: 560px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1000px)', size: 'calc(50vw - 28px)' },
    { media: '(max-width: 1560px)', size: '255px' },
    { size: '17vw' },
  ]),
  /** The cover runs wider than the text column. */
  cover: sizesAttr([
    { media: '(max-width: 916px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1700px)', size: '880px' },
    { size: '52vw' },
  ]),
  figure: sizesAttr([
    { media: '(max-width: 696px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1600px)', size: '660px' },
    { size: '40vw' },
  ]),
};
