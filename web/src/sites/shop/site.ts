import { themeSizes } from '../../shared/blog/theme-data';
import theme from './theme.toml';

/** The `sizes` of the theme's pictures (theme.toml). */
export const SIZES = themeSizes('shop', theme, ['list', 'franceRow', 'franceItem', 'article']);
