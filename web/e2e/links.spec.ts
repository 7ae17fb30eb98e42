import { readFileSync } from 'node:fs';
import { devices, expect, test } from '@playwright/test';
import { exportedClicks } from './click-log';

/**
 * A reader follows a link out of an article, as the blogs exist for: the page's link goes to the
 * site's own /go/ address, which answers 302 to the merchant's page (tagged with the article
 * where the merchant takes a tag) and records the click. The merchant itself is intercepted in
 * the browser: nothing leaves 127.0.0.1.
 */
const PORT = Number(process.env.WEB_E2E_PORT ?? 4174);
const BUILD_DIR = process.env.WAVESITES_BUILD_DIR ?? '../build';

interface Link {
  readonly url: string;
  readonly ios?: string;
  readonly android?: string;
  readonly subid_param?: string;
}
const manifest = JSON.parse(readFileSync(`${BUILD_DIR}/web/manifest.json`, 'utf8')) as {
  links: Record<string, Link>;
};

/** Where the registry sends a desktop reader from article `from` of `site`. */
function destination(slug: string, site: string, from: string): string {
  const link = manifest.links[slug]!;
  if (link.subid_param === undefined) return link.url;
  const url = new URL(link.url);
  url.searchParams.append(link.subid_param, `${site}-${from}`);
  return url.href;
}

const ARTICLES = [
  ['tts1', `http://tts1.wavesites.test:${PORT}/article-detail/3`, '3'],
  ['kuponz1', `http://kuponz1.wavesites.test:${PORT}/article_detail/6`, '6'],
  ['tts2', `http://127.0.0.1:${PORT}/tts2/article-detail/5`, '5'],
] as const;

for (const [site, address, id] of ARTICLES) {
  test(`${site}: a reader follows an article's link out, and the click is recorded`, async ({
    browser,
  }) => {
    // A desktop browser as readers have it (a headless one names itself a crawler).
    const { defaultBrowserType: _browser, ...desktop } = devices['Desktop Chrome'];
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    const outside: string[] = [];
    await page.route(
      (url) => url.port !== String(PORT),
      async (route) => {
        outside.push(route.request().url());
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>The shop</title><h1>The shop</h1>',
        });
      },
    );
    await page.goto(address);
    const link = page.locator('main a[href^="/go/"]').first();
    const href = (await link.getAttribute('href'))!;
    const slug = /^\/go\/([a-z0-9-]+)\?/.exec(href)![1]!;
    const prefixed = address.includes('127.0.0.1');
    expect(href).toBe(`/go/${slug}?from=${id}${prefixed ? `&site=${site}` : ''}`);
    await expect(link).toHaveAttribute('rel', 'sponsored nofollow');
    const host = new URL(address).host;
    // Other tests click too, in parallel: this one's are the clicks of this link on this host.
    const mine = () =>
      exportedClicks().filter((c) => c.kind === 'link' && c.link === slug && c.host === host);
    const before = mine().length;

    const [redirect] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/go/${slug}`),
      link.click(),
    ]);
    expect(redirect.status()).toBe(302);
    const expected = destination(slug, site, id);
    expect(redirect.headers()['location']).toBe(expected);
    expect(redirect.headers()['cache-control']).toBe('private, no-store');
    await page.waitForURL(expected);
    await expect(page.getByRole('heading', { name: 'The shop' })).toBeVisible();
    expect(outside).toEqual([expected]);

    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(before + 1);
    expect(mine().at(-1)).toMatchObject({
      from: id,
      destination: 'url',
      site: prefixed ? 'prefixed' : site,
      referrerOrigin: new URL(address).origin,
    });
    await context.close();
  });
}
