// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentDirFromEnv, loadArticles, loadOptional } from './load-content';
import { ContentError, parseFeatured } from './schema';

const fixtures = (name: string) =>
  fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
const RULES = { idKind: 'number', dateStyle: 'long', minSections: 3 } as const;

describe('loadArticles', () => {
  it('loads every article file of a site, sorted by id', async () => {
    const warnings: string[] = [];
    const source = { dir: fixtures('valid'), warn: (m: string) => warnings.push(m) };
    const articles = await loadArticles(source, 'tts1', RULES);
    expect(articles.map((a) => a.id)).toEqual(['1', '2', '10']);
    expect(articles[1]!.sections[0]!.image?.src).toBe('2-s1.svg');
    // 10.md has 3 sections x 2 paragraphs of ~50 words: under the 500 content/README.md asks for
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/tts1\/articles\/10\.md: \d+ words in its sections/);
    // Its links: one through the registry, one to another article of the blog.
    expect(articles[0]!.sections[0]!.blocks[0]).toMatchObject({
      p: expect.arrayContaining([
        { go: 'fixture-shop', children: ['the fixture shop'] },
        { article: '2', children: ['the second fixture'] },
      ]),
    });
  });

  it('returns nothing for a site with no content yet', async () => {
    const source = { dir: fixtures('valid'), warn: () => {} };
    expect(await loadArticles(source, 'tts3', RULES)).toEqual([]);
    expect(await loadArticles({ ...source, dir: fixtures('nowhere') }, 'tts1', RULES)).toEqual([]);
  });

  it('fails on an invalid file, naming the file and the line', async () => {
    const source = { dir: fixtures('invalid'), warn: () => {} };
    const error = await loadArticles(source, 'tts1', RULES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toMatch(
      /invalid\/tts1\/articles\/3\.md:23: raw HTML is not allowed in an article: <b>$/,
    );
  });

  it('fails on a link to an article the blog does not have', async () => {
    const source = { dir: fixtures('invalid-links'), warn: () => {} };
    await expect(loadArticles(source, 'tts1', RULES)).rejects.toThrow(
      /invalid-links\/tts1\/articles\/1\.md:13: no article "99" on tts1$/,
    );
  });

  it('leaves drafts out unread, and the preview takes them in', async () => {
    const source = { dir: fixtures('drafts'), warn: () => {} };
    // 4.md is half written (raw HTML, no image): a draft never stops a build of the rest.
    const published = await loadArticles(source, 'tts1', RULES);
    expect(published.map((a) => a.id)).toEqual(['2']);
    expect(published[0]!.draft).toBeUndefined();
    // The preview loads drafts, checked like any article: the half-written one names its problem.
    await expect(loadArticles({ ...source, drafts: true }, 'tts1', RULES)).rejects.toThrow(
      /drafts\/tts1\/articles\/4\.md:\d+: /,
    );
  });

  it('marks a draft the preview loads, and refuses a link from a published article to a draft', async () => {
    const source = { dir: fixtures('draft-links'), warn: () => {} };
    const preview = await loadArticles({ ...source, drafts: true }, 'tts1', RULES);
    expect(preview.map((a) => [a.id, a.draft])).toEqual([
      ['2', undefined],
      ['3', true],
    ]);
    await expect(loadArticles(source, 'tts1', RULES)).rejects.toThrow(
      /draft-links\/tts1\/articles\/2\.md:15: article "3" is a draft$/,
    );
  });

  it('fails on a file that is not a Markdown article (one not yet converted, say)', async () => {
    const source = { dir: fixtures('stray'), warn: () => {} };
    await expect(loadArticles(source, 'tts1', RULES)).rejects.toThrow(
      /stray\/tts1\/articles\/2\.json: an article is a Markdown file, <id>\.md$/,
    );
  });
});

describe('loadOptional', () => {
  it('parses a file that exists and returns null otherwise', async () => {
    const source = { dir: fixtures('valid'), warn: () => {} };
    expect(await loadOptional(source, 'tts1/featured.json', parseFeatured)).toEqual({
      article: '10',
      related: ['1', '2', '3', '4'],
    });
    expect(await loadOptional(source, 'tts2/featured.json', parseFeatured)).toBeNull();
  });
});

describe('contentDirFromEnv', () => {
  it('defaults to ../content from web/ and follows WAVESITES_CONTENT_DIR', () => {
    expect(contentDirFromEnv({}, '/w/web')).toBe('/w/content');
    expect(contentDirFromEnv({ WAVESITES_CONTENT_DIR: '/data/c' }, '/w/web')).toBe('/data/c');
    expect(contentDirFromEnv({ WAVESITES_CONTENT_DIR: 'fixtures' }, '/w/web')).toBe(
      '/w/web/fixtures',
    );
  });
});
