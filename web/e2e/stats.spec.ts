import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DICTIONARIES, hydrated } from './waveads-support';

/**
 * Attribution and the dashboard, on a server of this file's own (its own store and a webhook it
 * listens to), so that no other test's traffic moves the numbers it compares:
 * - a visitor who arrives from an ad (/?utm_source=news&gclid=abc) and writes in from the
 *   contact page brings that attribution to the stored lead and to the webhook;
 * - the dashboard, opened in Chromium, shows what `wavesites stats --format json` says.
 */

const BUILD_DIR = process.env.WAVESITES_BUILD_DIR ?? '../build';
const BIN = resolve('../build/bin/wavesites');
/** A browser's own description: Playwright's headless Chromium calls itself HeadlessChrome, a crawler, whose views are not counted. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Hook {
  readonly port: number;
  readonly bodies: Record<string, unknown>[];
  close(): void;
}

function startHook(): Promise<Hook> {
  const bodies: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      res.writeHead(204).end();
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done({
        port: typeof address === 'object' && address !== null ? address.port : 0,
        bodies,
        close: () => server.close(),
      });
    }),
  );
}

let dir = '';
let server: ChildProcess | undefined;
let port = 0;
let hook: Hook;

const store = () => ['--config', join(dir, 'sites.toml'), '--data', join(dir, 'data')];
const cli = (args: readonly string[]) =>
  execFileSync(BIN, [...args, ...store()], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const at = (host: string, path: string) => `http://${host}.wavesites.test:${port}${path}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  hook = await startHook();
  dir = mkdtempSync(join(tmpdir(), 'wavesites-e2e-stats-'));
  writeFileSync(
    join(dir, 'sites.toml'),
    `${readFileSync('e2e/sites.e2e.toml', 'utf8')}\n[notify]\nwebhook_url = "http://127.0.0.1:${hook.port}/hook"\nwebhook_secret = "e2e"\n`,
  );
  const child = spawn(
    'env',
    [
      '--default-signal=PIPE',
      BIN,
      'serve',
      '--listen',
      '127.0.0.1:0',
      '--web',
      `${BUILD_DIR}/web`,
      ...store(),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  server = child;
  port = await new Promise<number>((done, fail) => {
    let err = '';
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString('utf8');
      const m = /"event":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(err);
      if (m) done(Number(m[1]));
    });
    child.on('exit', () => fail(new Error(`the server stopped: ${err}`)));
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  hook.close();
});

async function fillLead(page: Page, email: string) {
  const d = DICTIONARIES.en;
  const form = page.getByRole('form');
  const box = (label: string) => form.getByRole('textbox', { name: label, exact: true });
  await box(d['form.businessEmail.label']).fill(email);
  await box(d['form.firstName.label']).fill('Noa');
  await box(d['form.lastName.label']).fill('Peretz');
  const country = form.getByRole('combobox', { name: d['form.country.label'], exact: true });
  await expect(country.locator('option[value="IL"]')).toHaveCount(1);
  await country.selectOption('IL');
  await form
    .getByRole('combobox', { name: d['form.describes.label'], exact: true })
    .selectOption('advertiser');
  await box(d['form.companyName.label']).fill('Haifa Puzzle Works');
  await form.getByRole('checkbox', { name: d['form.agree.label'], exact: true }).check();
  return form.getByRole('button', { name: d['form.submit'], exact: true });
}

test('a lead after arriving from an ad carries its attribution to the store and the webhook', async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: BROWSER_UA, locale: 'en-US' });
  const page = await context.newPage();
  // The ad's landing page, then the contact page a few clicks later: the first page is what counts.
  await page.goto(at('waveads', '/?utm_source=news&gclid=abc'));
  await hydrated(page);
  await page.goto(at('waveads', '/privacy'));
  await page.goto(at('waveads', '/contact-us'));
  await hydrated(page);
  const email = `noa.${Date.now()}@haifa-puzzles.example`;
  const submit = await fillLead(page, email);
  const answered = page.waitForResponse((r) =>
    r.url().endsWith('/api/pac-foreign/officialwebsite/add'),
  );
  await submit.click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as { attribution?: Record<string, string> };
  expect(sent.attribution).toMatchObject({ utm_source: 'news', gclid: 'abc', landing_path: '/' });
  expect(sent.attribution?.first_seen).toMatch(/^\d{4}-\d\d-\d\dT/);

  const leads = JSON.parse(cli(['leads', 'export', '--format', 'json'])) as {
    id: string;
    businessEmail: string;
    attribution: Record<string, string>;
  }[];
  const lead = leads.find((l) => l.businessEmail === email);
  expect(lead?.attribution).toEqual(sent.attribution);
  const csv = cli(['leads', 'export']).split('\r\n');
  const header = csv[0]!.split(',');
  const row = csv.find((l) => l.includes(email))!.split('","');
  expect(row[header.indexOf('attribution.utm_source')]).toBe('news');
  expect(row[header.indexOf('attribution.gclid')]).toBe('abc');

  await expect
    .poll(() => hook.bodies.find((b) => (b.data as { id?: string } | undefined)?.id === lead?.id))
    .toBeTruthy();
  const delivered = hook.bodies.find((b) => (b.data as { id?: string }).id === lead?.id)!;
  expect(delivered.event).toBe('lead.created');
  expect((delivered.data as { attribution: unknown }).attribution).toEqual(sent.attribution);
  await context.close();
});

test('the dashboard shows what wavesites stats says', async ({ browser }) => {
  const reader = await browser.newContext({ userAgent: BROWSER_UA });
  const page = await reader.newPage();
  for (const path of ['/', '/article-detail/1', '/article-detail/2', '/privacy']) {
    await page.goto(at('tts2', `${path}?utm_source=newsletter&utm_campaign=winter`));
  }
  await page.goto(at('tts2', '/article-detail/1'));
  const out = page.locator('a[href^="/go/"]').first();
  await out.evaluate((a) => a.setAttribute('target', '_self'));
  await page.route('https://**', (route) => route.fulfill({ status: 204 })); // the shop itself stays unvisited
  await Promise.all([page.waitForRequest((r) => r.url().startsWith('https://')), out.click()]);
  await reader.close();

  // Counts reach the store within 10 s.
  const report = () =>
    JSON.parse(cli(['stats', '--format', 'json', '--web', `${BUILD_DIR}/web`])) as {
      sites: Record<
        string,
        {
          views: number;
          visitors: number;
          leads: number;
          links: Record<string, { clicks: number }>;
        }
      >;
    };
  await expect.poll(() => report().sites.tts2!.views, { timeout: 20_000 }).toBe(5);
  const r = report();
  const tts2 = r.sites.tts2!;
  expect(tts2.visitors).toBe(1);
  expect(Object.values(tts2.links).reduce((n, l) => n + l.clicks, 0)).toBe(1);

  const operator = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const dash = await operator.newPage();
  const errors: string[] = [];
  dash.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  dash.on('pageerror', (e) => errors.push(e.message));
  await dash.goto(`http://127.0.0.1:${port}/stats/`);
  // Every site's row says what the CLI says.
  const sites = dash.getByRole('table', { name: 'Sites' });
  await expect(sites).toBeVisible();
  for (const [site, s] of Object.entries(r.sites)) {
    const row = sites
      .getByRole('row')
      .filter({ has: dash.getByRole('button', { name: site, exact: true }) });
    const clicks = Object.values(s.links).reduce((n, l) => n + l.clicks, 0);
    await expect(row.getByRole('cell')).toHaveText([
      `${s.views}`,
      `${s.visitors}`,
      `${clicks}`,
      `${s.leads}`,
    ]);
  }
  // One site: its headline figures and its pages.
  await dash.getByRole('combobox', { name: 'Site' }).selectOption('tts2');
  await expect(dash).toHaveURL(/site=tts2/);
  const figure = (label: string) =>
    dash.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  await expect(figure('Views')).toHaveText('5');
  await expect(figure('Visitors')).toHaveText('1');
  await expect(figure('Link clicks')).toHaveText('1');
  const pages = dash.getByRole('table', { name: 'Top pages' });
  await expect(pages.getByRole('row').filter({ hasText: '/article-detail/1' })).toContainText('2');
  await expect(dash.getByRole('table', { name: 'Campaigns' })).toContainText('winter');
  await dash.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });
  expect(errors).toEqual([]);

  // A phone shows it without sideways scrolling.
  await dash.setViewportSize({ width: 390, height: 844 });
  expect(await dash.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await operator.close();
});
