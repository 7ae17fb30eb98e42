#!/usr/bin/env node
/**
 * The WaveAds budget of issue 4, measured (lighthouse/harness.mjs runs the server, Chromium and
 * Lighthouse): the home, contact and privacy pages in each of the five languages at the
 * language's own URL (/, /contact-us, /privacy; /ja/, /ja/contact-us...), with each page's
 * JavaScript (gzip, every script
 * and preload the page names). A page misses when it is below
 *
 *   performance >= 95; accessibility, best practices, SEO = 100; CLS = 0;
 *   JavaScript <= 100 KB gzip on the home and privacy pages, <= 110 KB on the contact page.
 *
 *   cd web && WAVESITES_BUILD_DIR=../build/h4 node scripts/lighthouse-waveads.mjs [--runs N] [--only TEXT]
 *
 * --runs N takes the median of N runs per page (by performance score; default 1). --only TEXT
 * measures the pages whose name contains TEXT (e.g. "contact", " ja"). The pages are measured
 * on the global WaveAds host's online routes under waveads.localhost.
 *
 * Environment: as in lighthouse/harness.mjs; LIGHTHOUSE_PORT defaults to 4179.
 */
import { auditPages, fetchSite, fileSizes, scriptFiles } from './lighthouse/harness.mjs';

const LANGS = ['en', 'ja', 'ko', 'es', 'pt'];
const JS_BUDGET = { home: 100 * 1000, contact: 110 * 1000, privacy: 100 * 1000 };

/** The page's JavaScript, gzip, from its own markup: module scripts and modulepreloads. */
async function jsGzip(page) {
  const html = (await fetchSite(page.url, page.headers)).body.toString('utf8');
  if (!html.includes(`<html lang="${page.lang}">`))
    throw new Error(`${page.name}: not the ${page.lang} page`);
  const files = await fileSizes(scriptFiles(html, page.name), page.url, {
    'accept-encoding': 'gzip',
  });
  return { bytes: files.reduce((sum, f) => sum + f.bytes, 0), files: files.length };
}

await auditPages({
  tempPrefix: 'waveads-lighthouse-',
  port: 4179,
  runs: 1,
  pages: (port) =>
    LANGS.flatMap((lang) =>
      [
        ['home', '/'],
        ['contact', '/contact-us'],
        ['privacy', '/privacy'],
      ].map(([kind, path]) => ({
        name: `${kind} ${lang}`,
        kind,
        lang,
        // Each language at its own URL, as a search engine finds it: no cookie.
        url: `http://waveads.localhost:${port}${lang === 'en' ? path : `/${lang}${path === '/' ? '/' : path}`}`,
        headers: {},
      })),
    ),
  performance: 95,
  countsAsFailing: (audit) => ['binary', 'numeric'].includes(audit.scoreDisplayMode),
  failingLabel: 'audits below 1',
  measure: jsGzip,
  misses: (page, js) => (js.bytes > JS_BUDGET[page.kind] ? ['JS'] : []),
  cells: (run, js) => ({
    'FCP ms': Math.round(run.fcp),
    'LCP ms': Math.round(run.lcp),
    'TBT ms': Math.round(run.tbt),
    'JS gzip': `${(js.bytes / 1000).toFixed(1)} KB (${js.files})`,
  }),
  heading: (options) =>
    `${options.chrome}, bundle ${options.buildDir}, http://waveads.localhost:${options.port}`,
});
