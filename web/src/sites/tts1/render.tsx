import { blogSite } from '../../shared/blog/blog-site';
import { blogImages, loadBlog } from '../../shared/blog/load-blog';
import { loadOptional, type ContentSource } from '../../shared/content/load-content';
import { parseFeatured, type Article, type Featured } from '../../shared/content/schema';
import type { PrepareSite } from '../../shared/render/site-render';
import { ArticlePage } from './article-page';
import { Layout } from './layout';
import type { FeaturedBlock } from './featured-section';
import { HomePage } from './home-page';
import { tts1Routes } from './routes';
import * as site from './site';

/** featured.json's block, leaving out (with a warning) the articles that do not exist yet. */
function featuredBlock(
  source: ContentSource,
  index: ReadonlyMap<string, Article>,
  ids: Featured | null,
): FeaturedBlock | null {
  const find = (id: string): Article | undefined => {
    const article = index.get(id);
    if (article === undefined)
      source.warn(`tts1/featured.json: article ${id} does not exist (yet)`);
    return article;
  };
  const article = ids ? find(ids.article) : undefined;
  return article
    ? { article, related: (ids?.related ?? []).map(find).filter((a) => a !== undefined) }
    : null;
}

export const prepare: PrepareSite = async (source) => {
  const blog = await loadBlog(source, tts1Routes, site);
  const featuredIds = await loadOptional(source, 'tts1/featured.json', parseFeatured);
  const featured = featuredBlock(source, blog.index, featuredIds);
  const inFeatured = new Set(featuredIds ? [featuredIds.article, ...featuredIds.related] : []);
  const list = blog.articles.filter((a) => !inFeatured.has(a.id)).slice(0, site.HOME_LIST_SIZE);
  const images = blogImages(source, blog);
  return blogSite(blog, ({ routeSet, home, article, privacy }) => ({
    home: home(
      <HomePage routeSet={routeSet} list={list} featured={featured} images={images} />,
      list,
    ),
    article: article((a) => <ArticlePage routeSet={routeSet} article={a} images={images} />),
    privacy: privacy((notice) => <Layout routeSet={routeSet}>{notice}</Layout>),
  }));
};
