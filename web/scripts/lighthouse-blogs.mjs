#!/usr/bin/env node
/**
 * The blogs' budget, measured: starts the real server (build/bin/wavesites) on a built bundle,
 * runs Lighthouse (mobile, its default simulated throttling) in Debian's Chromium on each blog's
 * home, one article per blog, the France page and the landing page, measures each page's
 * JavaScript (gzip) and largest image, prints a table and exits non-zero when a page misses:
 *
 *   performance >= 98; accessibility, best practices, SEO = 100; CLS = 0;
 *   JavaScript < 20 KB gzip in total; every image the page references < 120 KB.
 *
 *   cd web && WAVESITES_BUILD_DIR=../build/h5 node scripts/lighthouse-blogs.mjs [--runs N] [--only TEXT]
 *
 * --runs N takes the median of N runs per page (by performance score): this machine's CPU is
 * shared, and Lighthouse scales what it observes. --only measures the pages whose name contains TEXT.
 *
 * The sites are served under host names of their own, <site>.localhost (a copy of
 * e2e/sites.e2e.toml with .wavesites.test replaced): Chromium resolves *.localhost to the
 * loopback address and treats it as a secure context, as Lighthouse does, so the pages are
 * measured on their online routes as a visitor opens them, without a TLS set-up.
 *
 * Environment: WAVESITES_BUILD_DIR (bundle, relative to web/, default ../build),
 * WAVESITES_BIN (server binary, default ../build/bin/wavesites), CHROME_PATH (default
 * /usr/bin/chromium), LIGHTHOUSE_PORT (default 4178).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';

const WEB_DIR = process.cwd();
const BUILD_DIR = resolve(WEB_DIR, process.env.WAVESITES_BUILD_DIR ?? '../build');
const BIN = resolve(WEB_DIR, process.env.WAVESITES_BIN ?? '../build/bin/wavesites');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4178);
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1])) : 3;
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;

const BUDGET = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  jsGzipBytes: 20 * 1024,
  imageBytes: 120 * 1024,
};

const url = (site, path) => `http://${site}.localhost:${PORT}${path}`;

/** The pages measured: each blog's home and one article, the France page, the landing page. */
const PAGES = [
  ['tts1 home', url('tts1', '/')],
  ['tts1 article', url('tts1', '/article-detail/1')],
  ['tts2 home', url('tts2', '/')],
  ['tts2 article', url('tts2', '/article-detail/1')],
  ['tts3 home', url('tts3', '/')],
  ['tts3 article', url('tts3', '/article-detail/1')],
  ['kuponz1 home', url('kuponz1', '/')],
  ['kuponz1 article', url('kuponz1', '/article_detail/1')],
  ['kuponz2 home', url('kuponz2', '/')],
  ['kuponz2 article', url('kuponz2', '/article-detail/1')],
  ['kuponz2 france', url('kuponz2', '/france')],
  ['enicf landing', url('enicf', '/')],
];

// ---------------------------------------------------------------------------------------------
// Processes

function start(command, args, name) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  child.on('exit', (code) => {
    if (code !== null && code !== 0 && !child.stopping) {
      console.error(`${name} exited with ${code}:\n${output}`);
    }
  });
  child.output = () => output;
  return child;
}

function stop(child) {
  if (child === undefined || child.exitCode !== null) return Promise.resolve();
  child.stopping = true;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
}

