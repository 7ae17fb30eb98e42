import { expect, test, type Page } from '@playwright/test';
import {
  cli,
  CONTACT,
  DICTIONARIES,
  globalHost,
  hydrated,
  LANGS,
  uniqueTag,
  useLang,
  watch,
  type Lang,
} from './waveads-support';

const LEAD_API = '**/api/pac-foreign/officialwebsite/add';

/** The form's controls, found by their role and accessible name (their visible label) in `lang`. */
function controls(page: Page, lang: Lang) {
  const d = DICTIONARIES[lang];
  const form = page.getByRole('form');
  const box = (key: keyof typeof d) => form.getByRole('textbox', { name: d[key], exact: true });
  return {
    form,
    businessEmail: box('form.businessEmail.label'),
    firstName: box('form.firstName.label'),
    lastName: box('form.lastName.label'),
    country: form.getByRole('combobox', { name: d['form.country.label'], exact: true }),
    describes: form.getByRole('combobox', { name: d['form.describes.label'], exact: true }),
    companyName: box('form.companyName.label'),
    remark: box('form.remark.label'),
    agree: form.getByRole('checkbox', { name: d['form.agree.label'], exact: true }),
    submit: form.getByRole('button', { name: d['form.submit'], exact: true }),
  };
}

/** Fills a valid lead through the form's labels in `lang`. */
async function fillValid(page: Page, lang: Lang, email: string) {
  const c = controls(page, lang);
  await c.businessEmail.fill(email);
  await c.firstName.fill('Ana');
  await c.lastName.fill('Ruiz');
  await expect(c.country.locator('option[value="MX"]')).toHaveCount(1);
  await c.country.selectOption('MX');
  await c.describes.selectOption('advertiser');
  await c.companyName.fill('Example Apps');
  await c.remark.fill(`Browser test (${lang})`);
  await c.agree.check();
}

/** The messages an empty submit shows, field by field (the remark is optional). */
const REQUIRED = [
  ['businessEmail', 'form.businessEmail.required'],
  ['firstName', 'form.firstName.required'],
  ['lastName', 'form.lastName.required'],
  ['country', 'form.country.required'],
  ['describes', 'form.describes.required'],
  ['companyName', 'form.companyName.required'],
  ['agree', 'form.agree.required'],
] as const;

