// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  buildRouting,
  NOT_FOUND_PAGE_ID,
  PREFIXED_NOT_FOUND_PAGE_ID,
  type KnownIds,
} from '../shared/routes/route-set';
import { readdirSync } from 'node:fs';
import { THEMES } from '../shared/blog/blog-config';
import { NOT_FOUND_MODULE, renderModule, SITES } from './registry';

const SITE_ROUTES = SITES.map((s) => s.routes);

/** The route sets of docs/routes.md, written out by hand. */
const OTHER_LANGS = ['ja', 'ko', 'es', 'pt'] as const;

const TEST_ROUTES: Record<string, string> = {
  '/waveads/home': 'waveads-prefixed-home',
  '/waveads/contact-us': 'waveads-prefixed-contact-us',
  '/waveads/privacy': 'waveads-prefixed-privacy',
  ...Object.fromEntries(
    OTHER_LANGS.flatMap((l) => [
      [`/waveads/${l}/home`, `waveads-prefixed-home-${l}`],
      [`/waveads/${l}/contact-us`, `waveads-prefixed-contact-us-${l}`],
      [`/waveads/${l}/privacy`, `waveads-prefixed-privacy-${l}`],
    ]),
  ),
  '/tts1/home': 'tts1-prefixed-home',
  '/tts1/privacy': 'tts1-prefixed-privacy',
  '/tts2/home': 'tts2-prefixed-home',
  '/tts2/privacy': 'tts2-prefixed-privacy',
  '/tts3/home': 'tts3-prefixed-home',
  '/tts3/privacy': 'tts3-prefixed-privacy',
  '/kuponz1/home': 'kuponz1-prefixed-home',
  '/kuponz1/privacy': 'kuponz1-prefixed-privacy',
  '/kuponz2/home': 'kuponz2-prefixed-home',
  '/kuponz2/france': 'kuponz2-prefixed-france',
  '/kuponz2/privacy': 'kuponz2-prefixed-privacy',
  '/view/ecinf': 'enicf-prefixed-landing',
  '/enicf/privacy': 'enicf-prefixed-privacy',
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
      '/privacy': 'waveads-online-privacy',
      // Every other language at its own URL: /ja (linked as /ja/), /ja/home, /ja/contact-us.
      ...Object.fromEntries(
        OTHER_LANGS.flatMap((l) => [
          [`/${l}`, `waveads-online-home-${l}`],
          [`/${l}/home`, `waveads-online-home-${l}`],
          [`/${l}/contact-us`, `waveads-online-contact-us-${l}`],
          [`/${l}/privacy`, `waveads-online-privacy-${l}`],
        ]),
      ),
    },
  },
  tts1: {
    routes: {
      '/': 'tts1-online-home',
      '/home': 'tts1-online-home',
      '/privacy': 'tts1-online-privacy',
    },
    detail: ['/article-detail/', 'number'],
  },
  tts2: {
    routes: {
      '/': 'tts2-online-home',
      '/home': 'tts2-online-home',
      '/privacy': 'tts2-online-privacy',
    },
    detail: ['/article-detail/', 'string'],
  },
  tts3: {
    routes: {
      '/': 'tts3-online-home',
      '/home': 'tts3-online-home',
      '/privacy': 'tts3-online-privacy',
    },
    detail: ['/article-detail/', 'number'],
  },
  kuponz1: {
    routes: {
      '/': 'kuponz1-online-home',
      '/home': 'kuponz1-online-home',
      '/privacy': 'kuponz1-online-privacy',
    },
    detail: ['/article_detail/', 'string'],
  },
  kuponz2: {
    routes: {
      '/': 'kuponz2-online-home',
      '/home': 'kuponz2-online-home',
      '/france': 'kuponz2-online-france',
      '/privacy': 'kuponz2-online-privacy',
    },
    detail: ['/article-detail/', 'number'],
  },
  enicf: {
    routes: {
      '/': 'enicf-online-landing',
      '/view/ecinf': 'enicf-online-landing',
      '/privacy': 'enicf-online-privacy',
    },
  },
};

const IDS: KnownIds = {
  tts1: { article: ['1', '2', '10'] },
  tts2: { article: ['1', '10'] },
  tts3: { article: ['6'] },
  kuponz1: { article: ['11'] },
  kuponz2: { article: ['1', '9'] },
};

