/**
 * What the Lighthouse budget scripts share (lighthouse-blogs.mjs, lighthouse-waveads.mjs): start
 * the real server (build/bin/wavesites) on a built bundle and a headless Chromium, run
 * Lighthouse (mobile, its default simulated throttling) on each page, keep the median run, let
 * the script measure and judge the page, print a table and exit non-zero when a page misses.
 *
 * The server runs on a copy of e2e/sites.e2e.toml with .wavesites.test replaced by .localhost:
 * Chromium resolves *.localhost to the loopback address and treats it as a secure context, as
 * Lighthouse does, so pages are measured on their online routes as a visitor opens them,
 * without a TLS set-up (a plain-HTTP *.test origin fails the "uses HTTPS" audit).
 *
 * Environment: WAVESITES_BUILD_DIR (bundle, relative to web/, default ../build), WAVESITES_BIN
 * (server binary, default ../build/bin/wavesites), CHROME_PATH (default /usr/bin/chromium),
 * LIGHTHOUSE_PORT (each script has its own default). Arguments: --runs N, --only TEXT.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';

const WEB_DIR = process.cwd();

/** The settings of one run, from the environment and the command line. */
function settings(defaults) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const runs = arg('--runs');
  return {
    buildDir: resolve(WEB_DIR, process.env.WAVESITES_BUILD_DIR ?? '../build'),
    bin: resolve(WEB_DIR, process.env.WAVESITES_BIN ?? '../build/bin/wavesites'),
    chrome: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    port: Number(process.env.LIGHTHOUSE_PORT ?? defaults.port),
    runs: runs === undefined ? defaults.runs : Math.max(1, Number(runs)),
    only: arg('--only'),
  };
}

// ---------------------------------------------------------------------------------------------
// Processes and plain HTTP

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

/**
 * GET `pageUrl` from the server on 127.0.0.1 with the Host header the browser would send (the
 * *.localhost names resolve only inside Chromium).
 */
export function fetchSite(pageUrl, headers = {}) {
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

/** The server on the bundle, answering the *.localhost names; resolves once it is healthy. */
async function startServer(options, temp) {
  const config = (await readFile(join(WEB_DIR, 'e2e/sites.e2e.toml'), 'utf8')).replaceAll(
    '.wavesites.test',
    '.localhost',
  );
  await writeFile(join(temp, 'sites.toml'), config);
  const server = start(
    options.bin,
    [
      'serve',
      '--config',
      join(temp, 'sites.toml'),
      '--listen',
      `127.0.0.1:${options.port}`,
      '--web',
      join(options.buildDir, 'web'),
      '--data',
      join(temp, 'data'),
    ],
    'server',
  );
  const healthz = `http://127.0.0.1:${options.port}/healthz`;
  await waitFor(async () => (await fetchRaw(healthz)).status === 200, 'the server');
  return server;
}

/** A headless Chromium for Lighthouse to drive, on `debugPort`; resolves once it answers. */
async function startChromium(options, temp, debugPort) {
  const chrome = start(
    options.chrome,
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
  const version = `http://127.0.0.1:${debugPort}/json/version`;
  await waitFor(async () => (await fetchRaw(version)).status === 200, 'Chromium');
  return chrome;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** One Lighthouse run of `page`: category scores, the metrics, the ids of failing audits. */
async function lighthouseRun(page, debugPort, spec) {
  const { lhr } = await lighthouse(page.url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(page.headers && { extraHeaders: page.headers }),
  });
  if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const metric = (id) => lhr.audits[id].numericValue;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: metric('cumulative-layout-shift'),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    tbt: metric('total-blocking-time'),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && spec.countsAsFailing(a))
      .map((a) => a.id),
  };
}

/** The median of `runs` runs by performance score: the machine's CPU is shared. */
async function medianRun(page, debugPort, runs, spec) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouseRun(page, debugPort, spec));
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor((results.length - 1) / 2)];
}

/**
 * What misses the category budget: `performance` at least, the others 100, CLS 0; SEO only for
 * pages meant to be found (`seo` false: a private page that says noindex on purpose).
 */
function categoryMisses(run, performance, seo = true) {
  const miss = [];
  if (run.performance < performance) miss.push('performance');
  if (run.accessibility < 100) miss.push('accessibility');
  if (run.bestPractices < 100) miss.push('best practices');
  if (seo && run.seo < 100) miss.push('SEO');
  if (run.cls !== 0) miss.push('CLS');
  return miss;
}

