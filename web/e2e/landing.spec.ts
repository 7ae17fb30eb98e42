import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Page, type Request, type Route } from '@playwright/test';
import { exportedClicks } from './click-log';

/**
 * The Block Blast! landing page against the real server, which fills the page from the
 * [landing] section of e2e/sites.e2e.toml at start-up. Every request that would leave
 * 127.0.0.1 is intercepted in the browser and answered there: the tracking request, the hidden
 * image and the App Store.
 */
const PORT = Number(process.env.WEB_E2E_PORT ?? 4174);
const LANDING = {
  appStoreUrl: 'https://apps.apple.com/app/block-blast/id1617391485',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=com.block.juggle',
  /** The App Store campaign tokens e2e/sites.e2e.toml sets. */
  ct: 'e2e-spring',
  pt: '118765',
  trackingUrl: 'https://tracking.wavesites.test/click',
  trackingOrigin: 'https://tracking.wavesites.test',
  offer: 'block-blast-ios',
  affiliate: 'waveads',
};

const PAGES = [
  ['own host', `http://enicf.wavesites.test:${PORT}/`],
  ['own host, /view/ecinf', `http://enicf.wavesites.test:${PORT}/view/ecinf`],
  ['prefixed route', `http://127.0.0.1:${PORT}/view/ecinf`],
] as const;

/** Hosts Chromium maps to the local server (--host-resolver-rules); all else is outside. */
function isLocal(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    url.port === String(PORT) &&
    (url.hostname === '127.0.0.1' || url.hostname.endsWith('.wavesites.test'))
  );
}

interface Outside {
  /** Every request that would have left 127.0.0.1, in order. */
  readonly requests: Request[];
  /** Resolves the tracking request's answer (held back until then). */
  release(): void;
}

/**
 * Intercepts every request to the outside world. The stores answer as soon as the hidden
 * tracking image has gone out (or after 2 s without one); the tracking link answers only on
 * `release()`, so a test can prove that nothing waits for it.
 *
 * Why the stores wait for the image: a real store page takes a network round trip to arrive,
 * and the page that loads the image lives until then. A store answered from memory here ends
 * that page at once, and Chromium then drops an image whose request had not yet left the page,
 * now and then: a race of the test's making, not the visitor's. A page without JavaScript sends
 * no image (`image: false`): its stores answer at once.
 */
async function interceptOutside(page: Page, { image = true } = {}): Promise<Outside> {
  const requests: Request[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let imageSent!: () => void;
  const imageGone = new Promise<void>((resolve) => (imageSent = resolve));
  const storeMayAnswer = () =>
    image ? Promise.race([imageGone, new Promise<void>((r) => setTimeout(r, 2000))]) : undefined;
  await page.route(
    (url) => !isLocal(url),
    async (route: Route) => {
      const request = route.request();
      requests.push(request);
      const url = new URL(request.url());
      if (url.origin === LANDING.trackingOrigin && request.resourceType() === 'image') imageSent();
      if (url.href.startsWith(LANDING.appStoreUrl) || url.href.startsWith(LANDING.playStoreUrl)) {
        await storeMayAnswer();
      }
      if (url.href.startsWith(LANDING.appStoreUrl)) {
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Block Blast! on the App Store</title><h1>App Store</h1>',
        });
      } else if (url.href.startsWith(LANDING.playStoreUrl)) {
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Block Blast! on Google Play</title><h1>Google Play</h1>',
        });
      } else if (url.origin === LANDING.trackingOrigin) {
        await released;
        await route
          .fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } })
          .catch(() => {}); // the page may be gone by then
      } else {
        await route.abort('blockedbyclient');
      }
    },
  );
  return { requests, release };
}