describe('the sites route sets', () => {
  const routing = buildRouting(SITE_ROUTES, IDS);

  it('has the prefixed route set and one online route set per site', () => {
    expect(Object.keys(routing.sets)).toEqual([
      'prefixed',
      'waveads',
      'tts1',
      'tts2',
      'tts3',
      'kuponz1',
      'kuponz2',
      'enicf',
    ]);
  });

  it('prefixed route set: every site under its prefix, the 404 page for the rest', () => {
    const prefixed = routing.sets.prefixed!;
    expect(prefixed.routes).toEqual(TEST_ROUTES);
    expect(prefixed.details.map((d) => [d.prefix, d.id])).toEqual(
      TEST_DETAILS.map(([p, k]) => [p, k]),
    );
    for (const [prefix, , site] of TEST_DETAILS) {
      const detail = prefixed.details.find((d) => d.prefix === prefix)!;
      expect(detail.empty).toBe(`${site}-prefixed-article-empty`);
      expect(detail.ids).toEqual(
        Object.fromEntries(
          (IDS[site]?.article ?? []).map((id) => [id, `${site}-prefixed-article-${id}`]),
        ),
      );
    }
    expect(prefixed.notFound).toBe(PREFIXED_NOT_FOUND_PAGE_ID);
    expect(prefixed.headers).toEqual({ 'X-Robots-Tag': 'noindex' });
    expect(Object.keys(prefixed.routes)).not.toContain('/');
  });

  it.each(Object.entries(ONLINE))('online route set of %s: only its own paths', (site, want) => {
    const online = routing.sets[site]!;
    expect(online.routes).toEqual(want.routes);
    expect(online.notFound).toBe(NOT_FOUND_PAGE_ID);
    expect(online.headers).toBeUndefined();
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

  it('links inside a page stay in its route set', () => {
    const tts1 = routing.pages.filter(
      (p) => p.site === 'tts1' && p.page === 'article' && p.articleId === '1',
    );
    expect(tts1.map((p) => [p.routeSet, p.path])).toEqual([
      ['prefixed', '/tts1/article-detail/1'],
      ['online', '/article-detail/1'],
    ]);
  });

  it('renders waveads once per language and everything else once', () => {
    const waveads = routing.pages.filter((p) => p.site === 'waveads' && p.lang === undefined);
    expect(waveads.map((p) => p.id)).toEqual([
      'waveads-prefixed-home',
      'waveads-prefixed-contact-us',
      'waveads-prefixed-privacy',
      'waveads-online-home',
      'waveads-online-contact-us',
      'waveads-online-privacy',
    ]);
    for (const page of waveads) {
      expect(page.langs).toEqual({ list: ['en', 'ja', 'ko', 'es', 'pt'], default: 'en' });
      expect(page.file).toMatch(/\.\{lang\}\.html$/);
    }
    expect(routing.pages.filter((p) => p.site !== 'waveads' && (p.langs || p.lang))).toEqual([]);
  });

  it("gives each of waveads' other languages its own URL and its own file", () => {
    const fixed = routing.pages.filter((p) => p.lang !== undefined);
    expect(fixed).toHaveLength(2 * 3 * OTHER_LANGS.length);
    expect(fixed.find((p) => p.id === 'waveads-online-home-ja')).toEqual({
      id: 'waveads-online-home-ja',
      site: 'waveads',
      routeSet: 'online',
      page: 'home',
      path: '/ja',
      file: 'pages/online/waveads/ja/home.html',
      lang: 'ja',
    });
  });

  it('gives every page a unique id and file', () => {
    const ids = routing.pages.map((p) => p.id);
    const files = routing.pages.filter((p) => p.lang === undefined).map((p) => p.file);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(files).size).toBe(files.length);
    const perSite = Object.values(IDS).reduce((n, s) => n + (s.article?.length ?? 0), 0);
    // 3 waveads + 2 per blog (home, privacy) + kuponz2 france + 2 landing (page, privacy), and per
    // detail page: ids + empty; x2 route sets
    expect(routing.pages.filter((p) => p.lang === undefined)).toHaveLength(
      2 * (3 + 10 + 1 + 2 + perSite + 5),
    );
  });
});

describe('the site registry', () => {
  it('has a folder for every site of code and every theme, and no other (the 404 page is shared)', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const code = SITES.filter((s) => s.blog === undefined).map((s) => s.routes.site);
    expect([...code, ...THEMES, 'not-found'].sort()).toEqual(folders);
    // Wayfarer Journal is a blog of data (content/tts2/site.toml) in the journal theme.
    expect(SITES.find((s) => s.routes.site === 'tts2')?.blog?.theme).toBe('journal');
  });

  it('finds each site its render module, which prepares the site', async () => {
    for (const site of SITES) {
      const module = renderModule(site);
      expect(module.source).toBe(`src/sites/${site.blog?.theme ?? site.routes.site}/render.tsx`);
      expect(typeof (await module.load()).prepare).toBe('function');
    }
    expect(typeof (await NOT_FOUND_MODULE.load()).renderNotFound).toBe('function');
  });

  it('names every site', () => {
    expect(SITES.map((s) => s.name)).toEqual([
      'WaveAds',
      'GlowBack',
      'Wayfarer Journal',
      'Youadsmedia-Top',
      'Kuponz',
      'Kuponz Beauty',
      'Block Blast!',
    ]);
  });
});
