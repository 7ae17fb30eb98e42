import { expect, test, type Page } from '@playwright/test';
import { DICTIONARIES, PORT, hydrated, pausedClock } from './waveads-support';

/**
 * What a visitor notices, measured: layout at phone widths, the testimonials under a finger,
 * nothing that looks clickable but is not, list orders, the privacy notices and their links, and
 * the careers dialog with a file the server would refuse.
 */
const host = (site: string) => `http://${site}.wavesites.test:${PORT}`;
const WAVEADS = host('waveads');

test.describe('WaveAds on a phone', () => {
  for (const width of [360, 375, 390]) {
    test(`at ${width} px: the logo wall's pause button clears its label, the top bar breathes`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${WAVEADS}/`);
      await hydrated(page);
      const label = page.getByRole('heading', { name: DICTIONARIES.en['home.logos.label'] });
      const button = page.getByRole('button', { name: DICTIONARIES.en['home.logos.pause'] });
      await expect(button).toBeVisible();
      const overlaps = await page.evaluate(
        ([labelText]) => {
          const heading = [...document.querySelectorAll('h3')].find(
            (h) => h.textContent === labelText,
          )!;
          const range = document.createRange();
          range.selectNodeContents(heading);
          const toggle = heading.parentElement!.querySelector('button')!.getBoundingClientRect();
          return [...range.getClientRects()].filter(
            (r) =>
              r.left < toggle.right &&
              r.right > toggle.left &&
              r.top < toggle.bottom &&
              r.bottom > toggle.top,
          ).length;
        },
        [DICTIONARIES.en['home.logos.label']],
      );
      expect(overlaps, 'text of the label under the button').toBe(0);
      await expect(label).toBeVisible();

      const bar = page.getByRole('banner');
      const wordmark = (await bar.getByRole('link').first().boundingBox())!;
      const language = (await bar.getByRole('button', { name: /Language/ }).boundingBox())!;
      expect(language.x - (wordmark.x + wordmark.width)).toBeGreaterThanOrEqual(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
  }

  test('the five service cards leave no hole at any width', async ({ page }) => {
    for (const width of [360, 390, 640, 800, 1023, 1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${WAVEADS}/`);
      const gaps = await page.evaluate(() => {
        const list = document.querySelector('#services ul')!;
        const box = list.getBoundingClientRect();
        const rows = new Map<number, DOMRect[]>();
        for (const li of list.children) {
          const r = li.getBoundingClientRect();
          rows.set(Math.round(r.top), [...(rows.get(Math.round(r.top)) ?? []), r]);
        }
        // Each row runs from the list's left edge to its right edge.
        return [...rows.values()].map((cards) => ({
          left: Math.min(...cards.map((c) => c.left)) - box.left,
          right: box.right - Math.max(...cards.map((c) => c.right)),
        }));
      });
      for (const row of gaps) {
        expect(Math.abs(row.left), `${width}px`).toBeLessThan(2);
        expect(Math.abs(row.right), `${width}px`).toBeLessThan(2);
      }
    }
  });
});

/**
 * Every page kind's prose on a phone: a paragraph of any length runs most of the screen's width.
 * (Widths in rem shrink with the viewport here, since the root font size follows it: a column
 * of "42rem" was once 160 px wide on a phone.)
 */
