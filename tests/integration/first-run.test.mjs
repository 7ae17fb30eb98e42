// The first run (README, first screen): `make run` prints an "Open http://<site>.localhost:PORT/"
// line per site, taken from config/sites.toml by `wavesites urls`, before it execs the server; and
// the shipped config serves each site on its *.localhost name (browsers resolve *.localhost to
// loopback), while canonical links keep naming the public origins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ROOT, request, runCli, startServer, textOf } from './harness.mjs';

const SHIPPED = path.join(ROOT, 'config/sites.toml');
const SITES = ['waveads', 'kuponz1', 'kuponz2', 'tts1', 'tts2', 'tts3', 'enicf'];
/** What each site's home shows (as routes.test.mjs checks it on the test hosts). */
const SHOWS = {
  waveads: 'The Digital Wave Rider',
  kuponz1: 'Your Ultimate Guide to Smart Savings & Exclusive Deals',
  kuponz2: 'FRANCE',
  tts1: 'GlowBack',
  tts2: 'Read More →',
  tts3: 'Welcome To Youadsmedia-Top',
  enicf: 'Block Blast!',
};

test('wavesites urls: one "Open" line per *.localhost host of the config, in its order, on the listen port', async () => {
  const r = await runCli(['urls', '--config', SHIPPED, '--listen', '127.0.0.1:8080']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(
    r.stdout.trim().split('\n'),
    SITES.map((s) => `Open http://${s}.localhost:8080/ (${s})`),
  );
  const other = await runCli(['urls', '--listen', '0.0.0.0:9123'], { WAVESITES_CONFIG: SHIPPED });
  assert.equal(other.code, 0, other.stderr);
  assert.match(other.stdout, /^Open http:\/\/waveads\.localhost:9123\/ \(waveads\)\n/);
  const bad = await runCli(['urls', '--config', path.join(ROOT, 'no-such.toml')]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /no-such\.toml/);
});

test('make run prints the URLs, then execs the server', () => {
  // -n: the recipe as make would run it, running nothing.
  const r = spawnSync('make', ['-n', '--no-print-directory', 'run', 'LISTEN=127.0.0.1:9321'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  const urls = lines.findIndex((l) =>
    /build\/bin\/wavesites urls --listen 127\.0\.0\.1:9321$/.test(l),
  );
  const serve = lines.findIndex((l) =>
    /^exec build\/bin\/wavesites serve --listen 127\.0\.0\.1:9321$/.test(l),
  );
  assert.ok(urls >= 0 && serve > urls, r.stdout);
});

test('the shipped config serves every site on <site>.localhost; other hosts get the prefixed set', async () => {
  const srv = await startServer({ config: readFileSync(SHIPPED, 'utf8') });
  try {
    for (const site of SITES) {
      const r = await request(srv.port, '/', { host: `${site}.localhost:${srv.port}` });
      assert.equal(r.status, 200, site);
      assert.ok(textOf(r.body).includes(SHOWS[site]), `${site}.localhost shows ${site}`);
    }
    const home = await request(srv.port, '/', { host: `waveads.localhost:${srv.port}` });
    // Search engines are still sent to the public origin, whichever host served the page.
    assert.match(home.body, /<link rel="canonical" href="https:\/\/waveads\.example\/"/);
    assert.doesNotMatch(home.body, /https?:\/\/[a-z0-9.]*\.localhost/);
    const robots = await request(srv.port, '/robots.txt', { host: `tts1.localhost:${srv.port}` });
    assert.match(robots.body, /Sitemap: https:\/\/tts-one\.example\/sitemap\.xml/);
    // Not a configured host: the prefixed route set, where / is the 404 page.
    assert.equal((await request(srv.port, '/', { host: `127.0.0.1:${srv.port}` })).status, 404);
    assert.equal(
      (await request(srv.port, '/', { host: `nothing.localhost:${srv.port}` })).status,
      404,
    );
  } finally {
    await srv.stop();
  }
});
