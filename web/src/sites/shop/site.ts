import { sizesAttr } from '../../shared/images/responsive-image';

/**
 * The `sizes` of the pictures, following the CSS: page width min(100vw - 36px, max(62rem, 940px)).
 */
export const SIZES = {
  /** A list item's picture: a third of the row, the full width on phones. */
  list: sizesAttr([
    { media: '(max-width: 640px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1500px)', size: '300px' },
    { size: '20vw' },
  ]),
  /** A France row's large picture: three fifths of the row from 760px up. */
  franceRow: sizesAttr([
    { media: '(max-width: 760px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1500px)', size: '560px' },
    { size: '37vw' },
  ]),
  /** A France sub-item's thumbnail. */
  franceItem: sizesAttr([{ media: '(min-width: 1700px)', size: '8vw' }, { size: '128px' }]),
  article: sizesAttr([
    { media: '(max-width: 716px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1636px)', size: '680px' },
    { size: '42vw' },
  ]),
};