/** One page: its median run, what the script measures and judges, its row of the table. */
async function auditPage(page, debugPort, options, spec) {
  const run = await medianRun(page, debugPort, options.runs, spec);
  const measured = await spec.measure(page);
  const miss = [
    ...categoryMisses(run, spec.performance, spec.seo ?? true),
    ...spec.misses(page, measured),
  ];
  const row = {
    page: page.name,
    perf: run.performance,
    a11y: run.accessibility,
    'best pr.': run.bestPractices,
    seo: run.seo,
    CLS: Number(run.cls.toFixed(3)),
    ...spec.cells(run, measured),
    budget: miss.length === 0 ? 'ok' : 'MISS',
  };
  const missLine =
    miss.length === 0
      ? undefined
      : `${page.name}: ${miss.join(', ')} (${spec.failingLabel}: ${run.failing.join(', ') || '-'})`;
  return { row, missLine };
}

/**
 * Audits `spec.pages(port)` (those whose name contains --only TEXT), prints the table and sets
 * the exit code. `spec`:
 * - `tempPrefix`, `port`, `runs`: the temporary folder's prefix, the default port and runs;
 * - `pages(port)`: `{ name, url, headers? }` (headers go with every Lighthouse request);
 * - `performance`: the lowest performance score within the budget; `seo: false` to report SEO
 *   without holding it (a private page);
 * - `countsAsFailing(audit)`: which audits below 1 a miss names;
 * - `failingLabel`: what the miss line calls them;
 * - `measure(page)`, `misses(page, measured)`, `cells(run, measured)`: the script's own weights,
 *   what of them misses the budget, and the table's columns after CLS;
 * - `heading(options)`: the header line's end, after the run count.
 */
export function auditPages(spec) {
  return audit(spec).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

async function audit(spec) {
  const options = settings(spec);
  const temp = await mkdtemp(join(tmpdir(), spec.tempPrefix));
  let server;
  let chrome;
  try {
    server = await startServer(options, temp);
    const debugPort = options.port + 1000;
    chrome = await startChromium(options, temp, debugPort);
    const rows = [];
    const misses = [];
    const pages = spec
      .pages(options.port)
      .filter((p) => options.only === undefined || p.name.includes(options.only));
    for (const page of pages) {
      const { row, missLine } = await auditPage(page, debugPort, options, spec);
      rows.push(row);
      if (missLine !== undefined) misses.push(missLine);
      process.stderr.write(`measured ${page.name}\n`);
    }
    await report(rows, misses, options, spec);
  } finally {
    await stop(chrome);
    await stop(server);
    await rm(temp, { recursive: true, force: true });
  }
}

async function report(rows, misses, options, spec) {
  const { default: pkg } = await import('lighthouse/package.json', { with: { type: 'json' } });
  console.log(
    `Lighthouse ${pkg.version}, mobile, simulated throttling, ${options.runs} run(s) per page ` +
      `(median by performance), ${spec.heading(options)}`,
  );
  console.table(rows);
  if (misses.length > 0) {
    console.error(`over budget:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('every page is within the budget');
  }
}

// ---------------------------------------------------------------------------------------------
// Weights, from the page's own markup

const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The page's scripts: module scripts and modulepreloads. An inline script is an error, but for
 * JSON-LD, which is data and never runs.
 */
export function scriptFiles(html, pageName) {
  const files = new Set();
  for (const tag of html.match(/<script\b[^>]*>|<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []) {
    if (attr(tag, 'type') === 'application/ld+json') continue;
    const src = attr(tag, tag.startsWith('<script') ? 'src' : 'href');
    if (src === undefined) throw new Error(`${pageName}: inline script`);
    files.add(src);
  }
  return files;
}

/** The images a page's <img> and <source> name, every srcset candidate included. */
export function imageFiles(html) {
  const images = new Set();
  for (const tag of html.match(/<(?:img|source)\b[^>]*>/g) ?? []) {
    const src = attr(tag, 'src');
    if (src) images.add(src);
    for (const part of (attr(tag, 'srcset') ?? attr(tag, 'srcSet') ?? '').split(',')) {
      const candidate = part.trim().split(/\s+/)[0];
      if (candidate) images.add(candidate);
    }
  }
  return images;
}

/** Each file as the server sends it to `pageUrl`'s visitor with `headers` (e.g. gzip): its bytes. */
export async function fileSizes(files, pageUrl, headers = {}) {
  const sizes = [];
  for (const file of files) {
    const res = await fetchSite(new URL(file, pageUrl).href, headers);
    if (res.status !== 200) throw new Error(`${file}: status ${res.status}`);
    sizes.push({ file, bytes: res.body.length });
  }
  return sizes;
}
