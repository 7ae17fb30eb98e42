#!/usr/bin/env node
/**
 * `make preview`: the writer's loop. Every site, drafts and articles still to come included
 * (each with its band), served by the real server on <site>.localhost as `make run` does, from
 * build/preview/ (never build/web: nothing here is published). It watches content/ and web/src:
 *
 *   - an article, an image or the link registry: the prerender runs again (no bundling);
 *   - a component or a stylesheet: Vite's two watchers rebuild what the change touches, then
 *     the prerender runs;
 *
 * then the server reloads (SIGHUP) and every open tab reloads itself (the preview-only script
 * of src/prerender/preview.ts). A content error is printed here and shown over the page as
 * `file:line: reason`; the last good build keeps being served until it is fixed.
 *
 *   cd web && node scripts/preview.mjs      (LISTEN=127.0.0.1:8080, WAVESITES_CONTENT_DIR=../content)
 */
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(WEB, '..');
process.chdir(WEB);
// Vite's config and the prerender both read it: the preview never touches the published build.
process.env.WAVESITES_BUILD_DIR ??= '../build/preview';
// The published build's encoded pictures serve the preview too: the same SVG, the same files.
process.env.WAVESITES_IMAGE_CACHE ??= '../build/image-cache';
const BUILD = resolve(WEB, process.env.WAVESITES_BUILD_DIR);
const OUT = join(BUILD, 'web');
const CONTENT = resolve(WEB, process.env.WAVESITES_CONTENT_DIR || '../content');
const LISTEN = process.env.LISTEN || '127.0.0.1:8080';
const BIN = join(ROOT, 'build/bin/wavesites');

const log = (line) => console.log(`preview: ${line}`);
const since = (t) => `${Math.round(performance.now() - t)} ms`;

let build = 0;
let lastGood = null;
let server = null;

/** The prerender's worker (preview-worker.mjs), started again after every new SSR bundle. */
let worker = null;
/** A new SSR bundle since the worker started: the next prerender imports it afresh. */
let bundleChanged = false;

/**
 * The SSR program's code: its entry and every chunk it imports, with the hashes left out of the
 * chunks' names (a stylesheet changes its chunk's name, not its code).
 */
function bundleHash() {
  const hash = createHash('sha256');
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    hash.update(code.replace(/-[\w-]{8}\.js\b/g, '.js'));
    for (const [, spec] of code.matchAll(/["'](\.\.?\/[^"']+\.js)["']/g)) {
      visit(join(dirname(file), spec));
    }
  };
  visit(join(BUILD, 'web-ssr/prerender.js'));
  return hash.digest('hex');
}
let workerBundle = '';

function startWorker() {
  void worker?.terminate();
  workerBundle = bundleHash();
  const bundle = pathToFileURL(join(BUILD, 'web-ssr/prerender.js')).href;
  // React picks its production build when it is first imported.
  const env = { ...process.env, NODE_ENV: 'production' };
  worker = new Worker(new URL('./preview-worker.mjs', import.meta.url), {
    workerData: { bundle },
    env,
  });
  const ready = new Promise((done) => worker.once('message', done));
  worker.on('error', (error) => log(`the prerender's worker failed: ${error.message}`));
  return ready;
}

/** Runs the prerender for the next build number; resolves to its error text, or null. */
async function prerender() {
  const n = String(++build);
  if (worker === null || bundleChanged) {
    bundleChanged = false;
    await startWorker();
  }
  const { error } = await new Promise((done) => {
    worker.once('message', done);
    worker.postMessage(n);
  });
  if (error === null) lastGood = n;
  return error;
}