test.describe('prose on a phone runs the width of the screen', () => {
  const pages = [
    `${WAVEADS}/`,
    `${WAVEADS}/privacy`,
    `${WAVEADS}/contact`,
    `${host('enicf')}/`,
    `${host('enicf')}/privacy`,
    `${host('tts1')}/`,
    `${host('tts1')}/article-detail/1`,
    `${host('tts1')}/privacy`,
    `${host('tts2')}/article-detail/1`,
    `${host('tts3')}/article-detail/1`,
    `${host('kuponz1')}/article_detail/1`,
    `${host('kuponz2')}/article-detail/1`,
    `${host('kuponz2')}/france`,
    `http://127.0.0.1:${PORT}/no-such-page`,
  ];
  for (const width of [360, 390]) {
    test(`at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const narrow: string[] = [];
      for (const address of pages) {
        await page.goto(address);
        const found = await page.evaluate(() =>
          [...document.querySelectorAll('p, li')]
            .filter((el) => (el.textContent ?? '').trim().length > 120)
            .map((el) => ({
              text: (el.textContent ?? '').trim().slice(0, 40),
              width: el.getBoundingClientRect().width,
            })),
        );
        for (const p of found) {
          if (p.width < width * 0.7)
            narrow.push(`${address}: ${Math.round(p.width)} px "${p.text}"`);
        }
      }
      expect(narrow).toEqual([]);
    });
  }
});

test.describe('the testimonials under a finger', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  async function touchMove(page: Page, from: [number, number], to: [number, number]) {
    const cdp = await page.context().newCDPSession(page);
    const point = (x: number, y: number) => [{ x, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(...from) });
    for (let i = 1; i <= 8; i++) {
      const x = from[0] + ((to[0] - from[0]) * i) / 8;
      const y = from[1] + ((to[1] - from[1]) * i) / 8;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  const shown = (page: Page) =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('[aria-roledescription="slide"]')].findIndex(
          (s) => s.getAttribute('aria-hidden') !== 'true',
        ) + 1,
    );

  test('a sideways swipe moves a slide and restarts the timer; an upward one scrolls', async ({
    page,
  }) => {
    await pausedClock(page);
    await page.goto(`${WAVEADS}/`);
    await hydrated(page);
    const viewport = page.locator('[aria-roledescription="carousel"] > div').first();
    await viewport.scrollIntoViewIfNeeded();
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    expect(await shown(page)).toBe(1);

    await page.clock.runFor(4000);
    await touchMove(page, [box.x + box.width - 40, y], [box.x + 40, y + 10]);
    expect(await shown(page)).toBe(2);
    await page.clock.runFor(4900);
    expect(await shown(page), 'the timer restarted at the swipe').toBe(2);
    await page.clock.runFor(200);
    expect(await shown(page)).toBe(3);

    await touchMove(page, [box.x + 40, y], [box.x + box.width - 40, y]);
    expect(await shown(page)).toBe(2);

    const before = await page.evaluate(() => scrollY);
    await touchMove(page, [box.x + box.width / 2, y + 60], [box.x + box.width / 2 + 8, y - 180]);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(before + 50);
    expect(await shown(page), 'a scroll is no swipe').toBe(2);
  });
});

/** Every element that shows a pointer: it must be a control (or inside one). */
async function pointersThatAreNotControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls =
      'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="tab"]';
    const bad: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      if (getComputedStyle(el).cursor !== 'pointer') continue;
      if (el.closest(controls) === null) bad.push(`${el.tagName.toLowerCase()}.${el.className}`);
    }
    return bad;
  });
}

test.describe('nothing looks interactive that is not', () => {
  const pages = [
    `${WAVEADS}/`,
    `${WAVEADS}/contact-us`,
    `${host('tts1')}/`,
    `${host('tts2')}/`,
    `${host('tts3')}/`,
    `${host('kuponz1')}/`,
    `${host('kuponz2')}/`,
    `${host('kuponz2')}/france`,
    `${host('kuponz2')}/article-detail/10`,
    `${host('enicf')}/`,
  ];
  for (const url of pages) {
    test(url.replace(/^http:\/\/|:\d+/g, ''), async ({ page }) => {
      await page.goto(url);
      expect(await pointersThatAreNotControls(page)).toEqual([]);
    });
  }

  test("kuponz2: the France page's items and the tagline are not raised, lifted or pointed at", async ({
    page,
  }) => {
    await page.goto(`${host('kuponz2')}/france`);
    const item = page.locator('main li').first();
    const before = await item.evaluate((el) => getComputedStyle(el).transform);
    await item.hover();
    expect(await item.evaluate((el) => getComputedStyle(el).transform)).toBe(before);
    expect(await item.evaluate((el) => getComputedStyle(el).boxShadow)).toBe('none');
    expect(await item.evaluate((el) => getComputedStyle(el).cursor)).toBe('auto');
    const tagline = page.getByText('Beauty guides & cashback tips');
    expect(await tagline.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('none');
    expect(await tagline.evaluate((el) => el.closest('a, button'))).toBeNull();
  });
});

test.describe('lists, newest first, as in the feed', () => {
  for (const site of ['tts1', 'tts2', 'tts3', 'kuponz1', 'kuponz2']) {
    test(site, async ({ page }) => {
      await page.goto(`${host(site)}/`);
      // The home's main list (tts1: "Latest articles"; its featured block is picked by hand).
      const list =
        site === 'tts1'
          ? page.getByRole('region', { name: 'Latest articles' })
          : page.locator('main');
      const items = await list.locator('li').evaluateAll((lis) =>
        lis.map((li) => ({
          href: li.querySelector('a')!.getAttribute('href')!,
          // kuponz1's cards show no date: the feed's order says it all.
          date: li.querySelector('time')?.getAttribute('datetime') ?? '',
        })),
      );
      expect(items.length).toBeGreaterThanOrEqual(6);
      const dates = items.map((i) => i.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const feed = await page.evaluate(() => fetch('/feed.xml').then((r) => r.text()));
      const published = [...feed.matchAll(/<published>([^<]+)<\/published>/g)].map((m) => m[1]!);
      expect(published).toEqual([...published].sort().reverse());
      const inFeed = [
        ...feed.matchAll(
          /<link rel="alternate" type="text\/html" href="[^"]*?(\/[^"/]+\/[^"/]+)"\/>/g,
        ),
      ]
        .map((m) => m[1]!)
        .filter((p) => items.some((i) => i.href === p));
      expect(inFeed).toEqual(items.map((i) => i.href));
    });
  }
});

test.describe('privacy notices and their links', () => {
  const sites = [
    ['waveads', '/', 'Privacy notice'],
    ['tts1', '/', 'Privacy notice'],
    ['tts2', '/article-detail/11', 'Privacy notice'],
    ['tts3', '/', 'Privacy notice'],
    ['kuponz1', '/', 'Privacy notice'],
    ['kuponz2', '/france', 'Privacy notice'],
    ['enicf', '/', 'Privacy notice'],
  ] as const;
  for (const [site, from, title] of sites) {
    test(`${site}: the footer links its notice`, async ({ page }) => {
      await page.goto(`${host(site)}${from}`);
      const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' });
      await expect(link).toHaveAttribute('href', '/privacy');
      await link.click();
      await expect(page).toHaveURL(`${host(site)}/privacy`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('main')).toContainText(/erase/);
      await expect(page.locator('main')).not.toContainText('{{');
    });
  }

  test('WaveAds: in five languages, from the consent and the careers dialog, with the settings filled in', async ({
    page,
  }) => {
    for (const lang of ['ja', 'ko', 'es', 'pt'] as const) {
      const d = DICTIONARIES[lang];
      const response = await page.goto(`${WAVEADS}/${lang}/privacy`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['nav.privacy']);
      await expect(page).toHaveTitle(d['meta.privacy.title']);
    }
    await page.goto(`${WAVEADS}/contact-us`);
    await expect(
      page.locator('form').getByRole('link', { name: DICTIONARIES.en['form.privacy'] }),
    ).toHaveAttribute('href', '/privacy');
    await hydrated(page);
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: new RegExp(DICTIONARIES.en['nav.careers']) })
      .click();
    await expect(
      page.getByRole('dialog').getByRole('link', { name: DICTIONARIES.en['resume.privacy'] }),
    ).toHaveAttribute('href', '/privacy');
    // The e2e config sets no retention: kept until erased; and no contact: the form.
    await page.goto(`${WAVEADS}/privacy`);
    await expect(page.locator('main')).toContainText('kept until you ask us to erase it');
    await expect(page.locator('main')).toContainText('Write to us through the “Get in touch” form');
  });
});

test('the careers dialog refuses a file of another type before sending it', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/officialwebsite/upload')) sent.push(r.url());
  });
  await page.goto(`${WAVEADS}/`);
  await hydrated(page);
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: new RegExp(DICTIONARIES.en['nav.careers']) })
    .click();
  const dialog = page.getByRole('dialog');
  const input = dialog.locator('input[type=file]');
  expect((await input.getAttribute('accept'))!.split(',')).toContain('.pdf');
  expect((await input.getAttribute('accept'))!.split(',')).not.toContain('.exe');
  await input.setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ not a resume'),
  });
  const item = dialog.locator('li');
  await expect(item).toHaveAttribute('data-status', 'error');
  await expect(item).not.toContainText(DICTIONARIES.en['resume.status.ready']);
  await expect(dialog).toContainText('This type of file is not accepted');
  await dialog.getByRole('button', { name: DICTIONARIES.en['resume.submit'] }).click();
  await page.waitForTimeout(300);
  expect(sent).toEqual([]);
});
