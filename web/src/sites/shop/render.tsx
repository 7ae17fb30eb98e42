import { themedSite } from '../../shared/blog/themed-site';
import s from './article-page.module.css';
import { FrancePage } from './france-page';
import { HomePage } from './home-page';
import { Header } from './header';
import shell from './layout.module.css';
import { loadShopExtra } from './shop-extra';
import { SIZES } from './site';

/**
 * The shop theme: a plum header with the brand's last word set apart and a tab bar, a banner and
 * a list of articles, each article closed by the shop's common sections (common.json), and a
 * France page of rows (a tab `france`, france.json). Kuponz Beauty (kuponz2) first wore it.
 */
export const prepare = themedSite('shop', {
  Header,
  shell,
  Home: HomePage,
  article: { classes: s, sizes: SIZES.article },
  extra: loadShopExtra,
  pages: { france: FrancePage },
});
