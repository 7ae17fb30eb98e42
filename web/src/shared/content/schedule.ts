import type { Article } from './schema';

/**
 * Which articles a blog shows at a moment, from their front matter: an article is live from its
 * `date` when that is a moment (else at once) until its `expires`. Before, it is not published
 * (its address is the 404 page); after, it is gone (410). The build renders the blog once for
 * each stretch between the moments where this changes (switchTimes), and the server switches
 * from one to the next at those moments.
 */
export interface Edition {
  readonly live: readonly Article[];
  /** Ids of articles that have expired: their addresses answer 410 Gone. */
  readonly gone: readonly string[];
}

export function editionAt(articles: readonly Article[], at: number): Edition {
  const live: Article[] = [];
  const gone: string[] = [];
  for (const a of articles) {
    if (a.expiresAt !== undefined && a.expiresAt <= at) gone.push(a.id);
    else if (a.publishAt === undefined || a.publishAt <= at) live.push(a);
  }
  return { live, gone };
}

/**
 * The writer's preview at a moment: every article not yet expired is live, drafts (which only
 * the preview loads) and those still to come marked for the band their page shows.
 */
export function previewAt(articles: readonly Article[], at: number): Edition {
  const live: Article[] = [];
  const gone: string[] = [];
  for (const a of articles) {
    if (a.expiresAt !== undefined && a.expiresAt <= at) gone.push(a.id);
    else if (a.draft === true) live.push({ ...a, preview: 'draft' });
    else if (a.publishAt !== undefined && a.publishAt > at)
      live.push({ ...a, preview: 'scheduled' });
    else live.push(a);
  }
  return { live, gone };
}

/** The moments after `after` at which some article goes live or expires, in order, once each. */
export function switchTimes(articles: readonly Article[], after: number): number[] {
  const times = new Set<number>();
  for (const a of articles) {
    for (const t of [a.publishAt, a.expiresAt]) {
      if (t !== undefined && t > after) times.add(t);
    }
  }
  return [...times].sort((x, y) => x - y);
}