for (const lang of LANGS) {
  const d = DICTIONARIES[lang];

  test.describe(`contact page in ${lang}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLang(context, lang);
    });

    test('shows the banner and the labelled form, at most 800 px wide', async ({ page }) => {
      const problems = watch(page);
      const response = await page.goto(CONTACT);
      expect(await response!.text()).toContain(`<html lang="${lang}">`);
      await expect(page).toHaveTitle(d['meta.contact.title']);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['contact.banner.title']);
      const form = page.getByRole('form', { name: d['contact.form.title'] });
      await expect(form).toBeVisible();
      await page.setViewportSize({ width: 1600, height: 900 });
      expect((await form.boundingBox())!.width).toBeLessThanOrEqual(800);
      const c = controls(page, lang);
      for (const field of [
        'businessEmail',
        'firstName',
        'lastName',
        'country',
        'describes',
        'companyName',
        'remark',
        'agree',
      ] as const) {
        await expect(c[field]).toBeVisible();
      }
      // Every label is visible text on the page, not only an accessible name.
      for (const key of [
        'form.businessEmail.label',
        'form.country.label',
        'form.agree.label',
      ] as const) {
        await expect(form.locator('label', { hasText: d[key] })).toBeVisible();
      }
      const describes = c.describes;
      await expect(describes.locator('option')).toHaveText([
        d['form.describes.placeholder'],
        d['form.describes.option.advertiser'],
        d['form.describes.option.retailer'],
        d['form.describes.option.agency'],
        d['form.describes.option.publisher'],
        d['form.describes.option.streaming'],
        d['form.describes.option.other'],
      ]);
      // The honeypot is out of sight and out of reach.
      const honeypot = form.locator('input[name="website"]');
      await expect(honeypot).toHaveAttribute('tabindex', '-1');
      await expect(honeypot).toHaveValue('');
      const box = (await honeypot.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(0);
      expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(
        true,
      );
      await expect(form.getByRole('textbox')).toHaveCount(5); // the honeypot is not among them
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    test('fills the country select from the API, in the page language', async ({
      page,
      request,
    }) => {
      const list = (await (
        await request.get('/pac-foreign/officialwebsite/country/lsit')
      ).json()) as { data: Record<string, string>[] };
      expect(list.data.length).toBeGreaterThan(200);
      const fetched = page.waitForRequest('**/pac-foreign/officialwebsite/country/lsit');
      await page.goto(CONTACT);
      await fetched;
      const select = controls(page, lang).country;
      await expect(select.locator('option')).toHaveCount(list.data.length + 1);
      for (const code of ['JP', 'BR', 'DE', 'ID']) {
        const country = list.data.find((c) => c.code === code)!;
        const name = country[`${lang}Txt`] || country.enTxt!;
        await expect(select.locator(`option[value="${code}"]`)).toHaveText(name);
      }
    });

    test('shows every message at once on an empty submit and focuses the first field', async ({
      page,
    }) => {
      let sent = 0;
      await page.route(LEAD_API, (route) => {
        sent++;
        return route.continue();
      });
      await page.goto(CONTACT);
      await hydrated(page);
      const c = controls(page, lang);
      await c.submit.click();
      for (const [field, key] of REQUIRED) {
        await expect(c[field]).toHaveAttribute('aria-invalid', 'true');
        await expect(c[field]).toHaveAccessibleDescription(d[key]);
        await expect(c.form.getByText(d[key], { exact: true }).last()).toBeVisible();
      }
      await expect(c.businessEmail).toBeFocused();
      await expect(c.remark).toHaveAttribute('aria-invalid', 'false');
      expect(sent).toBe(0);

      // Messages follow the input from then on; the focus goes to the first invalid field left.
      await c.businessEmail.fill('not-an-email');
      await expect(c.businessEmail).toHaveAccessibleDescription(d['form.businessEmail.email']);
      await c.businessEmail.fill('ana@example.com');
      await expect(c.businessEmail).toHaveAttribute('aria-invalid', 'false');
      await c.firstName.fill('   ');
      await c.submit.click();
      const first = lang === 'ja' || lang === 'ko' ? c.lastName : c.firstName;
      await expect(first).toBeFocused();
      await expect(c.firstName).toHaveAccessibleDescription(d['form.firstName.required']);
    });

    test('counts the remark up to 500 characters', async ({ page }) => {
      await page.goto(CONTACT);
      await hydrated(page);
      const remark = controls(page, lang).remark;
      await expect(
        page.getByText(d['form.remark.counter'].replace('{count}', '0').replace('{max}', '500')),
      ).toBeVisible();
      await remark.fill('a'.repeat(520));
      await expect(remark).toHaveValue('a'.repeat(500));
      await expect(
        page.getByText(d['form.remark.counter'].replace('{count}', '500').replace('{max}', '500')),
      ).toBeVisible();
    });

    test('a real submission reaches the store and says submit successfully', async ({ page }) => {
      const email = `${uniqueTag(`lead-${lang}`)}@example.com`;
      await page.goto(CONTACT);
      await hydrated(page);
      await fillValid(page, lang, email);
      const answered = page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/pac-foreign/officialwebsite/add') &&
          r.request().method() === 'POST',
      );
      await controls(page, lang).submit.click();
      const response = await answered;
      expect(response.status()).toBe(200);
      const body = response.request().postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        businessEmail: email,
        country: 'MX',
        describes: 'advertiser',
        agree: true,
        officialWebsiteName: 'waveads',
        language: lang,
        website: '',
      });
      expect(body.consentVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const notice = page.getByRole('status').filter({ hasText: d['notice.submitSuccess.title'] });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(d['notice.submitSuccess.text']);
      await expect(controls(page, lang).businessEmail).toHaveValue('');

      const leads = JSON.parse(cli(['leads', 'export', '--format', 'json'])) as Record<
        string,
        unknown
      >[];
      expect(leads.find((l) => l.businessEmail === email)).toMatchObject({
        firstName: 'Ana',
        lastName: 'Ruiz',
        country: 'MX',
        companyName: 'Example Apps',
        remark: `Browser test (${lang})`,
        language: lang,
        officialWebsiteName: 'waveads',
      });
    });

    test('says submit wrong when the API fails', async ({ page }) => {
      const statuses = [400, 413, 415, 429, 503];
      const status = statuses[LANGS.indexOf(lang) % statuses.length]!;
      await page.route(LEAD_API, (route) =>
        route.fulfill({
          status,
          contentType: 'application/json; charset=utf-8',
          headers: status === 429 ? { 'Retry-After': '3600' } : {},
          body: JSON.stringify({ code: status, msg: 'failed' }),
        }),
      );
      await page.goto(CONTACT);
      await hydrated(page);
      await fillValid(page, lang, 'ana@example.com');
      await controls(page, lang).submit.click();
      const notice = page.getByRole('alert').filter({ hasText: d['notice.submitError.title'] });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(d['notice.submitError.text']);
    });
  });
}

test.describe('contact form failures and states (en)', () => {
  for (const [what, reply] of [
    ['400', { status: 400, body: { code: 400, msg: 'invalid', errors: {} } }],
    ['413', { status: 413, body: { code: 413, msg: 'too large' } }],
    ['415', { status: 415, body: { code: 415, msg: 'not JSON' } }],
    [
      '429',
      { status: 429, body: { code: 429, msg: 'slow down' }, headers: { 'Retry-After': '60' } },
    ],
    ['503', { status: 503, body: { code: 503, msg: 'store unavailable' } }],
    ['200 with code 500', { status: 200, body: { code: 500, msg: 'odd' } }],
  ] as const) {
    test(`answer ${what}: the error notice`, async ({ page }) => {
      await page.route(LEAD_API, (route) =>
        route.fulfill({
          status: reply.status,
          contentType: 'application/json; charset=utf-8',
          headers: 'headers' in reply ? reply.headers : {},
          body: JSON.stringify(reply.body),
        }),
      );
      await page.goto(CONTACT);
      await hydrated(page);
      await fillValid(page, 'en', 'ana@example.com');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toContainText('submit wrong');
      await expect(page.getByRole('alert')).toContainText('something went wrong');
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    });
  }

  test('a network failure: the error notice', async ({ page }) => {
    await page.route(LEAD_API, (route) => route.abort('connectionreset'));
    await page.goto(CONTACT);
    await hydrated(page);
    await fillValid(page, 'en', 'ana@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('submit wrong');
  });

  test("a 400 with field errors marks those fields with the server's message", async ({
    page,
    context,
  }) => {
    await useLang(context, 'ja');
    const ja = DICTIONARIES.ja;
    await page.route(LEAD_API, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({
          code: 400,
          msg: 'please correct the highlighted fields',
          errors: { companyName: 'Please input company name!' },
        }),
      }),
    );
    await page.goto(CONTACT);
    await hydrated(page);
    await fillValid(page, 'ja', 'ana@example.com');
    await page.getByRole('button', { name: ja['form.submit'] }).click();
    await expect(page.getByRole('alert')).toContainText(ja['notice.submitError.title']);
    const company = controls(page, 'ja').companyName;
    await expect(company).toBeFocused();
    await expect(company).toHaveAccessibleDescription(ja['form.companyName.required']);
  });

  test('the submit button shows its loading state while sending', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(LEAD_API, async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 503, msg: 'store unavailable' }),
      });
    });
    await page.goto(CONTACT);
    await hydrated(page);
    await fillValid(page, 'en', 'ana@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    const sending = page.getByRole('button', { name: 'Sending…' });
    await expect(sending).toHaveAttribute('aria-disabled', 'true');
    await expect(sending).toHaveAttribute('data-loading', 'true');
    release();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('submit wrong');
  });

  test('the global host serves the form at /contact-us', async ({ page }) => {
    const response = await page.goto(globalHost('/contact-us'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in touch');
    await expect(page.getByRole('form')).toBeVisible();
  });
});
