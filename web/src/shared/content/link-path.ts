/*
 * How pages write a link out (content/README.md, "The link registry"): kept apart from the
 * registry's parser so that a page's code takes these two lines and nothing of the build.
 */

/**
 * A link out is paid for, or may be: Google asks for rel="sponsored" on such links, and
 * "nofollow" keeps the redirect itself out of search.
 */
export const SPONSORED_REL = 'sponsored nofollow';

/** Where the server answers a slug: a redirect to its destination for the visitor's platform. */
export function linkPath(slug: string): string {
  return `/go/${slug}`;
}
