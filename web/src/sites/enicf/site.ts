/** The game the landing page sends visitors to. */
export const GAME = 'Block Blast!';
