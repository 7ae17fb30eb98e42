import { expect, test, type Page } from '@playwright/test';
import { DICTIONARIES, PORT, hydrated, pausedClock } from './waveads-support';

/**
 * What a visitor sees, guarded: every page kind of every site, and the WaveAds states a visitor
 * opens (the careers dialog, the language menu, the contact form's messages), at a phone's size
 * (390 x 844) and a desktop's (1440 x 900), compared with the baselines in
 * e2e/__screenshots__/. A change that moves pixels on purpose updates them in the same commit:
 *   npx playwright test screenshots --update-snapshots
 * The browser renders with the fonts make test installs only (e2e/fonts/fonts.conf), the clock
 * stands still (no slide moves), animations are stopped and every lazy picture is loaded.
 */
const host = (site: string) => `http://${site}.wavesites.test:${PORT}`;
const LOCAL = `http://127.0.0.1:${PORT}`;

const PAGES: readonly (readonly [name: string, url: string])[] = [
  ['waveads-home', `${host('waveads')}/`],
  ...(['ja', 'ko', 'es', 'pt'] as const).map(
    (l) => [`waveads-home-${l}`, `${host('waveads')}/${l}/`] as const,
  ),
  ['waveads-contact', `${host('waveads')}/contact-us`],
  ['waveads-privacy', `${host('waveads')}/privacy`],
  ['waveads-privacy-ja', `${host('waveads')}/ja/privacy`],
  ['tts1-home', `${host('tts1')}/`],
  ['tts1-article', `${host('tts1')}/article-detail/6`],
  ['tts1-privacy', `${host('tts1')}/privacy`],
  ['tts2-home', `${host('tts2')}/`],
  ['tts2-article', `${host('tts2')}/article-detail/11`],
  ['tts3-home', `${host('tts3')}/`],
  ['tts3-article', `${host('tts3')}/article-detail/6`],
  ['kuponz1-home', `${host('kuponz1')}/`],
  ['kuponz1-article', `${host('kuponz1')}/article_detail/11`],
  ['kuponz2-home', `${host('kuponz2')}/`],
  ['kuponz2-article', `${host('kuponz2')}/article-detail/10`],
  ['kuponz2-france', `${host('kuponz2')}/france`],
  ['landing', `${host('enicf')}/`],
  ['landing-privacy', `${host('enicf')}/privacy`],
  ['not-found', `${LOCAL}/no/such/page`],
];

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Loads every lazy picture now and waits until each is decoded, and the fonts too. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll('img')) img.loading = 'eager';
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
}

async function open(page: Page, url: string): Promise<void> {
  await pausedClock(page);
  const response = await page.goto(url);
  expect(response?.ok() || response?.status() === 404).toBe(true);
  if (await page.locator('#root[data-page]').count()) await hydrated(page);
  await settle(page);
}

/**
 * Waits until every finite animation has ended (the careers dialog's pop is 200 ms): on a busy
 * machine the capture could start inside it, before 'animations: disabled' took hold.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await animationsDone(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage,
    animations: 'disabled',
    caret: 'hide',
  });
}

for (const size of SIZES) {
  test.describe(`${size.name} ${size.width} x ${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const [name, url] of PAGES) {
      test(name, async ({ page }) => {
        await open(page, url);
        await shot(page, `${name}-${size.name}`);
      });
    }

    test('waveads careers dialog, open', async ({ page }) => {
      await open(page, `${host('waveads')}/`);
      await page
        .getByRole('contentinfo')
        .getByRole('button', { name: new RegExp(DICTIONARIES.en['nav.careers']) })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, `waveads-careers-dialog-${size.name}`, false);
    });

    test('waveads language menu, open', async ({ page }) => {
      await open(page, `${host('waveads')}/`);
      await page.getByRole('button', { name: /Language/ }).click();
      await expect(page.getByRole('link', { name: '日本語' })).toBeVisible();
      await shot(page, `waveads-language-menu-${size.name}`, false);
    });

    test('waveads contact form, every message shown', async ({ page }) => {
      await open(page, `${host('waveads')}/contact-us`);
      await page.getByRole('button', { name: DICTIONARIES.en['form.submit'] }).click();
      await expect(page.getByText(DICTIONARIES.en['form.agree.required'])).toBeVisible();
      const form = page.locator('main form');
      await form.scrollIntoViewIfNeeded();
      await animationsDone(page);
      await expect(form).toHaveScreenshot(`waveads-contact-messages-${size.name}.png`, {
        animations: 'disabled',
        caret: 'hide',
      });
    });
  });
}
