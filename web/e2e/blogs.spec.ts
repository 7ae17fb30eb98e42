import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The five blogs in Chromium against the real server (playwright.config.ts): each under its own
 * host name from e2e/sites.e2e.toml (online routes) and under their prefixes on 127.0.0.1.
 */
const PORT = Number(process.env.WEB_E2E_PORT ?? 4174);
const host = (name: string) => `http://${name}.wavesites.test:${PORT}`;
const LOCAL = `http://127.0.0.1:${PORT}`;

interface Blog {
  readonly site: string;
  readonly brand: string;
  /** The articles of the home page. */
  readonly articles: (page: Page) => Locator;
  readonly count: number;
  readonly prefixed: { readonly home: string; readonly detail: string };
  readonly online: { readonly home: string; readonly detail: string };
  /** A known article id, and ids that name no article. */
  readonly known: string;
  readonly unknown: readonly string[];
}

const BLOGS: readonly Blog[] = [
  {
    site: 'tts1',
    brand: 'GlowBack',
    articles: (page) => page.getByRole('region', { name: 'Latest articles' }).getByRole('listitem'),
    count: 6,
    prefixed: { home: '/tts1/home', detail: '/tts1/article-detail/' },
    online: { home: '/', detail: '/article-detail/' },
    known: '3',
    unknown: ['99', 'abc'],
  },
  {
    site: 'tts2',
    brand: 'Wayfarer Journal',
    articles: (page) => page.locator('main li'),
    count: 8,
    prefixed: { home: '/tts2/home', detail: '/tts2/article-detail/' },
    online: { home: '/', detail: '/article-detail/' },
    known: '11',
    unknown: ['9', '01'],
  },
  {
    site: 'tts3',
    brand: 'Youadsmedia-Top',
    articles: (page) => page.locator('main ol > li'),
    count: 6,
    prefixed: { home: '/tts3/home', detail: '/tts3/article-detail/' },
    online: { home: '/', detail: '/article-detail/' },
    known: '6',
    unknown: ['7', 'six'],
  },
  {
    site: 'kuponz1',
    brand: 'Kuponz',
    articles: (page) => page.locator('main li'),
    count: 10,
    prefixed: { home: '/kuponz1/home', detail: '/kuponz1/article_detail/' },
    online: { home: '/', detail: '/article_detail/' },
    known: '10',
    unknown: ['9', '012'],
  },
  {
    site: 'kuponz2',
    brand: 'Kuponz Beauty',
    articles: (page) => page.locator('main ol > li'),
    count: 10,
    prefixed: { home: '/kuponz2/home', detail: '/kuponz2/article-detail/' },
    online: { home: '/', detail: '/article-detail/' },
    known: '7',
    unknown: ['11', 'x7'],
  },
];

const ROUTE_SETS = [
  { name: 'own host', base: (b: Blog) => host(b.site), paths: (b: Blog) => b.online },
  { name: 'prefixed', base: () => LOCAL, paths: (b: Blog) => b.prefixed },
] as const;

/** Console errors, failed requests, page errors and requests to any other server: none allowed. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('request', (r) => {
    const { hostname, port } = new URL(r.url());
    const local = hostname === '127.0.0.1' || hostname.endsWith('.wavesites.test');
    if (!local || port !== String(PORT)) problems.push(`left the server: ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.text().includes('status of 404') && m.location().url === page.url()) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A navigation cancels what is still loading (ERR_ABORTED); nothing else may fail.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()}`);
  });
  return problems;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls through the page so every lazy image loads, then checks every image. */
async function expectImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  const images = page.locator('main img');
  // On a busy machine the pass above can outrun Chromium's lazy-load check, and an image it
  // scrolled past unseen would never load: each poll brings the first one still loading into view.
  await expect
    .poll(() =>
      images.evaluateAll((all) => {
        const waiting = (all as HTMLImageElement[]).find((i) => !i.complete);
        waiting?.scrollIntoView({ block: 'center' });
        return !waiting;
      }),
    )
    .toBe(true);
  const facts = await images.evaluateAll((all) =>
    all.map((node) => {
      const img = node as HTMLImageElement;
      const sources = [...(img.parentElement?.querySelectorAll('source') ?? [])];
      return {
        alt: img.alt,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        natural: img.naturalWidth,
        ratio: img.naturalWidth / img.naturalHeight,
        current: img.currentSrc,
        loading: img.loading,
        priority: img.getAttribute('fetchpriority'),
        types: sources.map((s) => s.type),
      };
    }),
  );
  expect(facts.length).toBeGreaterThan(0);
  facts.forEach((f, i) => {
    expect(f.alt.length, `image ${i} alt`).toBeGreaterThan(10);
    expect([f.width, f.height]).toEqual(['1200', '800']);
    expect(f.natural, `image ${i} decoded`).toBeGreaterThan(0);
    expect(f.ratio).toBeCloseTo(1.5, 1);
    // Chromium picks the AVIF source.
    expect(f.current).toMatch(/\/assets\/[\w-]+-\d+w-[0-9a-f]{10}\.avif$/);
    expect(f.types).toEqual(['image/avif', 'image/webp']);
    expect([f.loading, f.priority]).toEqual(i === 0 ? ['eager', 'high'] : ['lazy', null]);
  });
  await page.evaluate(() => scrollTo(0, 0));
}