/** GET over plain HTTP: status, headers and the raw (still encoded) body. */
function fetchRaw(target, headers = {}) {
  return new Promise((done, fail) => {
    get(target, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', fail);
  });
}

/** The server answers a *.localhost name like the browser would send it (Host header). */
function fetchSite(pageUrl, headers = {}) {
  const u = new URL(pageUrl);
  return fetchRaw(`http://127.0.0.1:${u.port}${u.pathname}${u.search}`, {
    host: u.host,
    ...headers,
  });
}

async function waitFor(check, what, ms = 15000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------
// Weights: JavaScript (gzip) and images, from the page's own markup

const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

async function weights(pageUrl) {
  const html = (await fetchSite(pageUrl)).body.toString('utf8');
  const scripts = new Set();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, 'src');
    if (src === undefined) throw new Error(`${pageUrl}: inline script`);
    scripts.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []) {
    scripts.add(attr(tag, 'href'));
  }
  let js = 0;
  for (const src of scripts) {
    const res = await fetchSite(new URL(src, pageUrl).href, { 'accept-encoding': 'gzip' });
    if (res.status !== 200) throw new Error(`${src}: status ${res.status}`);
    js += res.body.length; // gzip bytes when the server has them, else identity (smaller)
  }
  const images = new Set();
  for (const tag of html.match(/<(?:img|source)\b[^>]*>/g) ?? []) {
    const src = attr(tag, 'src');
    if (src) images.add(src);
    for (const part of (attr(tag, 'srcset') ?? attr(tag, 'srcSet') ?? '').split(',')) {
      const candidate = part.trim().split(/\s+/)[0];
      if (candidate) images.add(candidate);
    }
  }
  let largest = { bytes: 0, src: '-' };
  for (const src of images) {
    const res = await fetchSite(new URL(src, pageUrl).href);
    if (res.status !== 200) throw new Error(`${src}: status ${res.status}`);
    if (res.body.length > largest.bytes) largest = { bytes: res.body.length, src };
  }
  return { js, scripts: scripts.size, images: images.size, largest };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const temp = await mkdtemp(join(tmpdir(), 'wavesites-lighthouse-'));
  let server;
  let chrome;
  try {
    const config = (await readFile(join(WEB_DIR, 'e2e/sites.e2e.toml'), 'utf8')).replaceAll(
      '.wavesites.test',
      '.localhost',
    );
    await writeFile(join(temp, 'sites.toml'), config);
    server = start(
      BIN,
      [
        'serve',
        '--config',
        join(temp, 'sites.toml'),
        '--listen',
        `127.0.0.1:${PORT}`,
        '--web',
        join(BUILD_DIR, 'web'),
        '--data',
        join(temp, 'data'),
      ],
      'server',
    );
    await waitFor(
      async () => (await fetchRaw(`http://127.0.0.1:${PORT}/healthz`)).status === 200,
      'the server',
    );

    const debugPort = PORT + 1000;
    chrome = start(
      CHROME,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--host-resolver-rules=MAP *.test 127.0.0.1, MAP *.localhost 127.0.0.1',
        '--disable-quic',
        '--no-first-run',
        '--no-default-browser-check',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-extensions',
        `--user-data-dir=${join(temp, 'chrome')}`,
        `--remote-debugging-port=${debugPort}`,
        'about:blank',
      ],
      'chromium',
    );
    await waitFor(
      async () => (await fetchRaw(`http://127.0.0.1:${debugPort}/json/version`)).status === 200,
      'Chromium',
    );

    const rows = [];
    for (const [name, pageUrl] of PAGES.filter(([n]) => ONLY === undefined || n.includes(ONLY))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(pageUrl, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`);
        const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
          .filter((a) => !['metricSavings', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
          .map((a) => a.id);
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          fcp: lhr.audits['first-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          failing,
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor((runs.length - 1) / 2)];
      rows.push({ name, url: pageUrl, ...median, ...(await weights(pageUrl)) });
      process.stderr.write(`measured ${name}\n`);
    }

    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const misses = [];
    const table = rows.map((r) => {
      const miss = [];
      if (r.performance < BUDGET.performance) miss.push('performance');
      if (r.accessibility < BUDGET.accessibility) miss.push('accessibility');
      if (r.bestPractices < BUDGET.bestPractices) miss.push('best practices');
      if (r.seo < BUDGET.seo) miss.push('SEO');
      if (r.cls !== 0) miss.push('CLS');
      if (r.js >= BUDGET.jsGzipBytes) miss.push('JS');
      if (r.largest.bytes >= BUDGET.imageBytes) miss.push('image');
      if (miss.length > 0)
        misses.push(`${r.name}: ${miss.join(', ')} (audits: ${r.failing.join(', ') || '-'})`);
      return {
        page: r.name,
        perf: r.performance,
        a11y: r.accessibility,
        'best pr.': r.bestPractices,
        seo: r.seo,
        CLS: Number(r.cls.toFixed(3)),
        'LCP ms': Math.round(r.lcp),
        'FCP ms': Math.round(r.fcp),
        'TBT ms': Math.round(r.tbt),
        'JS gzip': `${kb(r.js)} (${r.scripts})`,
        'largest image': `${kb(r.largest.bytes)} of ${r.images}`,
        budget: miss.length === 0 ? 'ok' : 'MISS',
      };
    });
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ` +
        `mobile, simulated throttling, ${RUNS} run(s) per page (median by performance), ` +
        `bundle ${BUILD_DIR}`,
    );
    console.table(table);
    if (misses.length > 0) {
      console.error(`over budget:\n  ${misses.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('every page is within the budget');
    }
  } finally {
    await stop(chrome);
    await stop(server);
    await rm(temp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
