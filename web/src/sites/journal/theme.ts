import type { BlogConfig } from '../../shared/blog/blog-config';
import type { BlogRoutes } from '../../shared/blog/blog-routes';

/** What the journal's components know of the blog they render: its routes and its site.toml. */
export interface JournalBlog {
  readonly routes: BlogRoutes;
  readonly config: BlogConfig;
}
