// Regression: two I/O threads wrote their access-log buffers (up to 64 KiB) to one stdout pipe,
// where writes over 4 KiB are not atomic, and 3.9% of the lines came out as broken JSON. Every
// line must stay whole on a pipe (this test's stdout is one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';

import { configText, startServer } from './harness.mjs';

/**
 * `total` GETs of 404 pages with long paths (long lines fill the log's buffers fast), from
 * `connections` keep-alive connections at once; `userAgent(n)`, if given, names each client. A
 * request unanswered for 5 s fails it: the server is stuck.
 */
async function requestMany(port, total, connections, userAgent) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const pad = 'p'.repeat(1200);
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) {
        const n = next++;
        await new Promise((resolve, reject) => {
          const req = http.get(
            {
              host: '127.0.0.1',
              port,
              path: `/no-such-page/${n}/${pad}`,
              agent,
              timeout: 5000,
              headers: userAgent ? { 'User-Agent': userAgent(n) } : {},
            },
            (res) => {
              res.resume();
              res.on('end', resolve);
            },
          );
          req.on('timeout', () =>
            req.destroy(new Error(`request ${n} waited 5 s: the server is stuck`)),
          );
          req.on('error', reject);
        });
      }
    }),
  );
  agent.destroy();
}

test('under load from many connections, every access-log line on a pipe is whole JSON', async () => {
  const srv = await startServer({ config: configText('') }); // threads = 2
  try {
    const total = 30_000;
    await requestMany(srv.port, total, 64, (n) => `load-${n}-${'u'.repeat(400)}`);
    await srv.stop();
    const lines = srv.stdout.split('\n').filter((l) => l !== '');
    const broken = lines.filter((l) => {
      try {
        JSON.parse(l);
        return false;
      } catch {
        return true;
      }
    });
    assert.equal(
      broken.length,
      0,
      `${broken.length} of ${lines.length} lines are not JSON, e.g. ${broken[0]?.slice(0, 120)}`,
    );
    assert.equal(lines.length, total + 1, 'one line per request (and the health check)');
  } finally {
    if (srv.child.exitCode === null) await srv.stop();
  }
});

// Regression: the access log was written to stdout by the I/O threads themselves, so a stdout
// nobody read (here a pipe whose reader never reads) stopped every answer once the pipe was
// full, after a few dozen of these requests. A thread of its own now writes stdout.
test('a stdout nobody reads holds up no answer, and the server still stops on time', async () => {
  const srv = await startServer({
    config: configText(''),
    // The server's stdout becomes a pipe to a reader that never reads and ends with the server.
    wrapper: ['bash', '-c', 'exec "$@" > >(exec tail --pid=$$ -f /dev/null)', 'bash'],
  });
  try {
    // 4000 lines of about 1.7 KB: 100 times what the pipe holds.
    await requestMany(srv.port, 4000, 16);
    const started = Date.now();
    const { code } = await srv.stop();
    assert.equal(code, 0);
    // It waits at most 2 s for stdout to take the rest, then goes.
    assert.ok(Date.now() - started < 10_000, `stopping took ${Date.now() - started} ms`);
  } finally {
    if (srv.child.exitCode === null) await srv.stop('SIGKILL');
  }
});
