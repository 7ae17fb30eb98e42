import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  CONTACT,
  DICTIONARIES,
  globalHost,
  HOME,
  hydrated,
  LANGS,
  pausedClock,
  useLang,
  watch,
} from './waveads-support';

/** The number (1-6) of the testimonial shown: its dot is the current one, its slide the only visible. */
async function shownSlide(page: Page): Promise<number> {
  const carousel = page.locator('[aria-roledescription="carousel"]');
  const current = await carousel
    .locator('ul button')
    .evaluateAll((dots) => dots.flatMap((d, i) => (d.getAttribute('aria-current') ? [i + 1] : [])));
  const visible = await carousel
    .locator('[aria-roledescription="slide"]')
    .evaluateAll((slides) =>
      slides.flatMap((s, i) => (s.getAttribute('aria-hidden') === 'true' ? [] : [i + 1])),
    );
  if (current.length !== 1 || visible.length !== 1 || current[0] !== visible[0]) return -1;
  return current[0]!;
}

async function expectSlide(page: Page, n: number) {
  await expect.poll(() => shownSlide(page)).toBe(n);
}

for (const lang of LANGS) {
  const d = DICTIONARIES[lang];

  test.describe(`home page in ${lang}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLang(context, lang);
    });

    test('is prerendered in the language with every section of docs/product.md', async ({
      page,
    }) => {
      const problems = watch(page);
      const response = await page.goto(HOME);
      expect(response?.status()).toBe(200);
      // No flash of English: the first response is already in the language.
      const html = await response!.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(d['home.banner.title']);
      await expect(page).toHaveTitle(d['meta.home.title']);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['home.banner.title']);
      for (const key of [
        'home.about.title',
        'home.services.title',
        'home.team.title',
        'home.trusted.title',
        'home.partners.title',
      ] as const) {
        await expect(page.getByRole('heading', { level: 2, name: d[key] })).toBeVisible();
      }
      const main = page.getByRole('main');
      await expect(main).toContainText(d['home.about.text']);
      await expect(main).toContainText('2017');
      await expect(main).toContainText(d['home.about.headquartersValue']);
      for (const service of ['ua', 'retargeting', 'aso', 'monetisation', 'lifecycle'] as const) {
        await expect(
          page.getByRole('heading', { level: 3, name: d[`home.services.${service}.title`] }),
        ).toBeVisible();
      }
      for (const who of [
        'developers',
        'brands',
        'advertisers',
        'retailers',
        'agencies',
        'publishers',
        'streaming',
      ] as const) {
        await expect(main).toContainText(d[`home.audiences.${who}`]);
      }

      // Global Team: three regional heads with their drawn portraits and roles.
      for (const [region, name] of [
        ['sea', 'Nadia Santoso'],
        ['latam', 'Mateo Ferreira'],
        ['eastAsia', 'Yuna Park'],
      ] as const) {
        const card = page.getByRole('listitem').filter({ hasText: name });
        await expect(card).toContainText(d[`home.team.${region}.role`]);
        const portrait = card.getByRole('img', {
          name: d['home.team.portrait'].replace('{name}', name),
        });
        await portrait.scrollIntoViewIfNeeded();
        await expect
          .poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBe(200);
      }

      // Partnership cards: buying models, countries, channels, goals, the figures of docs/product.md (Figures).
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(2);
      for (const key of [
        'home.partners.commerce.model',
        'home.partners.finance.model',
        'home.partners.commerce.channels',
        'home.partners.finance.goals',
        'home.partners.commerce.gmvValue',
        'home.partners.commerce.roiValue',
        'home.partners.finance.costValue',
        'home.partners.finance.registration',
      ] as const) {
        await expect(main).toContainText(d[key]);
      }
      await expect(cards.nth(1)).toContainText('1.5x');
      await expect(cards.nth(1)).toContainText('2X');
      for (const code of ['ID', 'VN', 'PH', 'MY', 'SG'] as const) {
        await expect(cards.first()).toContainText(d[`home.countries.${code}`]);
      }
      for (const region of ['latam', 'us', 'sea', 'eu', 'cis'] as const) {
        await expect(
          page.getByRole('heading', { level: 4, name: d[`home.regions.${region}`], exact: true }),
        ).toBeVisible();
      }

      // Top bar and careers footer, in the language.
      await expect(page.getByRole('button', { name: /Language/ })).toBeVisible();
      await expect(
        page.getByRole('banner').getByRole('link', { name: d['nav.contactUs'] }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(d['nav.careers']);
      await expect(page.getByRole('contentinfo')).toContainText(d['footer.copyright']);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    test('the menu lists the five languages and closes on Escape and outside clicks', async ({
      page,
    }) => {
      await page.goto(HOME);
      await hydrated(page);
      const toggle = page.getByRole('button', { name: /Language/ });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const list = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      const options = list.getByRole('link');
      await expect(options).toHaveCount(5);
      for (const [code, key] of [
        ['en', 'nav.english'],
        ['ja', 'nav.japanese'],
        ['ko', 'nav.korean'],
        ['es', 'nav.spanish'],
        ['pt', 'nav.portuguese'],
      ] as const) {
        const option = list.locator(`a[lang="${code}"]`);
        await expect(option).toHaveAttribute('hreflang', code);
        await expect(option).toHaveAttribute(
          'href',
          code === 'en' ? HOME : HOME.replace('/waveads/', `/waveads/${code}/`),
        );
        if (code === lang) await expect(option).toHaveAttribute('aria-current', 'true');
        // Each language in its own name, with its name in the page language beside it.
        else await expect(option).toContainText(d[key]);
      }
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
      await expect(list).toBeVisible();
      await page.getByRole('heading', { level: 1 }).click();
      await expect(list).toBeHidden();
      await toggle.click();
      await toggle.click();
      await expect(list).toBeHidden();
    });
  });
}

test.describe('languages', () => {
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    test(`choosing ${lang} opens its URL, stores it, and / then comes in ${lang}`, async ({
      page,
      context,
    }) => {
      const d = DICTIONARIES[lang];
      await page.goto(HOME);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await hydrated(page);
      await page.getByRole('button', { name: 'Language' }).click();
      await Promise.all([
        page.waitForURL(`**/waveads/${lang}/home`),
        page.locator(`a[lang="${lang}"]`).click(),
      ]);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['home.banner.title']);
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
      expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe(lang);

      // Persistence: the cookie-picked URLs now come in the language from the first byte.
      const again = await page.goto(HOME);
      expect(await again!.text()).toContain(`<html lang="${lang}">`);
      const contact = await page.goto(CONTACT);
      expect(await contact!.text()).toContain(`<html lang="${lang}">`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['contact.banner.title']);
    });
  }

  test('defaults to English', async ({ page }) => {
    const response = await page.goto(HOME);
    expect(await response!.text()).toContain('<html lang="en">');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBeNull();
  });

  test('switches the dictionary at run time when only localStorage remembers the language', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => localStorage.setItem('lang', 'ko'));
    const response = await page.goto(HOME);
    expect(await response!.text()).toContain('<html lang="en">'); // no cookie: English page
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      DICTIONARIES.ko['home.banner.title'],
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page).toHaveTitle(DICTIONARIES.ko['meta.home.title']);
    // ...and restores the cookie, so the next page comes prerendered in Korean.
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('ko');
  });

  test("a language's own URL needs no cookie: cacheable, in its language, its links too", async ({
    page,
  }) => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      for (const [path, title] of [
        [`/${lang}/`, 'home.banner.title'],
        [`/${lang}/contact-us`, 'contact.banner.title'],
      ] as const) {
        const response = (await page.goto(globalHost(path)))!;
        expect(response.status()).toBe(200);
        expect(response.headers()['vary']).toBe('Accept-Encoding');
        const html = await response.text();
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain(DICTIONARIES[lang][title]);
      }
    }
    // The unprefixed URLs are the ones the cookie picks: they vary by it.
    expect((await page.goto(globalHost('/contact-us')))!.headers()['vary']).toBe(
      'Accept-Encoding, Cookie',
    );

    // A visitor from a search result, no cookie and another stored language, stays in Japanese.
    await page.goto(globalHost('/ja/'));
    await page.evaluate(() => localStorage.setItem('lang', 'es'));
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      DICTIONARIES.ja['home.banner.title'],
    );
    await Promise.all([
      page.waitForURL(globalHost('/ja/contact-us')),
      page
        .getByRole('banner')
        .getByRole('link', { name: DICTIONARIES.ja['nav.contactUs'] })
        .click(),
    ]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      DICTIONARIES.ja['contact.banner.title'],
    );
    // Choosing English from there goes to the cookie-picked URL, now in English.
    await hydrated(page);
    await page.getByRole('button', { name: /Language/ }).click();
    await Promise.all([
      page.waitForURL(globalHost('/contact-us')),
      page.locator('a[lang="en"]').click(),
    ]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('top bar', () => {
  test('slides up and fades on scrolling down, and comes back on scrolling up', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1200, height: 700 });
    await page.goto(HOME);
    await hydrated(page);
    const bar = page.getByRole('banner');
    await expect(bar).toHaveCSS('opacity', '1');
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 600);
    await expect(bar).toHaveCSS('opacity', '0');
    await expect
      .poll(() => bar.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42))
      .toBeLessThan(-40);
    await page.mouse.wheel(0, -200);
    await expect(bar).toHaveCSS('opacity', '1');
    await expect
      .poll(() => bar.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42))
      .toBe(0);
  });

  test('the logo goes home with a full page load', async ({ page }) => {
    await page.goto(CONTACT);
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await Promise.all([
      page.waitForEvent('load'),
      page
        .getByRole('banner')
        .getByRole('link', { name: /WaveAds/ })
        .click(),
    ]);
    expect(new URL(page.url()).pathname).toBe(HOME);
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(false);
    // On the home page itself it reloads too.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await Promise.all([
      page.waitForEvent('load'),
      page
        .getByRole('banner')
        .getByRole('link', { name: /WaveAds/ })
        .click(),
    ]);
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(false);
  });

  test('CONTACT US goes to /waveads/contact-us here and /contact-us on the global host', async ({
    page,
  }) => {
    await page.goto(HOME);
    const contact = page.getByRole('banner').getByRole('link', { name: 'Contact Us' });
    await expect(contact).toHaveText('Contact Us');
    await expect(contact).toHaveCSS('text-transform', 'uppercase');
    await contact.click();
    await expect(page).toHaveURL(/\/waveads\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in touch');

    await page.goto(globalHost('/'));
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(globalHost('/contact-us'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in touch');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /WaveAds/ })
      .click();
    await expect(page).toHaveURL(globalHost('/'));
  });
});

test.describe('testimonial slider', () => {
  const carousel = (page: Page): Locator => page.locator('[aria-roledescription="carousel"]');

  test('six slides, six dots, a move every 5000 ms wrapping around', async ({ page }) => {
    await pausedClock(page);
    await page.goto(HOME);
    await hydrated(page);
    await expect(carousel(page).locator('[aria-roledescription="slide"]')).toHaveCount(6);
    await expect(carousel(page).locator('ul button')).toHaveCount(6);
    await expectSlide(page, 1);
    await page.clock.runFor(4999);
    await expectSlide(page, 1);
    await page.clock.runFor(1);
    await expectSlide(page, 2);
    for (const n of [3, 4, 5, 6, 1]) {
      await page.clock.runFor(5000);
      await expectSlide(page, n);
    }
  });

  test('previous, next and a dot restart the timer', async ({ page }) => {
    await pausedClock(page);
    await page.goto(HOME);
    await hydrated(page);
    await page.clock.runFor(3000);
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expectSlide(page, 2);
    await page.clock.runFor(4900); // 7900 ms after load: the first timer would have moved at 5000
    await expectSlide(page, 2);
    await page.clock.runFor(100);
    await expectSlide(page, 3);

    await page.clock.runFor(4000);
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    await expectSlide(page, 2);
    await page.clock.runFor(4900);
    await expectSlide(page, 2);
    await page.clock.runFor(100);
    await expectSlide(page, 3);

    await page.clock.runFor(2000);
    await page.getByRole('button', { name: 'Show testimonial 5' }).click();
    await expectSlide(page, 5);
    await page.clock.runFor(4900);
    await expectSlide(page, 5);
    await page.clock.runFor(100);
    await expectSlide(page, 6);
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    await page.getByRole('button', { name: 'Show testimonial 1' }).click();
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    await expectSlide(page, 6); // wraps backwards too
  });

  test('slides in 0.5 s', async ({ page }) => {
    await page.goto(HOME);
    await hydrated(page);
    await page.getByRole('button', { name: 'Pause the testimonials' }).click();
    const slide = carousel(page).locator('[aria-roledescription="slide"]').nth(1);
    const x = () => slide.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
    expect(await x()).toBeGreaterThan(100); // waiting on the right
    const started = Date.now();
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(slide).toHaveCSS('transition-duration', '0.5s');
    await expect(slide).toHaveCSS('transition-property', 'transform');
    // It comes in from the right and settles about 0.5 s later.
    await expect.poll(x, { intervals: [20] }).toBeLessThan(1);
    const took = Date.now() - started;
    expect(took).toBeGreaterThan(350);
    expect(took).toBeLessThan(1500);
  });

  test('the slides are translated', async ({ page, context }) => {
    await useLang(context, 'pt');
    await pausedClock(page);
    await page.goto(HOME);
    await hydrated(page);
    const shown = carousel(page).locator(
      '[aria-roledescription="slide"]:not([aria-hidden="true"])',
    );
    await expect(shown).toContainText(DICTIONARIES.pt['home.testimonial.1.quote']);
    await page.getByRole('button', { name: DICTIONARIES.pt['home.slider.next'] }).click();
    await expect(shown).toContainText(DICTIONARIES.pt['home.testimonial.2.quote']);
  });

  test('does not rotate or animate under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pausedClock(page);
    await page.goto(HOME);
    await hydrated(page);
    await page.clock.runFor(20000);
    await expectSlide(page, 1);
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expectSlide(page, 2);
    const slide = carousel(page).locator('[aria-roledescription="slide"]').nth(1);
    expect(
      await slide.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration)),
    ).toBeLessThan(0.001);
    await page.getByRole('button', { name: 'Play the testimonials' }).click();
    await page.clock.runFor(5000);
    await expectSlide(page, 3);
  });

  test('pauses with its rotation button', async ({ page }) => {
    await pausedClock(page);
    await page.goto(HOME);
    await hydrated(page);
    await page.getByRole('button', { name: 'Pause the testimonials' }).click();
    await page.clock.runFor(15000);
    await expectSlide(page, 1);
  });
});

test.describe('logo wall', () => {
  test('is duplicated once on load and loops seamlessly', async ({ page }) => {
    const response = await page.goto(HOME);
    const html = await response!.text();
    const track = page.locator('ul[data-count]');
    // Prerendered once...
    expect(html).toContain('data-count="10"');
    // ...duplicated once after loading: the copy hidden from assistive technology.
    await expect(track).toHaveAttribute('data-count', '20');
    await expect(track.locator('li')).toHaveCount(20);
    await expect(track.locator('li[aria-hidden="true"]')).toHaveCount(10);
    await expect(track.getByRole('img')).toHaveCount(10);
    const names = await track
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(names.slice(10)).toEqual(names.slice(0, 10));
    // Moving by half the strip lands the copy exactly where the first set started.
    const geometry = await track.evaluate((ul) => {
      const items = [...ul.children] as HTMLElement[];
      return { width: ul.scrollWidth, copyStart: items[10]!.offsetLeft - items[0]!.offsetLeft };
    });
    expect(geometry.copyStart * 2).toBe(geometry.width);
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
    expect(await track.evaluate((el) => getComputedStyle(el).animationIterationCount)).toBe(
      'infinite',
    );
    await page.getByRole('button', { name: 'Pause the logo animation' }).click();
    await expect(track).toHaveCSS('animation-play-state', 'paused');
  });

  test('stands still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(HOME);
    const track = page.locator('ul[data-count]');
    await expect(track).toHaveAttribute('data-count', '20');
    await expect(track).toHaveCSS('animation-name', 'none');
    await expect(track.locator('li[aria-hidden="true"]').first()).toBeHidden();
  });
});
