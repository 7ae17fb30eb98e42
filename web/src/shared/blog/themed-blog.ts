import type { BlogConfig } from './blog-config';
import type { BlogRoutes } from './blog-routes';

/** What a theme's components know of the blog they render: its routes and its site.toml. */
export interface ThemedBlog {
  readonly routes: BlogRoutes;
  readonly config: BlogConfig;
}
