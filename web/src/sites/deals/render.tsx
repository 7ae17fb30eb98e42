import { themedSite } from '../../shared/blog/themed-site';
import s from './article-page.module.css';
import { HomePage } from './home-page';
import { Header } from './header';
import shell from './layout.module.css';
import { SIZES } from './site';

/**
 * The deals theme: a ticket-marked header with the tagline, every article as a coupon-shaped
 * card (the first across the row), a dark footer on lists and a white one on articles. Kuponz
 * (kuponz1) first wore it.
 */
export const prepare = themedSite('deals', {
  Header,
  // The footer is dark under lists and white under an article.
  shell: (kind) => ({ footer: kind === 'list' ? shell.dark : shell.white }),
  Home: HomePage,
  article: { classes: s, sizes: SIZES.article },
});
