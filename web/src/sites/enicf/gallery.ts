import board1 from './assets/board-1.svg?no-inline';
import board2 from './assets/board-2.svg?no-inline';
import board3 from './assets/board-3.svg?no-inline';
import board4 from './assets/board-4.svg?no-inline';

/** The store-listing pictures of the game (drawn for this page), in the order they are shown. */
export const GALLERY: readonly { src: string; alt: string }[] = [
  {
    src: board1,
    alt: 'A game in progress: coloured blocks in small groups on the 8 by 8 board, three pieces waiting in the tray below.',
  },
  {
    src: board2,
    alt: 'A full row glowing as it is about to clear, while a blue piece is dragged towards the gap that completes a column.',
  },
  {
    src: board3,
    alt: 'A combo: a row and a column burst into sparkles at once, with a star badge for the combo.',
  },
  {
    src: board4,
    alt: 'A nearly full board in bands of colour, with three gaps that the three pieces in the tray exactly fill.',
  },
];

/** The pictures' drawn size (a phone's screen, portrait). */
export const GALLERY_WIDTH = 360;
export const GALLERY_HEIGHT = 640;
