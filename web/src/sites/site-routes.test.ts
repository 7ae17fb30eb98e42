// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildRouteSets, NOT_FOUND_PAGE_ID, type KnownIds } from '../shared/routes/route-set';
import { SITE_ROUTES } from './site-routes';

/** The route sets of SPEC section 2 and CONTRACTS section 4, written out by hand. */
const TEST_ROUTES: Record<string, string> = {
  '/waveads/home': 'waveads-test-home',
  '/waveads/contact-us': 'waveads-test-contact-us',
  '/tts1/home': 'tts1-test-home',
  '/tts2/home': 'tts2-test-home',
  '/tts3/home': 'tts3-test-home',
  '/kuponz1/home': 'kuponz1-test-home',
  '/kuponz2/home': 'kuponz2-test-home',
  '/kuponz2/france': 'kuponz2-test-france',
  '/view/ecinf': 'enicf-test-landing',
};

const TEST_DETAILS = [
  ['/tts1/article-detail/', 'number', 'tts1'],
  ['/tts2/article-detail/', 'string', 'tts2'],
  ['/tts3/article-detail/', 'number', 'tts3'],
  ['/kuponz1/article_detail/', 'string', 'kuponz1'],
  ['/kuponz2/article-detail/', 'number', 'kuponz2'],
] as const;

const ONLINE: Record<
  string,
  { routes: Record<string, string>; detail?: [string, 'number' | 'string'] }
> = {
  waveads: {
    routes: {
      '/': 'waveads-online-home',
      '/home': 'waveads-online-home',
      '/contact-us': 'waveads-online-contact-us',
    },
  },
  tts1: {
    routes: { '/': 'tts1-online-home', '/home': 'tts1-online-home' },
    detail: ['/article-detail/', 'number'],
  },
  tts2: {
    routes: { '/': 'tts2-online-home', '/home': 'tts2-online-home' },
    detail: ['/article-detail/', 'string'],
  },
  tts3: {
    routes: { '/': 'tts3-online-home', '/home': 'tts3-online-home' },
    detail: ['/article-detail/', 'number'],
  },
  kuponz1: {
    routes: { '/': 'kuponz1-online-home', '/home': 'kuponz1-online-home' },
    detail: ['/article_detail/', 'string'],
  },
  kuponz2: {
    routes: {
      '/': 'kuponz2-online-home',
      '/home': 'kuponz2-online-home',
      '/france': 'kuponz2-online-france',
    },
    detail: ['/article-detail/', 'number'],
  },
  enicf: { routes: { '/': 'enicf-online-landing', '/view/ecinf': 'enicf-online-landing' } },
};

const IDS: KnownIds = {
  tts1: { article: ['1', '2', '10'] },
  tts2: { article: ['1', '10'] },
  tts3: { article: ['6'] },
  kuponz1: { article: ['11'] },
  kuponz2: { article: ['1', '9'] },
};

describe('the sites route sets', () => {
  const sets = buildRouteSets(SITE_ROUTES, IDS);

  it('has the test variant and one online variant per site', () => {
    expect(Object.keys(sets.variants)).toEqual([
      'test',
      'waveads',
      'tts1',
      'tts2',
      'tts3',
      'kuponz1',
      'kuponz2',
      'enicf',
    ]);
  });

  it('test variant: every site under its prefix, the 404 page for the rest', () => {
    const test = sets.variants.test!;
    expect(test.routes).toEqual(TEST_ROUTES);
    expect(test.details.map((d) => [d.prefix, d.id])).toEqual(TEST_DETAILS.map(([p, k]) => [p, k]));
    for (const [prefix, , site] of TEST_DETAILS) {
      const detail = test.details.find((d) => d.prefix === prefix)!;
      expect(detail.empty).toBe(`${site}-test-article-empty`);
      expect(detail.ids).toEqual(
        Object.fromEntries(
          (IDS[site]?.article ?? []).map((id) => [id, `${site}-test-article-${id}`]),
        ),
      );
    }
    expect(test.notFound).toBe(NOT_FOUND_PAGE_ID);
    expect(Object.keys(test.routes)).not.toContain('/');
  });

  it.each(Object.entries(ONLINE))('online variant of %s: only its own paths', (site, want) => {
    const online = sets.variants[site]!;
    expect(online.routes).toEqual(want.routes);
    expect(online.notFound).toBe(NOT_FOUND_PAGE_ID);
    if (want.detail) {
      expect(online.details).toHaveLength(1);
      const [prefix, kind] = want.detail;
      expect(online.details[0]).toMatchObject({
        prefix,
        id: kind,
        empty: `${site}-online-article-empty`,
      });
      expect(Object.keys(online.details[0]!.ids)).toEqual(IDS[site]?.article);
    } else {
      expect(online.details).toEqual([]);
    }
  });

  it('links inside a page stay in its variant', () => {
    const tts1 = sets.pages.filter(
      (p) => p.site === 'tts1' && p.page === 'article' && p.articleId === '1',
    );
    expect(tts1.map((p) => [p.variant, p.path])).toEqual([
      ['test', '/tts1/article-detail/1'],
      ['online', '/article-detail/1'],
    ]);
  });

  it('renders waveads once per language and everything else once', () => {
    const waveads = sets.pages.filter((p) => p.site === 'waveads');
    expect(waveads.map((p) => p.id)).toEqual([
      'waveads-test-home',
      'waveads-test-contact-us',
      'waveads-online-home',
      'waveads-online-contact-us',
    ]);
    for (const page of waveads) {
      expect(page.langs).toEqual({ list: ['en', 'ja', 'ko', 'es', 'pt'], default: 'en' });
      expect(page.file).toMatch(/\.\{lang\}\.html$/);
    }
    expect(sets.pages.filter((p) => p.site !== 'waveads' && p.langs)).toEqual([]);
  });

  it('gives every page a unique id and file', () => {
    const ids = sets.pages.map((p) => p.id);
    const files = sets.pages.map((p) => p.file);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(files).size).toBe(files.length);
    const perSite = Object.values(IDS).reduce((n, s) => n + (s.article?.length ?? 0), 0);
    // 2 waveads + 1 per blog home + kuponz2 france + 1 landing, and per detail page: ids + empty; x2 variants
    expect(sets.pages).toHaveLength(2 * (2 + 5 + 1 + 1 + perSite + 5));
  });
});