for (const [name, url] of PAGES) {
  test.describe(`landing page (${name})`, () => {
    test('one accessible App Store badge, filled from the server config', async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      const badge = page.getByRole('link', { name: /App Store/ });
      await expect(badge).toHaveCount(1);
      await expect(badge).toHaveAccessibleName('Download on the App Store: Block Blast!');
      // Without the script, the server's platform-aware redirect; with it, the stores themselves.
      await expect(badge).toHaveAttribute('href', '/go/block-blast');
      await expect(badge).toHaveAttribute('data-app-store', LANDING.appStoreUrl);
      await expect(badge).toHaveAttribute('data-play-store', LANDING.playStoreUrl);
      await expect(badge).toHaveAttribute('data-ct', LANDING.ct);
      await expect(badge).toHaveAttribute('data-pt', LANDING.pt);
      await expect(badge).toHaveAttribute('data-tracking', LANDING.trackingUrl);
      await expect(badge).toHaveAttribute('data-offer', LANDING.offer);
      await expect(badge).toHaveAttribute('data-affiliate', LANDING.affiliate);
      await expect(badge).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Block Blast!');
      expect(await page.content()).not.toContain('{{');
      // The CSP lets exactly the tracking origin be fetched and loaded as an image.
      const csp = response!.headers()['content-security-policy']!;
      expect(csp).toMatch(new RegExp(`connect-src 'self' ${LANDING.trackingOrigin};`));
      expect(csp).toMatch(new RegExp(`img-src 'self' data: ${LANDING.trackingOrigin};`));
      expect(csp).toContain("script-src 'self';");
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
    });

    test('a click tracks without waiting, loads the hidden image, then opens the App Store', async ({
      page,
    }) => {
      const outside = await interceptOutside(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url);
      const { language, userAgent } = await page.evaluate(() => ({
        language: navigator.language,
        userAgent: navigator.userAgent,
      }));
      expect(outside.requests).toEqual([]);

      const started = Date.now();
      await Promise.all([
        page.waitForURL(LANDING.appStoreUrl),
        page.getByRole('link', { name: /App Store/ }).click(),
      ]);
      // The tracking answer is still held back: the visitor did not wait for it.
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(page.getByRole('heading', { name: 'App Store' })).toBeVisible();
      outside.release();

      const tracking = outside.requests.filter((r) => r.url().startsWith(LANDING.trackingOrigin));
      const withQuery = tracking.filter((r) => new URL(r.url()).search !== '');
      expect(withQuery).toHaveLength(1);
      const call = new URL(withQuery[0]!.url());
      expect(call.origin + call.pathname).toBe(LANDING.trackingUrl);
      expect(Object.fromEntries(call.searchParams)).toEqual({
        offer: LANDING.offer,
        affiliate: LANDING.affiliate,
        language,
        'user-agent': userAgent,
      });
      expect(withQuery[0]!.method()).toBe('GET');
      expect(withQuery[0]!.resourceType()).toBe('fetch');
      // The hidden image: the plain tracking link.
      const pixel = tracking.filter((r) => r.url() === LANDING.trackingUrl);
      expect(pixel.map((r) => r.resourceType())).toEqual(['image']);
      // Nothing else left 127.0.0.1: the two tracking requests and the App Store.
      expect(outside.requests.map((r) => new URL(r.url()).origin).sort()).toEqual(
        ['https://apps.apple.com', LANDING.trackingOrigin, LANDING.trackingOrigin].sort(),
      );
      expect(errors).toEqual([]);
    });

    test('a click also sends a beacon to the site itself, which logs its referrer origin', async ({
      page,
    }, testInfo) => {
      const outside = await interceptOutside(page);
      // A referrer of this test's own, to find its click among the parallel tests' ones.
      const referrer = `https://search-${testInfo.workerIndex}-${Date.now()}.example/results?q=blocks`;
      const beacons: Request[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/clicks') beacons.push(r);
      });
      await page.goto(url, { referer: referrer });
      expect(await page.evaluate(() => document.referrer)).toBe(referrer);
      await Promise.all([
        page.waitForURL(LANDING.appStoreUrl),
        page.getByRole('link', { name: /App Store/ }).click(),
      ]);
      outside.release();

      expect(beacons).toHaveLength(1);
      const beacon = beacons[0]!;
      expect(beacon.method()).toBe('POST');
      expect(beacon.url()).toBe(`${new URL(url).origin}/api/clicks`);
      expect(JSON.parse(beacon.postData() ?? '')).toEqual({ referrer });
      // The tracking request and the image still went out, and the App Store opened.
      const tracking = outside.requests.filter((r) => r.url().startsWith(LANDING.trackingOrigin));
      expect(tracking.map((r) => r.resourceType()).sort()).toEqual(['fetch', 'image']);
      await expect(page.getByRole('heading', { name: 'App Store' })).toBeVisible();

      const host = new URL(url).host;
      const origin = new URL(referrer).origin;
      await expect
        .poll(() => exportedClicks().filter((c) => c.referrerOrigin === origin), {
          timeout: 10_000,
        })
        .toEqual([
          expect.objectContaining({
            host,
            site: host.startsWith('127.0.0.1') ? 'prefixed' : 'enicf',
          }),
        ]);
    });
  });
}

