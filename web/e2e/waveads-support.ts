/**
 * Shared helpers of the waveads browser tests (e2e/waveads-*.spec.ts). They run against the
 * real server (playwright.config.ts) on the bundle of WAVESITES_BUILD_DIR. 127.0.0.1 gets the
 * prefixed route set (/waveads/home, /waveads/contact-us); waveads.wavesites.test is the global
 * WaveAds host of e2e/sites.e2e.toml (/, /home, /contact-us).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { LANGS, type Lang } from '../src/shared/i18n/lang';
import { en } from '../src/sites/waveads/i18n/en';
import { es } from '../src/sites/waveads/i18n/es';
import { ja } from '../src/sites/waveads/i18n/ja';
import { ko } from '../src/sites/waveads/i18n/ko';
import { pt } from '../src/sites/waveads/i18n/pt';
import type { WaveadsDictionary } from '../src/sites/waveads/i18n/dictionaries';
import type { MessageKey } from '../src/sites/waveads/i18n/en';
import { typeList } from '../src/sites/waveads/resume/resume-rules';
import { formatMessage } from '../src/shared/i18n/i18n';

export { LANGS, type Lang };

/**
 * The dialog's text of an upload refusal in `lang`, with the accepted types and the server's
 * cap filled in as the dialog fills them (e2e/sites.e2e.toml keeps the default cap, 10 MB).
 */
export function uploadReason(lang: Lang, key: MessageKey): string {
  return formatMessage(DICTIONARIES[lang][key], { types: typeList(lang), max: '10 MB' });
}

export const PORT = Number(process.env.WEB_E2E_PORT ?? 4174);
const BUILD_DIR = process.env.WAVESITES_BUILD_DIR ?? '../build';

export const DICTIONARIES: Readonly<Record<Lang, WaveadsDictionary>> = { en, ja, ko, es, pt };

export const HOME = '/waveads/home';
export const CONTACT = '/waveads/contact-us';

/** A URL on the global WaveAds host (its online route set). */
export const globalHost = (path: string) => `http://waveads.wavesites.test:${PORT}${path}`;

/**
 * Makes `lang` the visitor's language before the first request, as the language menu leaves
 * it: the `lang` cookie (the server picks the page by it) and localStorage.
 */
export async function useLang(context: BrowserContext, lang: Lang): Promise<void> {
  await context.addCookies(
    ['127.0.0.1', 'waveads.wavesites.test'].map((domain) => ({
      name: 'lang',
      value: lang,
      domain,
      path: '/',
    })),
  );
  await context.addInitScript((l) => {
    try {
      localStorage.setItem('lang', l);
    } catch {
      // a page without storage (about:blank)
    }
  }, lang);
}

/** Collects console errors and warnings and uncaught exceptions of a page. */
export function watch(page: Page, allow: readonly RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (allow.some((re) => re.test(m.text()))) return;
    problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/**
 * Waits until the page is hydrated (React attached to the root). Polled from the test, so it
 * also works under a paused fake clock.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.getElementById('root');
        return root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
      }),
    )
    .toBe(true);
}

/**
 * Fake timers, paused: time moves only with page.clock.runFor(). The installed clock runs until
 * it is paused, so the pause is an hour ahead: a second was once too little on a busy machine
 * ("Cannot fast-forward to the past"). Nothing of the page runs yet to see the hour pass.
 */
export async function pausedClock(page: Page): Promise<void> {
  const start = new Date('2026-11-20T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 3_600_000));
}

/** Runs the server's CLI on the e2e store (the same data directory the test server uses). */
export function cli(args: readonly string[]): string {
  return execFileSync(
    resolve('../build/bin/wavesites'),
    [...args, '--config', 'e2e/sites.e2e.toml', '--data', `${BUILD_DIR}/e2e-data`],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** A small but real PDF document. */
export function pdfBytes(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A unique tag for what a test sends, to find it in the store's export. */
export const uniqueTag = (what: string) =>
  `${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
