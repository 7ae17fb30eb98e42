// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Article } from '../content/schema';
import { defineRoutes } from '../routes/route-set';
import { articleNav, readingMinutes } from './article-context';
import type { Blog } from './load-blog';

const routes = defineRoutes({
  site: 'blog',
  pages: [{ page: 'home', prefixed: ['/blog/home'], online: ['/'] }],
  details: [{ page: 'article', prefixed: '/blog/post/', online: '/post/', id: 'number' }],
});

/** A blog of `count` articles in its order: newest first, so T1 is the newest. */
function blogOf(count: number): Blog<string> {
  const articles = Array.from(
    { length: count },
    (_, i) => ({ id: String(i + 1), title: `T${i + 1}` }) as Article,
  );
  return { routes, articles } as unknown as Blog<string>;
}

describe('articleNav', () => {
  it('links the older one as previous and the newer one as next, then older ones, wrapping round', () => {
    const blog = blogOf(8);
    const nav = articleNav(blog, blog.articles[6]!, 'online');
    expect(nav.previous).toEqual({ title: 'T8', href: '/post/8' });
    expect(nav.next).toEqual({ title: 'T6', href: '/post/6' });
    expect(nav.more.map((l) => l.href)).toEqual(['/post/1', '/post/2', '/post/3']);
  });

  it('has no next for the newest, no previous for the oldest, and never the article itself', () => {
    const blog = blogOf(4);
    const newest = articleNav(blog, blog.articles[0]!, 'prefixed');
    expect(newest.next).toBeUndefined();
    expect(newest.previous?.href).toBe('/blog/post/2');
    expect(newest.more.map((l) => l.title)).toEqual(['T3', 'T4']);
    const oldest = articleNav(blog, blog.articles[3]!, 'online');
    expect(oldest.previous).toBeUndefined();
    expect(oldest.next?.title).toBe('T3');
    expect(oldest.more.map((l) => l.title)).toEqual(['T2', 'T1']);
  });

  it('reaches every other article within ceil((n - 1) / 4) clicks', () => {
    for (const count of [1, 2, 5, 9, 13, 30]) {
      const blog = blogOf(count);
      const next = (id: string) => {
        const nav = articleNav(blog, blog.articles[Number(id) - 1]!, 'online');
        return [nav.previous, nav.next, ...nav.more]
          .filter((l) => l !== undefined)
          .map((l) => l.href.slice('/post/'.length));
      };
      for (const from of blog.articles) {
        const depth = new Map([[from.id, 0]]);
        const queue = [from.id];
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          for (const to of next(id)) {
            if (!depth.has(to)) {
              depth.set(to, depth.get(id)! + 1);
              queue.push(to);
            }
          }
        }
        expect(depth.size).toBe(count);
        expect(Math.max(...depth.values())).toBeLessThanOrEqual(Math.ceil((count - 1) / 4));
      }
    }
  });
});

describe('readingMinutes', () => {
  it('reads 220 words a minute, never less than one minute', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(220 * 4)).toBe(4);
    expect(readingMinutes(220 * 4 + 120)).toBe(5);
  });
});
