import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './waveads-support';

const PORT = Number(process.env.WEB_E2E_PORT ?? 4174);
/** `<site>.wavesites.test` is the site's host in e2e/sites.e2e.toml; Chromium maps it to 127.0.0.1. */
const online = (site: string, path: string) => `http://${site}.wavesites.test:${PORT}${path}`;

/** Collects console errors and CSP violations of a page. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    // A 404 page logs its own status; any other failed resource is a problem.
    if (m.text().includes('status of 404') && m.location().url === page.url()) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

const PAGES: [string, number][] = [
  ['/waveads/home', 200],
  ['/waveads/contact-us', 200],
  ['/tts1/home', 200],
  ['/tts1/article-detail/1', 200],
  ['/tts1/article-detail/abc', 404],
  ['/tts2/home', 200],
  ['/tts3/home', 200],
  ['/kuponz1/home', 200],
  ['/kuponz2/home', 200],
  ['/kuponz2/france', 200],
  ['/view/ecinf', 200],
  ['/', 404],
  ['/tts1/nope', 404],
];

for (const [path, status] of PAGES) {
  test(`prefixed set ${path}: ${status}, no console error, no CSP violation`, async ({ page }) => {
    const problems = watch(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await expect(page.locator('title')).not.toBeEmpty();
  });
}

for (const site of ['waveads', 'tts1', 'tts2', 'tts3', 'kuponz1', 'kuponz2', 'enicf']) {
  test(`${site} home under its own host name: no console error, no CSP violation`, async ({
    page,
  }) => {
    const problems = watch(page);
    const response = await page.goto(online(site, '/'));
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await expect(page.locator('h1, h2').first()).toBeVisible();
  });
}

test('online hosts answer only their own routes', async ({ page }) => {
  expect((await page.goto(online('tts1', '/')))?.status()).toBe(200);
  expect((await page.goto(online('tts1', '/article-detail/01')))?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
  expect((await page.goto(online('tts1', '/tts1/home')))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - 页面未找到' })).toBeVisible();
  expect((await page.goto(online('kuponz1', '/article_detail/1')))?.status()).toBe(200);
  expect((await page.goto(online('waveads', '/contact-us')))?.status()).toBe(200);
  expect((await page.goto(online('enicf', '/')))?.status()).toBe(200);
});

test('a 404 page is never indexed and leads back: home on a site host, every site elsewhere', async ({
  page,
}) => {
  const response = await page.goto(online('tts2', '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByText('您访问的页面不存在。')).toBeVisible();
  await Promise.all([
    page.waitForURL(online('tts2', '/')),
    page.getByRole('link', { name: '返回首页' }).click(),
  ]);
  await expect(page.locator('h1, h2').first()).toBeVisible();

  const prefixed = await page.goto('/no-such-page');
  expect(prefixed?.status()).toBe(404);
  expect(prefixed?.headers()['x-robots-tag']).toBe('noindex');
  const entries = page.getByRole('main').getByRole('link');
  await expect(entries).toHaveCount(7);
  await Promise.all([
    page.waitForURL('**/view/ecinf'),
    page.getByRole('link', { name: 'Block Blast!' }).click(),
  ]);
});

test('blog pages load no React: only the shared scroll script', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/kuponz2/home');
  await page.waitForLoadState('networkidle');
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/scroll-top-[\w-]+\.js$/);
});

test('waveads hydrates: the language menu opens, closes and switches the language', async ({
  page,
  context,
}) => {
  const problems = watch(page);
  await page.goto('/waveads/home');
  await hydrated(page); // a click before hydration reaches no handler
  const toggle = page.getByRole('button', { name: 'Language' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('link', { name: /日本語/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: /日本語/ })).toBeHidden();
  await toggle.click();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('link', { name: /日本語/ })).toBeHidden();
  await toggle.click();
  await Promise.all([
    page.waitForURL('**/waveads/ja/home'),
    page.getByRole('link', { name: /日本語/ }).click(),
  ]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('ja');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ja');
  // On the language's own URL the links stay in the language.
  await expect(page.getByRole('link', { name: 'お問い合わせ' })).toHaveAttribute(
    'href',
    '/waveads/ja/contact-us',
  );
  expect(problems).toEqual([]);
});

test('the waveads top bar hides on scrolling down and returns on scrolling up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 420 });
  await page.goto('/waveads/home');
  // The bar follows scroll events from hydration on: a wheel turned before it has nothing to follow.
  await hydrated(page);
  const bar = page.locator('header').first();
  await page.mouse.wheel(0, 300);
  await expect(bar).toHaveCSS('opacity', '0');
  await page.mouse.wheel(0, -200);
  await expect(bar).toHaveCSS('opacity', '1');
});

test('every page opens at the top, even on reload', async ({ page }) => {
  await page.goto('/tts2/article-detail/1');
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(500);
  await page.reload();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

test('root font size is 19px x min(width / 1920, 2) and follows resizes', async ({ page }) => {
  const size = () =>
    page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.goto('/tts3/home');
  expect(await size()).toBeCloseTo(19, 1);
  await page.setViewportSize({ width: 960, height: 900 });
  await expect.poll(size).toBeCloseTo(9.5, 1);
  await page.setViewportSize({ width: 4800, height: 900 });
  await expect.poll(size).toBeCloseTo(38, 1);
});
