/**
 * `make preview` (scripts/preview.mjs) as a writer uses it: on a copy of content/, with a draft
 * and an article still to come added, in Chromium on tts2.localhost. Saving an article shows
 * in the open tab without a reload; a broken article shows its `file:line: reason` over the
 * page while the preview keeps serving the last good build; the published bundle carries none
 * of the preview's script.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const PORT = Number(process.env.WEB_E2E_PREVIEW_PORT ?? 4177);
const site = (path: string) => `http://tts2.localhost:${PORT}${path}`;

/** A tts2 article: the first one's front matter and body with another id, title and date. */
function article(content: string, id: string, title: string, front: string): string {
  const first = readFileSync(join(content, 'tts2/articles/1.md'), 'utf8');
  return first
    .replace(/^id: .*$/m, `id: "${id}"`)
    .replace(/^title: .*$/m, `title: "${title}"`)
    .replace(/^date: .*$/m, front)
    .replace(/^updated: .*\n/m, '');
}

test.describe.configure({ mode: 'serial' });

let content = '';
let preview: ChildProcess | undefined;
let output = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  content = mkdtempSync(join(tmpdir(), 'wavesites-preview-'));
  cpSync(new URL('../../content', import.meta.url), content, { recursive: true });
  writeFileSync(
    join(content, 'tts2/articles/draft-one.md'),
    article(content, 'draft-one', 'A Draft Nobody Sees Yet', 'date: 2025-05-01\ndraft: true'),
  );
  writeFileSync(
    join(content, 'tts2/articles/later-one.md'),
    article(content, 'later-one', 'An Article Still to Come', 'date: 2099-01-01T09:00:00+00:00'),
  );
  preview = spawn(process.execPath, ['scripts/preview.mjs'], {
    env: {
      ...process.env,
      LISTEN: `127.0.0.1:${PORT}`,
      WAVESITES_CONTENT_DIR: content,
      WAVESITES_BUILD_DIR: '../build/preview-e2e',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  preview.stdout!.on('data', (d: Buffer) => (output += d));
  preview.stderr!.on('data', (d: Buffer) => (output += d));
  await expect.poll(() => output, { timeout: 170_000 }).toMatch(/preview: watching /);
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(/"event":"listening"/);
});

test.afterAll(async () => {
  // The preview first, then its content: it watches that directory until it has gone.
  if (preview && preview.exitCode === null && preview.signalCode === null) {
    const ended = new Promise((resolve) => preview!.once('exit', resolve));
    preview.kill('SIGTERM');
    await ended;
  }
  if (content) rmSync(content, { recursive: true, force: true });
});

test('drafts and articles still to come are pages, each with its band', async ({ page }) => {
  await page.goto(site('/article-detail/draft-one'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Draft Nobody Sees Yet');
  await expect(page.getByRole('note')).toHaveText(/^Draft\s*only the preview shows this article$/);
  await page.goto(site('/article-detail/later-one'));
  await expect(page.getByRole('note')).toHaveText(/^Scheduled\s*goes live 2099-01-01 09:00 UTC$/);
  // A published article has no band.
  await page.goto(site('/article-detail/1'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});

// About 0.7 s on an idle machine (web/README.md); here other browser tests share the two cores,
// so the bound is looser and the time is reported.
test('a saved article shows in the open tab by itself, without a reload', async ({ page }) => {
  await page.goto(site('/article-detail/1'));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const file = join(content, 'tts2/articles/1.md');
  const text = readFileSync(file, 'utf8');
  const saved = Date.now();
  writeFileSync(file, text.replace(/^title: .*$/m, 'title: "Lisbon, Saved a Moment Ago"'));
  await expect(heading).toHaveText('Lisbon, Saved a Moment Ago', { timeout: 5000 });
  const ms = Date.now() - saved;
  test.info().annotations.push({ type: 'save-to-visible', description: `article: ${ms} ms` });
  console.log(`preview: article saved -> visible in ${ms} ms`);
});

test('a content error shows as file:line: reason over the page, and the preview keeps running', async ({
  page,
}) => {
  await page.goto(site('/article-detail/1'));
  const file = join(content, 'tts2/articles/1.md');
  const good = readFileSync(file, 'utf8');
  writeFileSync(file, good.replace(/^image:\n/m, 'image: nowhere.svg\n'));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/articles\/1\.md:\d+: /, { timeout: 5000 });
  expect(output).toMatch(/articles\/1\.md:\d+: /);
  // The last good build is still served meanwhile.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  writeFileSync(file, good.replace(/^title: .*$/m, 'title: "Lisbon, Mended"'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lisbon, Mended', {
    timeout: 5000,
  });
  await expect(alert).toHaveCount(0);
});

test('the published bundle carries no preview script', async ({ request }) => {
  const html = await (await request.get('/tts2/article-detail/1')).text();
  expect(html).toContain('<h1');
  expect(html).not.toContain('preview-live');
  expect((await request.get('/preview-live.js')).status()).toBe(404);
});
