// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentDirFromEnv, loadArticles, loadLinks } from '../shared/content/load-content';
import type { Article, ArticleRules, Block, Inline } from '../shared/content/schema';
import { SITES } from './registry';

const rulesOf = (name: string): ArticleRules =>
  SITES.find((s) => s.routes.site === name)!.blog!.blog.ARTICLE_RULES;

/**
 * The shipped content links out: every article of the five blogs sends its reader somewhere
 * through the link registry, and each blog names at least 8 distinct destinations.
 */
const source = { dir: contentDirFromEnv(), warn: () => {} };
/** Each blog's article rules, from its site.toml or its code. */
const BLOGS: Record<string, ArticleRules> = Object.fromEntries(
  ['tts1', 'tts2', 'tts3', 'kuponz1', 'kuponz2'].map((name) => [name, rulesOf(name)]),
);

function slugsOf(nodes: readonly Inline[], out: string[]): string[] {
  for (const n of nodes) {
    if (typeof n === 'string') continue;
    if ('go' in n) out.push(n.go);
    for (const key of ['em', 'strong', 'children'] as const) {
      if (key in n) slugsOf((n as Record<typeof key, readonly Inline[]>)[key], out);
    }
  }
  return out;
}

const blockSlugs = (b: Block, out: string[]) =>
  'p' in b ? slugsOf(b.p, out) : b.items.forEach((item) => slugsOf(item, out));

export function articleSlugs(article: Article): string[] {
  const out: string[] = [];
  for (const s of article.sections) for (const b of s.blocks) blockSlugs(b, out);
  return out;
}

describe('the blogs link out', () => {
  for (const [site, rules] of Object.entries(BLOGS)) {
    it(`${site}: every article has a link out, and the blog at least 8 destinations`, async () => {
      const articles = await loadArticles(source, site, rules);
      const distinct = new Set<string>();
      for (const a of articles) {
        const slugs = articleSlugs(a);
        expect(slugs.length, `${site}/articles/${a.id}.md has no [text](go:slug)`).toBeGreaterThan(
          0,
        );
        slugs.forEach((s) => distinct.add(s));
      }
      expect(distinct.size).toBeGreaterThanOrEqual(8);
    });
  }

  it('every registry destination is https on a public host (checked when it is parsed)', async () => {
    const links = await loadLinks(source);
    for (const [, d] of links) {
      for (const url of [d.url, d.ios, d.android]) {
        if (url !== undefined && !url.startsWith('{{'))
          expect(new URL(url).protocol).toBe('https:');
      }
    }
  });
});
