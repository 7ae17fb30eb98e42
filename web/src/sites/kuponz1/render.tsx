import { blogSite } from '../../shared/blog/blog-site';
import { blogImages, loadBlog } from '../../shared/blog/load-blog';
import type { PrepareSite } from '../../shared/render/site-render';
import { ArticlePage } from './article-page';
import { Layout } from './layout';
import { HomePage } from './home-page';
import { kuponz1Routes } from './routes';
import * as site from './site';

export const prepare: PrepareSite = async (source) => {
  const blog = await loadBlog(source, kuponz1Routes, site);
  const { articles } = blog;
  const images = blogImages(source, blog);
  return blogSite(blog, ({ routeSet, home, article, privacy }) => ({
    home: home(<HomePage routeSet={routeSet} articles={articles} images={images} />, articles),
    article: article((a) => <ArticlePage routeSet={routeSet} article={a} images={images} />),
    privacy: privacy((notice) => (
      <Layout routeSet={routeSet} kind="detail">
        {notice}
      </Layout>
    )),
  }));
};