test('with no tracking link the click just opens the App Store', async ({ page }) => {
  const outside = await interceptOutside(page);
  await page.goto(PAGES[0][1]);
  // As if the server's tracking_url were empty (the token is replaced by nothing).
  await page.locator('a[data-landing]').evaluate((a) => a.setAttribute('data-tracking', ''));
  await Promise.all([
    page.waitForURL(LANDING.appStoreUrl),
    page.getByRole('link', { name: /App Store/ }).click(),
  ]);
  outside.release();
  expect(outside.requests.map((r) => r.url())).toEqual([LANDING.appStoreUrl]);
});

/** The devices the button tells apart, as Playwright describes them (in this project's Chromium). */
function device(name: string) {
  const { defaultBrowserType: _browser, ...rest } = devices[name]!;
  return rest;
}

const DEVICES = [
  {
    name: 'iPhone 13',
    // The App Store, with the campaign tokens.
    store: (u: URL) =>
      u.origin + u.pathname === LANDING.appStoreUrl &&
      u.searchParams.get('ct') === LANDING.ct &&
      u.searchParams.get('pt') === LANDING.pt,
  },
  {
    name: 'Pixel 7',
    // Google Play, with the ad's UTM parameters as the install referrer.
    store: (u: URL) =>
      u.href === `${LANDING.playStoreUrl}&referrer=utm_source%3Dx` &&
      u.searchParams.get('referrer') === 'utm_source=x',
  },
  {
    name: 'Desktop Chrome',
    // The App Store's web listing, as it is.
    store: (u: URL) => u.href === LANDING.appStoreUrl,
  },
] as const;

for (const { name, store } of DEVICES) {
  test(`on ${name} the button ends at its store, with the ad's click id in the tracking request`, async ({
    browser,
  }) => {
    const context = await browser.newContext(device(name));
    const page = await context.newPage();
    const outside = await interceptOutside(page);
    await page.goto(`${PAGES[0][1]}?utm_source=x&gclid=y`);
    await Promise.all([
      page.waitForURL((u) => !isLocal(u)),
      page.getByRole('link', { name: /App Store/ }).click(),
    ]);
    outside.release();
    expect(store(new URL(page.url())), page.url()).toBe(true);
    const call = outside.requests
      .map((r) => new URL(r.url()))
      .find((u) => u.origin === LANDING.trackingOrigin && u.search !== '');
    expect(Object.fromEntries(call!.searchParams)).toMatchObject({
      offer: LANDING.offer,
      affiliate: LANDING.affiliate,
      gclid: 'y',
      utm_source: 'x',
      'user-agent': devices[name]!.userAgent,
    });
    await context.close();
  });
}

test('without JavaScript the badge still leads each phone to its store, through /go/', async ({
  browser,
}) => {
  for (const { name, store } of DEVICES) {
    const context = await browser.newContext({ ...device(name), javaScriptEnabled: false });
    const page = await context.newPage();
    const outside = await interceptOutside(page, { image: false });
    const redirects: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 302) redirects.push(new URL(r.url()).pathname);
    });
    await page.goto(PAGES[2][1]);
    await page.getByRole('link', { name: /App Store/ }).click();
    // Chromium makes the redirected request once past the interception (it fails: nothing
    // resolves outside) and again through it, so the store's page is what to wait for.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(App Store|Google Play)$/);
    outside.release();
    expect(redirects).toEqual(['/go/block-blast']);
    // Without the script there is no landing URL to read: the store, without a referrer.
    const url = new URL(page.url());
    if (name === 'Pixel 7') expect(url.href).toBe(LANDING.playStoreUrl);
    else expect(store(url), url.href).toBe(true);
    expect(outside.requests.map((r) => r.url())).toEqual([page.url()]);
    await context.close();
  }
});

test('the landing script is small and external, and no blog page carries the landing tokens', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(PAGES[0][1]);
  await page.waitForLoadState('networkidle');
  expect(scripts.sort()).toEqual([
    expect.stringMatching(/^\/assets\/landing-click-[\w-]+\.js$/),
    expect.stringMatching(/^\/assets\/scroll-top-[\w-]+\.js$/),
  ]);
  // No inline code: the only inline scripts are JSON-LD, which is data and never runs.
  expect(await page.locator('script:not([src]):not([type="application/ld+json"])').count()).toBe(0);
  const response = await page.goto(`http://kuponz2.wavesites.test:${PORT}/`);
  expect(response?.headers()['content-security-policy']).not.toContain(LANDING.trackingOrigin);
  expect(await page.content()).not.toContain('{{');
});
