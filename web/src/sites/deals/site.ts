import { sizesAttr } from '../../shared/images/responsive-image';

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
