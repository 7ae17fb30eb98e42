import { themedSite } from '../../shared/blog/themed-site';
import s from './article-page.module.css';
import { HomePage } from './home-page';
import { Header } from './header';
import shell from './layout.module.css';
import { SIZES } from './site';

/**
 * The notebook theme: a slim bar with the brand's initial, a welcome banner and a list of
 * articles with their pictures beside them. Youadsmedia-Top (tts3) first wore it.
 */
export const prepare = themedSite('notebook', {
  Header,
  shell,
  Home: HomePage,
  article: { classes: s, sizes: { cover: SIZES.cover, section: SIZES.figure } },
});
