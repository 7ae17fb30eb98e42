import { sizesAttr } from '../../shared/images/responsive-image';

/**
 * The `sizes` of GlowBack's pictures, following the layout of its CSS (page width
 * min(100vw - 36px, max(62rem, 920px)), 1rem = 19/1920 of the viewport up to 38px).
 */
export const SIZES = {
  /** A card of the latest-articles grid: one, two or three columns. */
  card: sizesAttr([
    { media: '(max-width: 640px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 940px)', size: 'calc(50vw - 28px)' },
    { media: '(max-width: 1500px)', size: '300px' },
    { size: '20vw' },
  ]),
  /** The featured article's picture: the wider column of the featured block. */
  feature: sizesAttr([
    { media: '(max-width: 760px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1500px)', size: '530px' },
    { size: '36vw' },
  ]),
  /** A related item's thumbnail. */
  thumb: sizesAttr([{ media: '(min-width: 1700px)', size: '8vw' }, { size: '128px' }]),
  /** The article column of a detail page. */
  article: sizesAttr([
    { media: '(max-width: 716px)', size: 'calc(100vw - 36px)' },
    { media: '(max-width: 1636px)', size: '680px' },
    { size: '42vw' },
  ]),
};
