import { blogSite } from '../../shared/blog/blog-site';
import { blogImages, loadBlog } from '../../shared/blog/load-blog';
import { loadOptional } from '../../shared/content/load-content';
import { parseCommonSections, parseFrance } from '../../shared/content/schema';
import type { PrepareSite } from '../../shared/render/site-render';
import { pagePath } from '../../shared/routes/route-set';
import { ArticlePage } from './article-page';
import { Layout } from './layout';
import { FrancePage } from './france-page';
import { HomePage } from './home-page';
import { kuponz2Routes } from './routes';
import * as site from './site';

export const prepare: PrepareSite = async (source) => {
  const blog = await loadBlog(source, kuponz2Routes, site);
  const list = blog.articles.slice(0, site.HOME_LIST_SIZE);
  const common = (await loadOptional(source, 'kuponz2/common.json', parseCommonSections)) ?? [];
  const france = await loadOptional(source, 'kuponz2/france.json', parseFrance);
  if (blog.articles.length > 0 && common.length === 0) {
    source.warn(
      'kuponz2/common.json is missing: shop articles render without their closing sections',
    );
  }
  const images = blogImages(source, blog, common);
  for (const row of france?.rows ?? []) [row, ...row.items].forEach((item) => images(item.image));

  return blogSite(blog, ({ routeSet, home, article, other, privacy }) => ({
    home: home(<HomePage routeSet={routeSet} list={list} images={images} />, list, [
      pagePath(kuponz2Routes, 'france', routeSet),
    ]),
    france: other(
      'france',
      <FrancePage routeSet={routeSet} france={france} images={images} />,
      site.FRANCE_TITLE,
      site.FRANCE_BANNER,
    ),
    article: article((a) => (
      <ArticlePage routeSet={routeSet} article={a} common={common} images={images} />
    )),
    privacy: privacy((notice) => <Layout routeSet={routeSet}>{notice}</Layout>),
  }));
};
