import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  cli,
  CONTACT,
  DICTIONARIES,
  HOME,
  hydrated,
  LANGS,
  pausedClock,
  pdfBytes,
  uniqueTag,
  uploadReason,
  useLang,
  type Lang,
} from './waveads-support';

const UPLOAD_API = '**/api/pac-foreign/officialwebsite/upload?officialWebsiteName=waveads';

async function openDialog(page: Page, lang: Lang) {
  const d = DICTIONARIES[lang];
  await hydrated(page);
  const careers = page
    .getByRole('contentinfo')
    .getByRole('button', { name: new RegExp(d['nav.careers']) });
  await careers.click();
  const dialog = page.getByRole('dialog', { name: d['resume.title'] });
  await expect(dialog).toBeVisible();
  return dialog;
}

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdfBytes(name) });

/** The resumes in the store, exported by the server's CLI: file names. */
function exportedResumes(): string[] {
  const out = mkdtempSync(join(tmpdir(), 'waveads-resumes-'));
  cli(['resumes', 'export', out]);
  return readdirSync(out).filter((f) => f !== 'metadata.json');
}

for (const lang of LANGS) {
  const d = DICTIONARIES[lang];

  test.describe(`resume dialog in ${lang}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLang(context, lang);
    });

    test("opens from the careers text and says 'Please upload a file' without one", async ({
      page,
    }) => {
      let sent = 0;
      await page.route(UPLOAD_API, (route) => {
        sent++;
        return route.continue();
      });
      await page.goto(HOME);
      const dialog = await openDialog(page, lang);
      expect(
        await dialog.evaluate((el: HTMLDialogElement) => el.open && el.matches(':modal')),
      ).toBe(true);
      expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(600);
      await dialog.getByRole('button', { name: d['resume.submit'], exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(d['resume.noFile']);
      expect(sent).toBe(0);
      await dialog.getByRole('button', { name: d['resume.cancel'] }).click();
      await expect(dialog).toBeHidden();
    });

    test('a real upload reaches the store, says Upload successful, closes and clears', async ({
      page,
    }) => {
      const name = `${uniqueTag(`resume-${lang}`)}.pdf`;
      await page.goto(CONTACT);
      const dialog = await openDialog(page, lang);
      await dialog.locator('input[type=file]').setInputFiles(pdf(name));
      const item = dialog.getByRole('listitem');
      await expect(item).toContainText(name);
      await expect(item).toHaveAttribute('data-status', 'ready');
      const answered = page.waitForResponse((r) => r.url().includes('/officialwebsite/upload'));
      await dialog.getByRole('button', { name: d['resume.submit'], exact: true }).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data/);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: d['resume.success'] })).toBeVisible();

      // Opening it again: cleared.
      await page
        .getByRole('contentinfo')
        .getByRole('button', { name: new RegExp(d['nav.careers']) })
        .click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('listitem')).toHaveCount(0);
      await expect(dialog.locator('[role="alert"]')).toBeEmpty();

      const stored = exportedResumes().find((f) => f.endsWith(name));
      expect(stored, `${name} in the resumes export`).toBeDefined();
    });

    test("says Upload failed with the server's reason, and the item's tooltip tells why", async ({
      page,
    }) => {
      await page.route(UPLOAD_API, (route) =>
        route.fulfill({
          status: 415,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({
            code: 415,
            msg: 'only PDF, DOC, DOCX, ODT, RTF or TXT documents',
          }),
        }),
      );
      await page.goto(HOME);
      const dialog = await openDialog(page, lang);
      await dialog.locator('input[type=file]').setInputFiles(pdf('portfolio.pdf'));
      await dialog.getByRole('button', { name: d['resume.submit'], exact: true }).click();
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText(d['resume.failed']);
      await expect(alert).toContainText(uploadReason(lang, 'resume.reason.415'));
      const item = dialog.getByRole('listitem');
      await expect(item).toHaveAttribute('data-status', 'error');
      await expect(item).toContainText(d['resume.status.error']);
      const tooltip = dialog.getByRole('tooltip', { includeHidden: true });
      await page.mouse.move(0, 0);
      await expect(tooltip).toBeHidden();
      await item.hover();
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toHaveText(uploadReason(lang, 'resume.reason.415'));
      await page.mouse.move(0, 0);
      await expect(tooltip).toBeHidden();
      const why = dialog.getByRole('button', { name: d['resume.errorDetails'] });
      await why.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(tooltip).toBeVisible();
      await expect(why).toHaveAccessibleDescription(uploadReason(lang, 'resume.reason.415'));
      await expect(dialog).toBeVisible();
    });
  });
}

test.describe('resume dialog behaviour', () => {
  test('shows the chosen file 300 ms later, with a 200 px thumbnail; a new choice replaces it', async ({
    page,
  }) => {
    await pausedClock(page);
    await page.goto(HOME);
    const dialog = await openDialog(page, 'en');
    const input = dialog.locator('input[type=file]');
    await expect(input).not.toHaveAttribute('multiple');
    await input.setInputFiles(pdf('first.pdf'));
    const item = dialog.locator('li');
    await expect(item).toBeHidden();
    // The item's place is taken at the choice: showing it later moves nothing under the pointer.
    // (Layout offsets, not the bounding box: the dialog's opening animation scales it a little.)
    const submit = dialog.getByRole('button', { name: 'Submit', exact: true });
    const place = () => submit.evaluate((el: HTMLElement) => [el.offsetLeft, el.offsetTop]);
    const before = await place();
    await page.clock.runFor(299);
    await expect(item).toBeHidden();
    await page.clock.runFor(1);
    await expect(item).toBeVisible();
    expect(await place()).toEqual(before);
    await expect(item).toContainText('first.pdf');
    await expect(item).toContainText('Ready to send');
    const thumb = item.locator('[aria-hidden="true"]').first();
    expect(await thumb.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([200, 200]);

    await input.setInputFiles({
      name: 'second.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Resume'),
    });
    await page.clock.runFor(300);
    await expect(dialog.locator('li')).toHaveCount(1);
    await expect(item).toContainText('second.txt');
    await expect(dialog.getByRole('button', { name: 'Choose another file' })).toBeVisible();
  });

  test('removing the file marks it removed, then asks for one again', async ({ page }) => {
    // On a paused clock: the removed mark lasts 300 ms, which a busy machine's polling can miss.
    await pausedClock(page);
    await page.goto(HOME);
    const dialog = await openDialog(page, 'en');
    await dialog.locator('input[type=file]').setInputFiles(pdf('cv.pdf'));
    await page.clock.runFor(300);
    const remove = dialog.getByRole('button', { name: 'Remove cv.pdf' });
    await remove.click();
    await expect(dialog.locator('li')).toHaveAttribute('data-status', 'removed');
    await page.clock.runFor(299);
    await expect(dialog.locator('li')).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(dialog.locator('li')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please upload a file');
  });

  test('shows the percent progress while a real upload is sending', async ({ page }) => {
    const name = `${uniqueTag('resume-progress')}.pdf`;
    // A slow uplink, so the upload of ~600 KB lasts a few seconds.
    const cdp = await page.context().newCDPSession(page);
    await page.goto(HOME);
    const dialog = await openDialog(page, 'en');
    const padding = Buffer.from(`%${'0123456789abcdef'.repeat(38_000)}\n`, 'latin1');
    const file = Buffer.concat([
      pdfBytes(name).subarray(0, 9),
      padding,
      pdfBytes(name).subarray(9),
    ]);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: file });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 1_000_000,
      uploadThroughput: 150_000,
    });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    const item = dialog.locator('li');
    await expect(item).toHaveAttribute('data-status', 'uploading');
    await expect(dialog.getByRole('button', { name: 'Sending…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const progress = item.locator('progress');
    await expect
      .poll(() => progress.evaluate((p: HTMLProgressElement) => p.value), { intervals: [100] })
      .toBeGreaterThan(0);
    const percent = await progress.evaluate((p: HTMLProgressElement) => p.value);
    expect(percent).toBeLessThan(100);
    await expect(item).toContainText(/Uploading \d{1,2}%/);
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Upload successful' })).toBeVisible();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(exportedResumes().some((f) => f.endsWith(name))).toBe(true);
  });

  test('a file the server refuses (real API): Upload failed with its reason', async ({ page }) => {
    await page.goto(HOME);
    const dialog = await openDialog(page, 'en');
    // A PNG image named like a PDF: the server judges the type by the bytes.
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
      Buffer.alloc(64, 0x9c),
    ]);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: png });
    const answered = page.waitForResponse((r) => r.url().includes('/officialwebsite/upload'));
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    expect((await answered).status()).toBe(415);
    await expect(dialog.getByRole('alert')).toContainText('Upload failed');
    await expect(dialog.getByRole('alert')).toContainText(uploadReason('en', 'resume.reason.415'));
    await expect(dialog.locator('li')).toHaveAttribute('data-status', 'error');
  });

  for (const [status, key] of [
    [400, 'resume.reason.400'],
    [413, 'resume.reason.413'],
    [429, 'resume.reason.429'],
    [503, 'resume.reason.503'],
  ] as const) {
    test(`answer ${status}: Upload failed with the reason`, async ({ page }) => {
      await page.route(UPLOAD_API, (route) =>
        route.fulfill({
          status,
          contentType: 'application/json; charset=utf-8',
          headers: status === 429 ? { 'Retry-After': '600' } : {},
          body: JSON.stringify({ code: status, msg: 'refused' }),
        }),
      );
      await page.goto(HOME);
      const dialog = await openDialog(page, 'en');
      await dialog.locator('input[type=file]').setInputFiles(pdf('cv.pdf'));
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(dialog.getByRole('alert')).toContainText('Upload failed');
      await expect(dialog.getByRole('alert')).toContainText(uploadReason('en', key));
      await expect(dialog.getByRole('tooltip', { includeHidden: true })).toHaveText(
        uploadReason('en', key),
      );
    });
  }

  test('tooltip order: the status text when the answer has no reason', async ({ page }) => {
    await page.route(UPLOAD_API, (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto(HOME);
    const dialog = await openDialog(page, 'en');
    await dialog.locator('input[type=file]').setInputFiles(pdf('cv.pdf'));
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByRole('tooltip', { includeHidden: true })).toHaveText('Bad Gateway');
  });

  test('tooltip order: the exception when the request fails', async ({ page }) => {
    await page.route(UPLOAD_API, (route) => route.abort('connectionreset'));
    await page.goto(HOME);
    const dialog = await openDialog(page, 'en');
    await dialog.locator('input[type=file]').setInputFiles(pdf('cv.pdf'));
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('Upload failed');
    await expect(dialog.getByRole('tooltip', { includeHidden: true })).toHaveText(
      DICTIONARIES.en['resume.reason.network'],
    );
  });

  test('closes on Escape, the close button and the backdrop, clearing the file', async ({
    page,
  }) => {
    await page.goto(HOME);
    let dialog = await openDialog(page, 'en');
    await dialog.locator('input[type=file]').setInputFiles(pdf('cv.pdf'));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus returns to the careers text.
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: /Careers/ }),
    ).toBeFocused();

    dialog = await openDialog(page, 'en');
    await expect(dialog.locator('li')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    dialog = await openDialog(page, 'en');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test('is usable with the keyboard alone', async ({ page }) => {
    await page.goto(HOME);
    await hydrated(page);
    const careers = page.getByRole('contentinfo').getByRole('button', { name: /Careers/ });
    await careers.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send us your resume' });
    await expect(dialog).toBeVisible();
    // The focus starts inside, on the file chooser.
    await expect(dialog.locator('input[type=file]')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Submit', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Please upload a file');
  });
});
