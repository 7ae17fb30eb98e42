// Regression: two I/O threads wrote their access-log buffers (up to 64 KiB) to one stdout pipe,
// where writes over 4 KiB are not atomic, and 3.9% of the lines came out as broken JSON. Every
// line must stay whole on a pipe (this test's stdout is one).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { configText, requestMany, startServer, stopsOnTime } from './harness.mjs';

/** GETs of 404 pages with long paths (long lines fill the log's buffers fast). */
const longPath = (n) => ({ path: `/no-such-page/${n}/${'p'.repeat(1200)}` });

test('under load from many connections, every access-log line on a pipe is whole JSON', async () => {
  const srv = await startServer({ config: configText('') }); // threads = 2
  try {
    const total = 30_000;
    await requestMany(srv.port, total, 64, (n) => ({
      ...longPath(n),
      headers: { 'User-Agent': `load-${n}-${'u'.repeat(400)}` },
    }));
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
    await requestMany(srv.port, 4000, 16, longPath);
    await stopsOnTime(srv);
  } finally {
    if (srv.child.exitCode === null) await srv.stop('SIGKILL');
  }
});