const copyright = (brand: string) => `Copyright © 2026 ${brand}. All Rights Reserved.`;

for (const blog of BLOGS) {
  for (const routeSet of ROUTE_SETS) {
    const base = routeSet.base(blog);
    const paths = routeSet.paths(blog);

    test.describe(`${blog.site} (${routeSet.name})`, () => {
      test('home: the articles, their images, the footer', async ({ page }) => {
        const problems = watch(page);
        const response = await page.goto(base + paths.home);
        expect(response?.status()).toBe(200);
        await expect(blog.articles(page)).toHaveCount(blog.count);
        for (const item of await blog.articles(page).all()) {
          await expect(item.getByRole('link').first()).toHaveAttribute(
            'href',
            new RegExp(`^${paths.detail}[0-9]+$`),
          );
        }
        await expect(page.locator('footer')).toHaveText(copyright(blog.brand));
        await expectImages(page);
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
      });

      test('list -> detail -> back, each opening at the top', async ({ page }) => {
        const problems = watch(page);
        await page.goto(base + paths.home);
        // Open the last article, from the bottom of the list.
        const link = blog.articles(page).last().getByRole('link').first();
        await link.scrollIntoViewIfNeeded();
        await page.evaluate(() => scrollBy(0, 200));
        expect(await scrollY(page)).toBeGreaterThan(300);
        const href = (await link.getAttribute('href'))!;
        const title = (await link.textContent())!.trim();
        await link.click();
        await expect(page).toHaveURL(base + href);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        expect(await scrollY(page)).toBe(0);
        // The featured image comes first, eager; the page has a date and sections.
        await expect(page.locator('article img').first()).toHaveAttribute('loading', 'eager');
        await expect(page.locator('article time').first()).toHaveText(/\d/);
        expect(await page.locator('article h2').count()).toBeGreaterThanOrEqual(2);
        await expect(page.locator('footer')).toHaveText(copyright(blog.brand));

        // Back on the list, at the top again (no scroll restoration).
        await page.evaluate(() => scrollTo(0, 900));
        await page.goBack();
        await expect(page).toHaveURL(base + paths.home);
        await expect(blog.articles(page)).toHaveCount(blog.count);
        await expect.poll(() => scrollY(page)).toBe(0);

        // And forward again, still at the top.
        await page.goForward();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect.poll(() => scrollY(page)).toBe(0);
        expect(problems).toEqual([]);
      });

      test('a detail page reloads at the top and has its images', async ({ page }) => {
        const response = await page.goto(base + paths.detail + blog.known);
        expect(response?.status()).toBe(200);
        await expectImages(page);
        await page.mouse.wheel(0, 1600);
        await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
        await page.reload();
        await page.waitForLoadState('load');
        expect(await scrollY(page)).toBe(0);
      });

      test('unknown ids: the empty article, status 404, no title, no message', async ({ page }) => {
        for (const id of blog.unknown) {
          const response = await page.goto(base + paths.detail + id);
          expect(response?.status(), id).toBe(404);
          await expect(page.locator('h1')).toHaveCount(0);
          await expect(page.locator('main')).toHaveText('');
          await expect(page.locator('footer')).toHaveText(copyright(blog.brand));
          await expect(page).toHaveTitle(blog.brand);
        }
      });
    });
  }

  test(`${blog.site}: no accessibility violations (axe, WCAG 2 AA) on home and detail`, async ({
    page,
  }) => {
    for (const path of [blog.online.home, blog.online.detail + blog.known]) {
      await page.goto(host(blog.site) + path);
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(
        result.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
    }
  });
}

test.describe('tts1 (GlowBack)', () => {
  test('the featured block: one article and four related items; HOME highlighted on home only', async ({
    page,
  }) => {
    await page.goto(host('tts1') + '/');
    const featured = page.getByRole('region', { name: 'Featured' });
    await expect(featured.locator('article')).toHaveCount(1);
    await expect(featured.locator('article h3 a')).toHaveAttribute(
      'href',
      /^\/article-detail\/\d+$/,
    );
    const related = featured.getByRole('list', { name: 'Related articles' }).getByRole('listitem');
    await expect(related).toHaveCount(4);
    for (const item of await related.all()) {
      await expect(item.locator('img')).toHaveCount(1);
      await expect(item.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, 20\d\d$/);
    }
    const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(tabs).toHaveText(['HOME']);
    await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
    const highlighted = await tabs.first().evaluate((a) => getComputedStyle(a).borderBottomColor);
    await page.goto(host('tts1') + '/article-detail/1');
    await expect(tabs.first()).not.toHaveAttribute('aria-current', 'page');
    expect(await tabs.first().evaluate((a) => getComputedStyle(a).borderBottomColor)).not.toBe(
      highlighted,
    );
    await page.goto(host('tts1') + '/home');
    await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('tts2 (Wayfarer Journal)', () => {
  test("eight cards, each with a 'Read More →' link to its article", async ({ page }) => {
    await page.goto(`${LOCAL}/tts2/home`);
    const more = page.getByRole('link', { name: /^Read More →/ });
    await expect(more).toHaveCount(8);
    await expect(more.first()).toHaveText(/^Read More →/);
    const href = await more.nth(2).getAttribute('href');
    await more.nth(2).click();
    await expect(page).toHaveURL(`${LOCAL}${href}`);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  });
});

test.describe('tts3 (Youadsmedia-Top)', () => {
  test("the banner 'Welcome To Youadsmedia-Top'", async ({ page }) => {
    await page.goto(host('tts3') + '/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome To Youadsmedia-Top');
  });
});

/** Relative luminance of a computed CSS colour "rgb(r, g, b)". */
function luminance(css: string): number {
  const [r, g, b] = css
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number) as [number, number, number];
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

test.describe('kuponz1 (Kuponz)', () => {
  for (const [name, base, home, detail] of [
    ['own host', host('kuponz1'), '/', '/article_detail/'],
    ['second host', host('kuponz1-b'), '/home', '/article_detail/'],
    ['prefixed', LOCAL, '/kuponz1/home', '/kuponz1/article_detail/'],
  ] as const) {
    test(`${name}: title, tagline, 'Read More →' cards; dark footer on the list, white on the detail`, async ({
      page,
    }) => {
      await page.goto(base + home);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Kuponz/);
      await expect(page.locator('header')).toContainText(
        'Your Ultimate Guide to Smart Savings & Exclusive Deals',
      );
      await expect(page.getByRole('link', { name: /^Read More →/ })).toHaveCount(10);
      const footer = page.locator('footer');
      await expect(footer).toHaveText('Copyright © 2026 Kuponz. All Rights Reserved.');
      const dark = await footer.evaluate((f) => getComputedStyle(f).backgroundColor);
      expect(luminance(dark)).toBeLessThan(0.05);
      expect(luminance(await footer.evaluate((f) => getComputedStyle(f).color))).toBeGreaterThan(
        0.3,
      );

      // The first card is the newest article.
      await page
        .getByRole('link', { name: /^Read More →/ })
        .first()
        .click();
      await expect(page).toHaveURL(`${base}${detail}11`);
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(footer).toHaveText('Copyright © 2026 Kuponz. All Rights Reserved.');
      expect(await footer.evaluate((f) => getComputedStyle(f).backgroundColor)).toBe(
        'rgb(255, 255, 255)',
      );
      expect(luminance(await footer.evaluate((f) => getComputedStyle(f).color))).toBeLessThan(0.2);
    });
  }
});

test.describe('kuponz2 (Kuponz Beauty)', () => {
  for (const [name, base, home, france, detail] of [
    ['own host', host('kuponz2'), '/', '/france', '/article-detail/'],
    ['second host', host('kuponz2-b'), '/home', '/france', '/article-detail/'],
    ['prefixed', LOCAL, '/kuponz2/home', '/kuponz2/france', '/kuponz2/article-detail/'],
  ] as const) {
    test(`${name}: the tab bar follows the path and navigates within the route set`, async ({
      page,
    }) => {
      const tabs = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
      const current = () =>
        tabs.evaluateAll((all) => all.map((a) => a.getAttribute('aria-current')));
      await page.goto(base + home);
      await expect(tabs).toHaveText(['HOME', 'FRANCE']);
      expect(await current()).toEqual(['page', null]);
      const active = await tabs.nth(0).evaluate((a) => getComputedStyle(a).backgroundColor);
      const idle = await tabs.nth(1).evaluate((a) => getComputedStyle(a).backgroundColor);
      expect(active).not.toBe(idle);

      await tabs.nth(1).click();
      await expect(page).toHaveURL(base + france);
      expect(await current()).toEqual([null, 'page']);
      expect(await tabs.nth(1).evaluate((a) => getComputedStyle(a).backgroundColor)).toBe(active);

      await tabs.nth(0).click();
      await expect(page).toHaveURL(base + (home === '/home' ? '/' : home));
      expect(await current()).toEqual(['page', null]);

      // A title opens its article, which keeps the tab bar.
      // The first in the list is the newest article.
      const first = page.locator('main ol > li').first().getByRole('link');
      await first.click();
      await expect(page).toHaveURL(`${base}${detail}10`);
      await expect(tabs).toHaveText(['HOME', 'FRANCE']);
      expect(await current()).toEqual([null, null]);
    });

    test(`${name}: the France page, three rows of a large image, title, date and four sub-items`, async ({
      page,
    }) => {
      const response = await page.goto(base + france);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('France');
      await expect(
        page.getByText(
          'Discover timeless beauty, rich culture, and romantic landscapes that inspire wanderlust.',
        ),
      ).toBeVisible();
      const rows = page.locator('main section[aria-labelledby]');
      await expect(rows).toHaveCount(3);
      for (const row of await rows.all()) {
        const feature = row.locator('h2');
        await expect(feature).toHaveCount(1);
        const subs = row.getByRole('listitem');
        await expect(subs).toHaveCount(4);
        for (const sub of await subs.all()) {
          await expect(sub.locator('h3')).not.toBeEmpty();
          await expect(sub.locator('time')).toHaveText(/\d{4}/);
          await expect(sub.locator('img')).toHaveCount(1);
        }
        // On a wide screen: the large image on the right, the sub-items on the left, and the
        // row's date to the right of its title.
        const big = await row.locator('img').first().boundingBox();
        const list = await row.getByRole('list').boundingBox();
        expect(big!.x).toBeGreaterThan(list!.x + list!.width - 1);
        expect(big!.width).toBeGreaterThan(400);
        const title = await feature.boundingBox();
        const date = await row.locator('time').first().boundingBox();
        expect(date!.x).toBeGreaterThan(title!.x + title!.width - 1);
      }
      await expectImages(page);
    });

    test(`${name}: an article ends with the two common sections`, async ({ page }) => {
      await page.goto(`${base}${detail}5`);
      const headings = page.locator('article h2');
      await expect(headings.last()).toHaveText('How to claim and withdraw your cashback');
      await expect(headings.nth((await headings.count()) - 2)).toHaveText(
        'How beauty cashback works',
      );
    });
  }
});

test('blog pages ship no React: only small external scripts', async ({ page }) => {
  for (const url of [
    host('tts1') + '/',
    host('tts2') + '/article-detail/1',
    host('kuponz2') + '/france',
    `${LOCAL}/kuponz1/home`,
  ]) {
    const scripts: string[] = [];
    const listener = (r: { resourceType(): string; url(): string }) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    };
    page.on('request', listener);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    expect(scripts, url).toEqual([expect.stringMatching(/^\/assets\/scroll-top-[\w-]+\.js$/)]);
    // No inline code: the only inline scripts are JSON-LD, which is data and never runs.
    expect(await page.locator('script:not([src]):not([type="application/ld+json"])').count()).toBe(
      0,
    );
  }
});

test('home pages prefetch the articles above the fold', async ({ page }) => {
  await page.goto(host('tts2') + '/');
  const prefetch = await page
    .locator('link[rel="prefetch"]')
    .evaluateAll((all) => all.map((l) => l.getAttribute('href')));
  const firstCards = await page
    .locator('main li h2 a')
    .evaluateAll((all) => all.slice(0, 4).map((a) => a.getAttribute('href')));
  expect(prefetch).toEqual(firstCards);
});