/** Tells the server to read the build again, or starts it after the first good build. */
function reloadServer() {
  if (server !== null) {
    server.kill('SIGHUP');
    return;
  }
  server = spawn(BIN, ['serve', '--listen', LISTEN, '--web', OUT, '--data', join(BUILD, 'data')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server.on('exit', (code, signal) => {
    log(`the server stopped (${signal ?? code}); the preview ends`);
    process.exit(1);
  });
  spawn(BIN, ['urls', '--listen', LISTEN], { cwd: ROOT, stdio: 'inherit' });
}

let running = false;
let again = null;

/** One rebuild: the prerender, then the server and the open tabs, or the error shown. */
async function rebuild(why, started = performance.now()) {
  if (running) {
    again = why;
    return;
  }
  running = true;
  const error = await prerender();
  if (error === null) {
    reloadServer();
    log(`${why}: rebuilt and reloaded in ${since(started)}`);
  } else {
    console.error(`\n${error}\n`);
    log(`${why}: not rebuilt (${since(started)}); still serving build ${lastGood ?? 'none'}`);
    if (lastGood !== null) {
      // The page shows it over the last good build until the next one.
      writeFileSync(join(OUT, 'preview.json'), `${JSON.stringify({ build: lastGood, error })}\n`);
      server?.kill('SIGHUP');
    }
  }
  running = false;
  if (again !== null) {
    const next = again;
    again = null;
    await rebuild(next);
  }
}

/** Vite's client and SSR builds in watch mode: a change rebuilds only the modules it touches. */
async function startBundlers(onBuilt) {
  const { build: viteBuild } = await import('vite');
  const busy = new Set();
  let changed = performance.now();
  let settle = null;
  let initial = true;
  const watchOne = async (ssr) => {
    const watcher = await viteBuild({
      logLevel: 'warn',
      build: { ssr, watch: {}, emptyOutDir: false },
    });
    await new Promise((ready) => {
      watcher.on('event', (event) => {
        if (event.code === 'START') {
          if (busy.size === 0) changed = performance.now();
          busy.add(ssr);
          clearTimeout(settle);
        } else if (event.code === 'BUNDLE_END') {
          void event.result.close();
        } else if (event.code === 'END' || event.code === 'ERROR') {
          busy.delete(ssr);
          if (event.code === 'ERROR') console.error(`\n${event.error?.message ?? event.error}\n`);
          ready();
          // Both bundles are rebuilt (one change usually starts both): then the pages.
          if (busy.size === 0 && !initial) settle = setTimeout(() => onBuilt(changed), 30);
        }
      });
    });
  };
  await Promise.all([watchOne(false), watchOne(true)]);
  initial = false;
}

/** content/: the prerender reads it all again; nothing is bundled. */
function watchContent() {
  let timer = null;
  let first = null;
  let files = new Set();
  const watcher = watch(CONTENT, { recursive: true }, (_event, name) => {
    if (name === null || name.split('/').some((part) => part.startsWith('.'))) return;
    first ??= performance.now();
    files.add(relative(ROOT, join(CONTENT, name)));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const why = [...files].join(', ');
      // The list of sites is read when the bundle is imported: a blog's site.toml needs a new worker.
      if ([...files].some((f) => f.endsWith('site.toml'))) bundleChanged = true;
      const t = first;
      files = new Set();
      first = null;
      void rebuild(why, t);
    }, 25);
  });
  // The content directory went away (or could not be read): the preview has nothing to show.
  watcher.on('error', (error) => {
    log(`cannot watch ${relative(ROOT, CONTENT)}/ any more (${error.message}); the preview ends`);
    process.exit(1);
  });
}

async function main() {
  if (!existsSync(BIN)) throw new Error(`${relative(ROOT, BIN)} is missing: run make server`);
  mkdirSync(join(BUILD, 'data'), { recursive: true });
  const started = performance.now();
  await startBundlers((changed) => {
    // A stylesheet alone leaves the program as it was (its chunks' names carry their hashes):
    // the warm worker renders with the new stylesheets.
    bundleChanged ||= bundleHash() !== workerBundle;
    log(`web/src: bundled in ${since(changed)}${bundleChanged ? '' : ' (stylesheets only)'}`);
    void rebuild('web/src', changed);
  });
  log(`bundled in ${since(started)}`);
  await rebuild('first build', started);
  watchContent();
  log(`watching ${relative(ROOT, CONTENT)}/ and web/src/ (Ctrl-C ends the preview)`);
}

// However the preview ends (a signal, an error, a crash), its server ends with it: a server left
// behind keeps the port, and the next preview cannot start.
process.on('exit', () => server?.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));

main().catch((error) => {
  console.error(`preview: ${error.message ?? error}`);
  process.exit(1);
});
