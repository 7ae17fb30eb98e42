import type { Blog } from '../../shared/blog/load-blog';
import { themedSite } from '../../shared/blog/themed-site';
import { loadOptional, type ContentSource } from '../../shared/content/load-content';
import { parseFeatured, type Article, type Featured } from '../../shared/content/schema';
import s from './article-page.module.css';
import type { FeaturedBlock } from './featured-section';
import { HomePage } from './home-page';
import { Header } from './header';
import shell from './layout.module.css';
import { SIZES } from './site';

/** featured.json's block, leaving out (with a warning) the articles that do not exist yet. */
function featuredBlock(
  source: ContentSource,
  file: string,
  index: ReadonlyMap<string, Article>,
  ids: Featured | null,
): FeaturedBlock | null {
  const find = (id: string): Article | undefined => {
    const article = index.get(id);
    if (article === undefined) source.warn(`${file}: article ${id} does not exist (yet)`);
    return article;
  };
  const article = ids ? find(ids.article) : undefined;
  return article
    ? { article, related: (ids?.related ?? []).map(find).filter((a) => a !== undefined) }
    : null;
}

/**
 * The glow theme: a soft bar with tabs, a welcome banner, the latest articles and a featured
 * block of content/<site>/featured.json (one article, four related ones, not in the latest).
 * GlowBack (tts1) first wore it.
 */
export const prepare = themedSite('glow', {
  Header,
  shell,
  Home: HomePage,
  article: { classes: s, sizes: SIZES.article },
  extra: async (source: ContentSource, blog: Blog<string>) => {
    const file = `${blog.routes.site}/featured.json`;
    const ids = await loadOptional(source, file, parseFeatured);
    return {
      value: featuredBlock(source, file, blog.index, ids),
      notListed: new Set(ids ? [ids.article, ...ids.related] : []),
    };
  },
});
