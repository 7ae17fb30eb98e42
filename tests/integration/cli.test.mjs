// The command line of docs/command-line.md: flags, variables, defaults, exit status 2 on bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { configText, events, freePort, request, runCli, startServer } from './harness.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'wavesites-cli-'));
function configFile(text, name = 'c.toml') {
  const p = path.join(tmp, name);
  writeFileSync(p, text);
  return p;
}

function oneLineError(r, pattern) {
  assert.equal(r.code, 2, `exit status 2, got ${r.code}: ${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line on stderr: ${r.stderr}`);
  assert.match(lines[0], pattern);
}

test('--version and --help succeed', async () => {
  const v = await runCli(['--version']);
  assert.equal(v.code, 0);
  assert.match(v.stdout, /^wavesites \d+\.\d+\.\d+/);
  const h = await runCli(['--help']);
  assert.equal(h.code, 0);
  for (const word of ['serve', 'leads', 'resumes']) assert.ok(h.stdout.includes(word), word);
  const sh = await runCli(['serve', '--help']);
  assert.equal(sh.code, 0);
  for (const flag of ['--config', '--listen', '--data', '--database', '--web'])
    assert.ok(sh.stdout.includes(flag), flag);
});

test('bad flags and commands exit 2 with one line', async () => {
  oneLineError(await runCli([]), /subcommand|command/i);
  oneLineError(await runCli(['serve', '--bogus']), /--bogus/);
  oneLineError(await runCli(['frobnicate']), /frobnicate/);
  oneLineError(await runCli(['serve', '--listen', 'nope']), /--listen/);
  oneLineError(await runCli(['serve', '--listen', '127.0.0.1:70000']), /port/);
  oneLineError(
    await runCli(['serve', '--config', configFile(configText()), '--database', 'mysql://x/y']),
    /--database/,
  );
  oneLineError(
    await runCli(['leads', 'export', '--format', 'xml', '--config', configFile(configText())]),
    /--format|xml/,
  );
});

test('an unreadable or invalid config exits 2 naming the problem', async () => {
  oneLineError(
    await runCli(['serve', '--config', path.join(tmp, 'missing.toml')]),
    /missing\.toml/,
  );
  oneLineError(
    await runCli(['serve', '--config', configFile('[hosts]\n[limits]\nmax_upload_byte = 1\n')]),
    /limits\.max_upload_byte/,
  );
  oneLineError(
    await runCli(['serve', '--config', configFile('[hosts]\ntts1 = "one.test"\n')]),
    /hosts\.tts1/,
  );
  oneLineError(
    await runCli(['serve', '--config', configFile('[limits]\nmax_json_bytes = 1024\n')]),
    /\[hosts\]/,
  );
  oneLineError(
    await runCli(['serve', '--config', configFile('[hosts]\nblog9 = ["a.test"]\n')]),
    /blog9/,
  );
  oneLineError(await runCli(['serve', '--config', configFile('[hosts]\nwaveads = [\n')]), /line/);
  // [landing] holds settings of the web bundle's pages: checked against the bundle's manifest.
  oneLineError(
    await runCli(['serve', '--config', configFile('[hosts]\n[landing]\ncolor = "red"\n')]),
    /landing\.color/,
  );
  oneLineError(
    await runCli(['serve', '--config', configFile('[hosts]\n[landng]\noffer = "x"\n')]),
    /landng\.offer/,
  );
  oneLineError(
    await runCli([
      'serve',
      '--config',
      configFile('[hosts]\n[landing]\napp_store_url = "ftp://x.example/"\n'),
    ]),
    /landing\.app_store_url/,
  );
});

test('a port already in use exits 2', async () => {
  const srv = await startServer();
  try {
    oneLineError(
      await runCli([
        'serve',
        '--config',
        configFile(configText()),
        '--listen',
        `127.0.0.1:${srv.port}`,
      ]),
      /listen/,
    );
  } finally {
    await srv.stop();
  }
});

test('environment variables are read, and a flag beats its variable', async () => {
  const port = await freePort();
  const cfg = configFile(configText(), 'env.toml');
  const srv = await startServer({
    env: { WAVESITES_CONFIG: path.join(tmp, 'nope.toml'), WAVESITES_LISTEN: `127.0.0.1:${port}` },
  });
  // startServer passes --config and --listen explicitly, so the variables lose.
  assert.notEqual(srv.port, port);
  assert.equal((await request(srv.port, '/healthz')).status, 200);
  await srv.stop();
  // Variables alone.
  const bad = await runCli(['serve'], { WAVESITES_CONFIG: path.join(tmp, 'nope.toml') });
  oneLineError(bad, /nope\.toml/);
  const badListen = await runCli(['serve'], { WAVESITES_CONFIG: cfg, WAVESITES_LISTEN: 'bad' });
  oneLineError(badListen, /--listen/);
  const badDb = await runCli(['serve'], { WAVESITES_CONFIG: cfg, WAVESITES_DATABASE: 'oracle:x' });
  oneLineError(badDb, /--database/);
  const badWeb = await runCli(['serve'], {
    WAVESITES_CONFIG: cfg,
    WAVESITES_WEB: path.join(tmp, 'no-web'),
  });
  oneLineError(badWeb, /no-web/);
});

test('start-up events say where to open each site, and SIGINT stops cleanly', async () => {
  const srv = await startServer();
  const sites = events(srv.stderr).filter((e) => e.event === 'site');
  for (const site of ['waveads', 'kuponz1', 'kuponz2', 'tts1', 'tts2', 'tts3', 'enicf']) {
    const e = sites.find((s) => s.site === site);
    assert.ok(e, `an event for ${site}`);
    assert.match(
      e.prefixed,
      new RegExp(`^http://127\\.0\\.0\\.1:${srv.port}/`),
      `${site}: its test-prefix URL`,
    );
    assert.ok(
      e.urls.length > 0 && e.urls.every((u) => u.includes('check.test')),
      `${site}: its hosts`,
    );
  }
  const { code } = await srv.stop('SIGINT');
  assert.equal(code, 0);
});

test('one JSON access-log line per request', async () => {
  const srv = await startServer();
  await request(srv.port, '/tts1/home', { host: 'Log.Check.test' });
  await request(srv.port, '/nope?x=1');
  await srv.stop();
  const lines = srv.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const home = lines.find((l) => l.path === '/tts1/home');
  assert.ok(home, srv.stdout);
  for (const k of ['time', 'host', 'method', 'path', 'status', 'bytes', 'duration_ms'])
    assert.ok(k in home, k);
  assert.equal(home.status, 200);
  assert.equal(home.host, 'Log.Check.test');
  assert.ok(home.bytes > 0);
  const nope = lines.find((l) => l.path === '/nope');
  assert.equal(nope.status, 404);
});
