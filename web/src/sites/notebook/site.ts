import { sizesAttr } from '../../shared/images/responsive-image';

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
