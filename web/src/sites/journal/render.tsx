import { themedSite } from '../../shared/blog/themed-site';
import s from './article-page.module.css';
import { HomePage } from './home-page';
import { Header } from './header';
import shell from './layout.module.css';
import { SIZES } from './site';

/**
 * The journal theme: a centred masthead, a grid of cards with 'Read More →', a bookish article
 * page. Wayfarer Journal (tts2) first wore it; any content/<site>/site.toml may name it.
 */
export const prepare = themedSite('journal', {
  Header,
  shell,
  Home: HomePage,
  article: { classes: s, sizes: { cover: SIZES.cover, section: SIZES.figure } },
});
