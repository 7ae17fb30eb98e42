// The write side of the connection caps: clients that ask for large answers and take them
// slowly, or never, cannot hold the server. At a descriptor limit of 256 one address opens as many
// connections as the server will hold, each pipelining 1,000 requests for the largest asset with
// a 16 KB receive buffer; a normal client asks for a page twice a second throughout (once more
// when its connection is closed at once, as a browser would).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { WEB, configText, request, startServer } from './harness.mjs';

const run = promisify(execFile);
const ABUSE = path.join(import.meta.dirname, 'clients/abuse.py');

function samples(text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return out;
}

function largestAsset() {
  const manifest = JSON.parse(readFileSync(path.join(WEB, 'manifest.json'), 'utf8'));
  let best = { path: '', size: 0 };
  for (const s of manifest.static) {
    const size = statSync(path.join(WEB, s.file)).size;
    if (s.path.startsWith('/assets/') && size > best.size) best = { path: s.path, size };
  }
  return best;
}

async function slowReaders(port, args) {
  const { stdout } = await run('python3', [ABUSE, 'slow-readers', String(port), ...args], {
    timeout: 120_000,
  });
  return JSON.parse(stdout);
}

test('slow readers from one address at a descriptor limit of 256: a normal client gets every page within 5 s', async () => {
  // write_timeout 5 s so the never-reading clients' end is seen within the test.
  const srv = await startServer({
    wrapper: ['prlimit', '--nofile=256:256'],
    config: configText('write_timeout_seconds = 5\n'),
  });
  try {
    const asset = largestAsset();
    assert.ok(asset.size > 100_000, `a large asset (${asset.path}, ${asset.size} B)`);
    const m0 = samples((await request(srv.port, '/metrics')).body);
    const cap = m0.wavesites_max_connections;
    const perIp = m0.wavesites_max_connections_per_ip;
    assert.ok(cap > 150 && cap < 256, `the cap (${cap}) comes from the limit`);
    assert.ok(perIp >= 16 && perIp < cap / 4, `a per-address cap (${perIp}) is derived from it`);

    const r = await slowReaders(srv.port, [
      '--path',
      asset.path,
      '--count',
      String(cap),
      '--never-read',
      '4',
      '--seconds',
      '24',
    ]);
    assert.equal(
      r.normal_ok,
      r.normal_requests,
      `every page answered: ${JSON.stringify(r.normal_failures)}`,
    );
    assert.ok(r.normal_requests >= 40);
    assert.ok(r.normal_slowest_seconds < 5, `slowest page ${r.normal_slowest_seconds} s`);
    // The address keeps no more than its share; the rest were closed (evicted for its newer
    // connections) or refused, and a never-reading one goes within write_timeout, not twice it.
    assert.ok(
      r.opened - r.closed_by_server <= perIp + 1,
      `${r.opened} opened, ${r.closed_by_server} closed by the server`,
    );
    assert.equal(r.never_reading_closed_at.length, 4);
    for (const t of r.never_reading_closed_at)
      assert.ok(t <= 5 + 1.5, `a never-reading client closed at ${t} s`);

    const m = samples((await request(srv.port, '/metrics')).body);
    const closed =
      m.wavesites_connections_evicted_total +
      m['wavesites_connections_refused_total{reason="max_connections_per_ip"}'] +
      m['wavesites_connections_dropped_total{reason="write_timeout"}'];
    assert.ok(closed >= r.closed_by_server, `counted: ${closed} of ${r.closed_by_server}`);
    assert.equal(srv.child.exitCode, null);
  } finally {
    assert.deepEqual(await srv.stop(), { code: 0, signal: null });
  }
});

test('past the whole cap, the answer that has waited longest for its reader makes room for a new client', async () => {
  // No per-address cap here: the slow readers take every place, and only eviction lets a new
  // client in. Eviction takes an answer only once it has waited a second for its client.
  const srv = await startServer({
    wrapper: ['prlimit', '--nofile=256:256'],
    config: configText('max_connections_per_ip = 1000\n'),
  });
  try {
    const asset = largestAsset();
    const cap = samples((await request(srv.port, '/metrics')).body).wavesites_max_connections;
    const r = await slowReaders(srv.port, [
      '--path',
      asset.path,
      '--count',
      String(cap),
      '--seconds',
      '12',
      '--source',
      '127.0.0.2',
    ]);
    const late = r.normal_failures.filter((f) => f.at > 1.5);
    assert.deepEqual(late, [], 'after the first second every page is answered');
    assert.ok(r.normal_slowest_seconds < 5);
    const m = samples((await request(srv.port, '/metrics')).body);
    assert.ok(m.wavesites_connections_evicted_total >= 1, 'a stalled answer was evicted');
  } finally {
    assert.deepEqual(await srv.stop(), { code: 0, signal: null });
  }
});

test('a client that takes a run of answers slower than the minimum rate is closed, however steadily it trickles', async () => {
  // At least 10 MB/s after a 5 s pause. The client pipelines requests for the largest asset and
  // takes 4 KB/s (2 KB every half second, which TCP delivers in bursts every few seconds, never
  // 5 s apart). The kernel takes answers before the first wait, all of which the run's deadline
  // counts: it ends 5 s + those bytes / 10 MB/s after the first request. How many that is rests
  // on the machine's socket buffers (3.9 MB here, which at 1 MB/s put the end at 8.9 s); at
  // 10 MB/s even four times that costs 1.6 s.
  const srv = await startServer({
    config: configText('write_timeout_seconds = 5\nmin_send_bytes_per_second = 10000000\n'),
  });
  try {
    const asset = largestAsset();
    const r = await slowReaders(srv.port, [
      '--path',
      asset.path,
      '--count',
      '1',
      '--seconds',
      '11',
      '--drain-every',
      '0.5',
      '--drain-bytes',
      '2048',
    ]);
    assert.equal(r.closed_at.length, 1, 'closed by the server');
    assert.ok(r.closed_at[0] >= 5 && r.closed_at[0] <= 10, `closed at ${r.closed_at[0]} s`);
    const m = samples((await request(srv.port, '/metrics')).body);
    assert.equal(m['wavesites_connections_dropped_total{reason="too_slow"}'], 1);
    assert.equal(
      m['wavesites_connections_dropped_total{reason="write_timeout"}'],
      0,
      'it never paused 5 s',
    );
  } finally {
    assert.deepEqual(await srv.stop(), { code: 0, signal: null });
  }
});
