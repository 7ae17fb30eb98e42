import { blogRoutes } from '../../shared/blog/blog-routes';
import { blogSite } from '../../shared/blog/blog-site';
import { blogImages, loadBlog } from '../../shared/blog/load-blog';
import type { PrepareSite } from '../../shared/render/site-render';
import { ArticlePage } from './article-page';
import { HomePage } from './home-page';
import { Layout } from './layout';
import type { JournalBlog } from './theme';

/**
 * The journal theme: a centred masthead, a grid of cards with 'Read More →', a bookish article
 * page. Wayfarer Journal (tts2) first wore it; any content/<site>/site.toml may name it.
 */
export const prepare: PrepareSite = async (source, config) => {
  if (config === undefined) throw new Error('the journal theme renders a blog of site.toml');
  const routes = blogRoutes(config.site, config.blog.ARTICLE_RULES.idKind);
  const theme: JournalBlog = { routes, config };
  const blog = await loadBlog(source, routes, config.blog);
  const cards = blog.articles.slice(0, config.homeCards);
  const images = blogImages(source, blog);
  return blogSite(blog, ({ routeSet, home, article, privacy }) => ({
    home: home(<HomePage blog={theme} routeSet={routeSet} cards={cards} images={images} />, cards),
    article: article((a) => (
      <ArticlePage blog={theme} routeSet={routeSet} article={a} images={images} />
    )),
    privacy: privacy((notice) => (
      <Layout blog={theme} routeSet={routeSet}>
        {notice}
      </Layout>
    )),
  }));
};
