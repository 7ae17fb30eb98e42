// Request heads as bytes on a raw socket, for what no HTTP client sends (node:http refuses to):
// the strict reading of RFC 9112, where the server rejects what it could have repaired, and
// OPTIONS, whose Allow is the 405's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';

import { startServer } from './harness.mjs';
import { LEAD_PATH } from './contract.mjs';

const PAGE = 'GET /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n';

/** The answers in `text`, one after another: [{status (the status line), head, body}]. */
function answers(text) {
  const out = [];
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const head = text.slice(at, end);
    const length = Number(/^Content-Length: (\d+)$/im.exec(head)?.[1] ?? 0);
    out.push({ status: head.split('\r\n')[0], head, body: text.slice(end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
  return out;
}

/**
 * Sends `bytes` (a string of byte values, \xNN as one byte) and resolves with what came back once
 * the server ends the connection, or after `ms`: {text, answers, statuses (their status lines), closed}.
 */
function exchange(port, bytes, ms = 5000) {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port });
    const chunks = [];
    let done = false;
    const finish = (closed) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const all = answers(text);
      resolve({ text, answers: all, statuses: all.map((a) => a.status), closed });
    };
    const timer = setTimeout(() => finish(false), ms);
    s.on('data', (d) => chunks.push(d));
    s.on('end', () => finish(true));
    s.on('close', () => finish(true));
    s.on('error', (e) => (done ? undefined : reject(e)));
    s.write(Buffer.from(bytes, 'latin1'));
  });
}

/** The value of field `name` in an answer's head. */
function field(answer, name) {
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(answer.head)?.[1];
}

/** Each refusal: the status line, the connection closed, and the request sent after it unanswered. */
async function refused(port, bad, status, why) {
  const r = await exchange(port, bad + PAGE);
  assert.deepEqual(r.statuses, [status], `${why}: ${JSON.stringify(r.text.slice(0, 200))}`);
  assert.ok(r.closed, `${why}: the connection is closed`);
}

test('what RFC 9112 lets a server repair or reject is rejected, and the connection closed', async () => {
  const srv = await startServer();
  try {
    // obs-fold: a field line that begins with SP or HTAB.
    for (const fold of ['X-A: a\r\n b', 'X-A: a\r\n\tb', 'User-Agent: t\r\n  /1']) {
      await refused(
        srv.port,
        `GET /tts1/home HTTP/1.1\r\nHost: x\r\n${fold}\r\n\r\n`,
        'HTTP/1.1 400 Bad Request',
        fold,
      );
    }
    // Bytes outside the URI grammar in the target.
    const targets = [
      '/caf\xc3\xa9',
      '/\xc0\xaf',
      '/tts1/home?q=\xe2\x82\xac',
      '/tts1\\home',
      '/tts1/home#top',
      '/tts1/home?x=1#top',
      '/tts1/home%00',
      '/tts1/home?x=%0d',
      '/tts1/home?x=%0D%0A',
      '/tts1/home?x=%0a',
      '/tts1/home?x=100%',
      '/tts1/%zzhome',
      'http://x/tts1/home#top',
      '/tts1/ho{me}',
      '/tts1/a|b',
    ];
    for (const target of targets) {
      await refused(
        srv.port,
        `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`,
        'HTTP/1.1 400 Bad Request',
        JSON.stringify(target),
      );
    }
    // A Content-Length with a leading zero, or said twice; a second Content-Type.
    for (const fields of [
      'Content-Length: 00',
      'Content-Length: 005',
      'Content-Length: 0200',
      'Content-Length: 5, 5',
      'Content-Length: 2\r\nContent-Length: 2',
    ]) {
      await refused(
        srv.port,
        `POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${fields}\r\n\r\n{}`,
        'HTTP/1.1 400 Bad Request',
        fields,
      );
    }
    for (const second of ['text/plain', 'application/json']) {
      await refused(
        srv.port,
        `POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n` +
          `Content-Type: ${second}\r\n\r\n{}`,
        'HTTP/1.1 400 Bad Request',
        `Content-Type twice, then ${second}`,
      );
    }
    // A method longer than any: 501, not 431 however long.
    for (const length of [21, 100, 20_000]) {
      await refused(
        srv.port,
        `${'M'.repeat(length)} /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n`,
        'HTTP/1.1 501 Not Implemented',
        `a method of ${length} bytes`,
      );
    }
    // The 431 is still the head's: a long field section.
    await refused(
      srv.port,
      `GET /tts1/home HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'HTTP/1.1 431 Request Header Fields Too Large',
      'a long head',
    );
  } finally {
    await srv.stop();
  }
});

test('targets the grammar allows, and a plain zero length, are served on a connection kept open', async () => {
  const srv = await startServer();
  try {
    const targets = [
      '/tts1/home?utm_source=google&utm_medium=cpc&utm_campaign=spring+sale&utm_content=a%20b',
      '/tts1/home?q=caf%C3%A9&r=%c3%a9&s=a=b&&t=',
      '/tts1/home?x=(1);y=a,b:c@d/e?f',
      '/tts1/home?gclid=Cj0_x-y.z~',
      'http://x/tts1/home?q=%C3%A9',
      // What browsers leave unescaped in a query: an ad link's macro, a filter's brackets.
      '/tts1/home?kw={keyword}&f[x]=a|b^c`d',
    ];
    const wire =
      targets.map((t) => `GET ${t} HTTP/1.1\r\nHost: x\r\n\r\n`).join('') +
      'GET /tts1/home HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';
    const r = await exchange(srv.port, wire);
    assert.deepEqual(
      r.statuses,
      Array(targets.length + 1).fill('HTTP/1.1 200 OK'),
      r.text.slice(0, 300),
    );
  } finally {
    await srv.stop();
  }
});

test('OPTIONS answers 204 with the Allow a 405 on the same path carries', async () => {
  const srv = await startServer();
  try {
    // A page, then the lead API: OPTIONS keeps the connection, and the 405 agrees with it.
    const wire =
      'OPTIONS /tts1/home HTTP/1.1\r\nHost: x\r\n\r\n' +
      'POST /tts1/home HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n' +
      `OPTIONS ${LEAD_PATH} HTTP/1.1\r\nHost: x\r\n\r\n` +
      `GET ${LEAD_PATH} HTTP/1.1\r\nHost: x\r\n\r\n` +
      'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n' +
      'OPTIONS /no-such-page HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const r = await exchange(srv.port, wire);
    assert.deepEqual(
      r.statuses,
      [
        'HTTP/1.1 204 No Content',
        'HTTP/1.1 405 Method Not Allowed',
        'HTTP/1.1 204 No Content',
        'HTTP/1.1 405 Method Not Allowed',
        'HTTP/1.1 204 No Content',
        'HTTP/1.1 404 Not Found',
      ],
      r.text.slice(0, 400),
    );
    assert.deepEqual(
      r.answers.map((a) => field(a, 'Allow')),
      [
        'GET, HEAD, OPTIONS',
        'GET, HEAD, OPTIONS',
        'POST, OPTIONS',
        'POST, OPTIONS',
        'GET, HEAD, POST, OPTIONS',
        undefined,
      ],
    );
    assert.equal(field(r.answers[0], 'Content-Length'), undefined, 'a 204 says nothing of a body');
  } finally {
    await srv.stop();
  }
});
