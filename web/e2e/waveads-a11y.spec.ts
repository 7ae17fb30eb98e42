import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CONTACT, DICTIONARIES, HOME, hydrated, LANGS, useLang } from './waveads-support';

/** Every WCAG 2.0-2.2 A and AA rule and axe's best practices. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

for (const lang of LANGS) {
  const d = DICTIONARIES[lang];

  test.describe(`axe in ${lang}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLang(context, lang);
    });

    test('home page: no violations', async ({ page }) => {
      await page.goto(HOME);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    });

    test('home page with the language menu open: no violations', async ({ page }) => {
      await page.goto(HOME);
      await hydrated(page);
      await page.getByRole('button', { name: /Language/ }).click();
      expect(await violations(page)).toEqual([]);
    });

    test('contact page, also with every message shown: no violations', async ({ page }) => {
      await page.goto(CONTACT);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
      await page.getByRole('form').getByRole('button', { name: d['form.submit'] }).click();
      await expect(page.getByRole('form').locator('[aria-invalid="true"]')).toHaveCount(7);
      expect(await violations(page)).toEqual([]);
    });

    test('resume dialog, with a message and a file: no violations', async ({ page }) => {
      await page.goto(HOME);
      await hydrated(page);
      await page
        .getByRole('contentinfo')
        .getByRole('button', { name: new RegExp(d['nav.careers']) })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: d['resume.submit'], exact: true }).click();
      await expect(dialog.locator('[role="alert"]')).not.toBeEmpty();
      await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      expect(await violations(page)).toEqual([]);
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'cv.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Ana Ruiz, growth marketer'),
      });
      const item = dialog.getByRole('listitem');
      await expect(item).toBeVisible();
      // Let its appearing animation end: axe would measure the colours half faded.
      await item.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      expect(await violations(page)).toEqual([]);
    });
  });
}

test('a success notice: no violations', async ({ page }) => {
  await page.route('**/api/pac-foreign/officialwebsite/upload?officialWebsiteName=waveads', (r) =>
    r.fulfill({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 200, msg: 'success', data: { id: 'a11y' } }),
    }),
  );
  await page.goto(CONTACT);
  await hydrated(page);
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: /Careers/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'cv.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Ana Ruiz'),
  });
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Upload successful' });
  await expect(notice).toBeVisible();
  await notice.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  expect(await violations(page)).toEqual([]);
});
