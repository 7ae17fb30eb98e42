import { sizesAttr } from '../../shared/images/responsive-image';

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
