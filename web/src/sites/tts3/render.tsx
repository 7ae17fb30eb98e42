import { blogSite } from '../../shared/blog/blog-site';
import { blogImages, loadBlog } from '../../shared/blog/load-blog';
import type { PrepareSite } from '../../shared/render/site-render';
import { ArticlePage } from './article-page';
import { Layout } from './layout';
import { HomePage } from './home-page';
import { tts3Routes } from './routes';
import * as site from './site';

export const prepare: PrepareSite = async (source) => {
  const blog = await loadBlog(source, tts3Routes, site);
  const list = blog.articles.slice(0, site.HOME_LIST_SIZE);
  const images = blogImages(source, blog);
  return blogSite(blog, ({ routeSet, home, article, privacy }) => ({
    home: home(<HomePage routeSet={routeSet} list={list} images={images} />, list),
    article: article((a) => <ArticlePage routeSet={routeSet} article={a} images={images} />),
    privacy: privacy((notice) => <Layout routeSet={routeSet}>{notice}</Layout>),
  }));
};
