#!/usr/bin/env node
/**
 * The blogs' budget, measured (lighthouse/harness.mjs runs the server, Chromium and Lighthouse):
 * each blog's home, one article per blog, the France page, the landing page and the privacy
 * notices (a blog's, the landing page's), with each
 * page's JavaScript (gzip) and largest image. A page misses when it is below
 *
 *   performance >= 98; accessibility, best practices, SEO = 100; CLS = 0;
 *   JavaScript < 20 KB gzip in total; every image the page references < 120 KB.
 *
 *   cd web && WAVESITES_BUILD_DIR=../build/h5 node scripts/lighthouse-blogs.mjs [--runs N] [--only TEXT]
 *
 * --runs N takes the median of N runs per page (by performance score; default 3): this machine's
 * CPU is shared, and Lighthouse scales what it observes. --only measures the pages whose name
 * contains TEXT. Each site is served under <site>.localhost, on its online routes.
 *
 * Environment: as in lighthouse/harness.mjs; LIGHTHOUSE_PORT defaults to 4178.
 */
import {
  auditPages,
  fetchSite,
  fileSizes,
  imageFiles,
  scriptFiles,
} from './lighthouse/harness.mjs';

const JS_GZIP_BYTES = 20 * 1024;
const IMAGE_BYTES = 120 * 1024;

/** The pages measured: each blog's home and one article, the France page, the landing page, the notices. */
const PAGES = [
  ['tts1 home', 'tts1', '/'],
  ['tts1 article', 'tts1', '/article-detail/1'],
  ['tts2 home', 'tts2', '/'],
  ['tts2 article', 'tts2', '/article-detail/1'],
  ['tts3 home', 'tts3', '/'],
  ['tts3 article', 'tts3', '/article-detail/1'],
  ['kuponz1 home', 'kuponz1', '/'],
  ['kuponz1 article', 'kuponz1', '/article_detail/1'],
  ['kuponz2 home', 'kuponz2', '/'],
  ['kuponz2 article', 'kuponz2', '/article-detail/1'],
  ['kuponz2 france', 'kuponz2', '/france'],
  ['tts2 privacy', 'tts2', '/privacy'],
  ['enicf landing', 'enicf', '/'],
  ['enicf privacy', 'enicf', '/privacy'],
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The page's JavaScript (gzip) and its largest image, from its own markup. */
async function weights(page) {
  const html = (await fetchSite(page.url)).body.toString('utf8');
  const scripts = await fileSizes(scriptFiles(html, page.url), page.url, {
    'accept-encoding': 'gzip', // gzip bytes when the server has them, else identity (smaller)
  });
  const images = await fileSizes(imageFiles(html), page.url);
  const largest = images.reduce((a, b) => (b.bytes > a.bytes ? b : a), { bytes: 0, file: '-' });
  return {
    js: scripts.reduce((sum, s) => sum + s.bytes, 0),
    scripts: scripts.length,
    images: images.length,
    largest,
  };
}

await auditPages({
  tempPrefix: 'wavesites-lighthouse-',
  port: 4178,
  runs: 3,
  pages: (port) =>
    PAGES.map(([name, site, path]) => ({ name, url: `http://${site}.localhost:${port}${path}` })),
  performance: 98,
  countsAsFailing: (audit) =>
    !['informative', 'metricSavings', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
  failingLabel: 'audits',
  measure: weights,
  misses: (_page, w) => [
    ...(w.js >= JS_GZIP_BYTES ? ['JS'] : []),
    ...(w.largest.bytes >= IMAGE_BYTES ? ['image'] : []),
  ],
  cells: (run, w) => ({
    'LCP ms': Math.round(run.lcp),
    'FCP ms': Math.round(run.fcp),
    'TBT ms': Math.round(run.tbt),
    'JS gzip': `${kb(w.js)} (${w.scripts})`,
    'largest image': `${kb(w.largest.bytes)} of ${w.images}`,
  }),
  heading: (options) => `bundle ${options.buildDir}`,
});
