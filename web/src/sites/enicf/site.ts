/** The game the landing page sends visitors to. */
export const GAME = 'Block Blast!';

/**
 * The button's own address, a slug of the link registry (content/links.toml): the server sends
 * each phone to its store from there when the page's script does not run.
 */
export const STORE_LINK_SLUG = 'block-blast';
