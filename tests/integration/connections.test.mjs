// Connection caps: slow and silent clients cannot crowd out a normal one, a cap refuses at once
// (counted and logged), and a request head that does not arrive in time is answered 408.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';

import { configText, loggedEvents, request, startServer } from './harness.mjs';
import { LEAD_PATH } from './contract.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A raw connection from `localAddress`; resolves once connected. */
function connect(port, { localAddress = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress });
    s.setNoDelay(true);
    s.on('error', () => {});
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

/** What the server does with a connection within `ms`: {data, closed}. */
function outcome(sock, ms) {
  return new Promise((resolve) => {
    let data = '';
    let done = false;
    const finish = (closed) => {
      if (done) return;
      done = true;
      resolve({ data, closed });
    };
    sock.on('data', (d) => (data += d));
    sock.on('close', () => finish(true));
    setTimeout(() => finish(false), ms);
  });
}

function samples(text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return out;
}

test('at a descriptor limit of 256, 1,500 slow connections do not keep a normal client from its page', async () => {
  const srv = await startServer({ wrapper: ['prlimit', '--nofile=256:256'] });
  const slow = [];
  try {
    const m0 = samples((await request(srv.port, '/metrics')).body);
    const cap = m0['wavesites_max_connections'];
    assert.ok(cap > 100 && cap < 256, `the cap (${cap}) is derived from the limit of 256`);
    // Half send nothing, half begin a head and trickle it; the kernel queues what is not accepted.
    for (let i = 0; i < 1500; i++) {
      const s = net.connect({ host: '127.0.0.1', port: srv.port });
      s.on('error', () => {});
      if (i % 2) s.on('connect', () => s.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\nX-Slow: '));
      slow.push(s);
    }
    await sleep(1500);
    const trickle = setInterval(() => {
      for (const s of slow) if (!s.destroyed && s.writable) s.write('a');
    }, 500);
    try {
      for (let i = 0; i < 5; i++) {
        const t0 = Date.now();
        // Its address is the slow connections' too: while the backlog drains, a connection that
        // arrives when every other of the address began waiting under 250 ms ago is closed at
        // once (by design), and a browser opens another. One more try, within the 5 s.
        const r = await request(srv.port, '/tts1/home').catch((e) => {
          if (!/socket hang up|ECONNRESET/.test(String(e))) throw e;
          return request(srv.port, '/tts1/home');
        });
        assert.equal(r.status, 200);
        assert.match(r.body, /<html/);
        assert.ok(Date.now() - t0 < 5000, `page ${i} took ${Date.now() - t0} ms`);
      }
    } finally {
      clearInterval(trickle);
    }
    const m1 = samples((await request(srv.port, '/metrics')).body);
    assert.ok(
      m1['wavesites_connections_evicted_total'] > 0,
      'room was made by evicting waiting connections',
    );
    assert.ok(
      m1['wavesites_open_connections'] <= cap + 1,
      `open ${m1['wavesites_open_connections']} within the cap ${cap}`,
    );
    assert.ok(!/"level":"error"/.test(srv.stderr), srv.stderr.slice(-2000));
  } finally {
    for (const s of slow) s.destroy();
    await srv.stop();
  }
});

test('600 connections that arrive at once are all taken and answered (the acceptor takes them in batches)', async () => {
  const srv = await startServer({
    wrapper: ['prlimit', '--nofile=4096:4096'],
    config: configText('max_connections_per_ip = 1000\n'),
  });
  const socks = [];
  try {
    const answers = [];
    for (let i = 0; i < 600; i++) {
      const s = net.connect({ host: '127.0.0.1', port: srv.port });
      s.on('error', () => {});
      s.on('connect', () =>
        s.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      answers.push(outcome(s, 15000));
      socks.push(s);
    }
    const got = await Promise.all(answers);
    const unanswered = got
      .map((r, i) => [i, r])
      .filter(([, r]) => !/^HTTP\/1\.1 200 /.test(r.data));
    assert.deepEqual(
      unanswered.map(
        ([i, r]) => `${i}: ${r.closed ? 'closed' : 'open'} ${JSON.stringify(r.data.slice(0, 40))}`,
      ),
      [],
    );
  } finally {
    for (const s of socks) s.destroy();
    await srv.stop();
  }
});

test('past max_connections with nothing to evict, a connection is closed at once, counted and logged', async () => {
  const srv = await startServer({
    config: configText('max_connections = 3\n'),
  });
  const busy = [];
  try {
    // Three connections busy sending a lead's body: reading a body, they are not evictable.
    for (let i = 0; i < 3; i++) {
      const s = await connect(srv.port);
      s.write(
        `POST ${LEAD_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      );
      busy.push(s);
    }
    await sleep(200);
    const extra = await connect(srv.port);
    extra.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n');
    const r = await outcome(extra, 3000);
    assert.equal(r.closed, true, 'closed');
    assert.equal(r.data, '', 'without an answer');
    busy.pop().destroy();
    await sleep(200);
    // /metrics itself needs a place: one is free again.
    const m = samples((await request(srv.port, '/metrics')).body);
    assert.equal(m['wavesites_connections_refused_total{reason="max_connections"}'], 1);
    assert.equal(m['wavesites_max_connections'], 3);
    const lines = await loggedEvents(srv, (e) => e.event === 'connections_refused');
    assert.equal(lines.length, 1);
    assert.equal(lines[0].level, 'warn');
    assert.equal(lines[0].reason, 'max_connections');
    assert.equal(lines[0].refused, 1);
  } finally {
    for (const s of busy) s.destroy();
    await srv.stop();
  }
});

test('max_connections_per_ip caps one address, not the others, and a flood of refusals logs one line', async () => {
  const srv = await startServer({
    config: configText('max_connections_per_ip = 2\n'),
  });
  const held = [];
  try {
    // Two connections busy sending a lead's body: reading a body, they are not evictable.
    for (let i = 0; i < 2; i++) {
      const s = await connect(srv.port, { localAddress: '127.0.0.7' });
      s.write(
        `POST ${LEAD_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      );
      held.push(s);
    }
    await sleep(100);
    const refusedNow = [];
    for (let i = 0; i < 20; i++) {
      const s = await connect(srv.port, { localAddress: '127.0.0.7' });
      s.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n');
      refusedNow.push(outcome(s, 3000));
    }
    for (const r of await Promise.all(refusedNow)) {
      assert.equal(r.closed, true);
      assert.equal(r.data, '');
    }
    // Another address is served.
    const other = await connect(srv.port, { localAddress: '127.0.0.8' });
    other.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match((await outcome(other, 3000)).data, /^HTTP\/1\.1 200 /);
    // A place is given back when one closes.
    held.pop().destroy();
    await sleep(100);
    const again = await connect(srv.port, { localAddress: '127.0.0.7' });
    again.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match((await outcome(again, 3000)).data, /^HTTP\/1\.1 200 /);

    const m = samples((await request(srv.port, '/metrics')).body);
    assert.equal(m['wavesites_connections_refused_total{reason="max_connections_per_ip"}'], 20);
    assert.equal(m['wavesites_max_connections_per_ip'], 2);
    const lines = await loggedEvents(srv, (e) => e.event === 'connections_refused');
    assert.equal(lines.length, 1, 'rate-limited: one line for the burst');
    assert.equal(lines[0].reason, 'max_connections_per_ip');
    assert.equal(lines[0].last_client, '127.0.0.7');
  } finally {
    for (const s of held) s.destroy();
    await srv.stop();
  }
});

test("at its cap, an address's new connection takes the place of its own silent or idle one", async () => {
  const srv = await startServer({
    config: configText('max_connections_per_ip = 2\n'),
  });
  const held = [];
  try {
    // One silent from the start, one idle after an answer: both evictable, the silent one first.
    const silent = await connect(srv.port, { localAddress: '127.0.0.9' });
    const idle = await connect(srv.port, { localAddress: '127.0.0.9' });
    held.push(silent, idle);
    const idleOutcome = outcome(idle, 4000);
    idle.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n');
    const silentOutcome = outcome(silent, 4000);
    await sleep(400); // past the quarter second a connection may take to send its request
    const fresh = await connect(srv.port, { localAddress: '127.0.0.9' });
    held.push(fresh);
    fresh.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.match((await outcome(fresh, 1000)).data, /^HTTP\/1\.1 200 /);
    assert.equal((await silentOutcome).closed, true, 'the silent one made room');
    const second = await connect(srv.port, { localAddress: '127.0.0.9' });
    second.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match((await outcome(second, 3000)).data, /^HTTP\/1\.1 200 /);
    const idleEnd = await idleOutcome;
    assert.match(idleEnd.data, /^HTTP\/1\.1 200 /, 'the idle one had its answer');
    assert.equal(idleEnd.closed, true, 'and then made room');
    const m = samples((await request(srv.port, '/metrics')).body);
    assert.equal(m['wavesites_connections_evicted_total'], 2);
    assert.equal(m['wavesites_connections_refused_total{reason="max_connections_per_ip"}'], 0);
  } finally {
    for (const s of held) s.destroy();
    await srv.stop();
  }
});

test('a request head that does not arrive in time gets a 408 before the close; a silent connection just closes', async () => {
  const srv = await startServer({
    config: configText('read_timeout_seconds = 1\n'),
  });
  try {
    const partial = await connect(srv.port);
    partial.write('GET /tts1/home HTTP/1.1\r\nHost: x\r\n');
    const silent = await connect(srv.port);
    const [p, s] = await Promise.all([outcome(partial, 5000), outcome(silent, 5000)]);
    assert.equal(p.closed, true);
    assert.match(p.data, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.match(p.data, /\r\nConnection: close\r\n/i);
    assert.equal(s.closed, true);
    assert.equal(s.data, '');
    await srv.stop();
    const logged = srv.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    assert.ok(
      logged.some((l) => l.status === 408),
      'the 408 is in the access log',
    );
  } finally {
    await srv.stop();
  }
});
