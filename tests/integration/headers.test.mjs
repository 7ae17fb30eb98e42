// Security headers on every answer, HSTS with upgrade-insecure-requests only when a trusted proxy
// says the request came over HTTPS, and COOP wherever the browser is in a secure context (HTTPS,
// or a localhost name over plain HTTP).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { configText, request, startServer } from './harness.mjs';
import { COUNTRIES_PATH } from './contract.mjs';

const HSTS = 'max-age=63072000; includeSubDomains';

test('every answer has the resource-isolation and permission headers', async () => {
  const srv = await startServer();
  try {
    for (const target of [
      '/waveads/home',
      '/tts1/article-detail/1',
      '/healthz',
      '/no-such-page',
      `/api${COUNTRIES_PATH}`,
    ]) {
      const r = await request(srv.port, target, { host: 'www.wavesites-test.com' });
      assert.equal(r.headers['cross-origin-resource-policy'], 'same-site', target);
      assert.equal(
        r.headers['cross-origin-opener-policy'],
        undefined,
        `${target}: no COOP on a public name over plain HTTP`,
      );
      assert.match(r.headers['permissions-policy'], /camera=\(\).*microphone=\(\)/, target);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', target);
      assert.equal(
        r.headers['strict-transport-security'],
        undefined,
        `${target}: no HSTS over plain HTTP`,
      );
    }
  } finally {
    await srv.stop();
  }
});

test('COOP comes over plain HTTP on localhost names, where browsers honour it', async () => {
  const srv = await startServer();
  try {
    for (const host of [
      'localhost',
      `localhost:${srv.port}`,
      `waveads.localhost:${srv.port}`,
      `127.0.0.1:${srv.port}`,
      `[::1]:${srv.port}`,
    ]) {
      const r = await request(srv.port, '/waveads/home', { host });
      assert.equal(r.headers['cross-origin-opener-policy'], 'same-origin', host);
      assert.equal(
        r.headers['strict-transport-security'],
        undefined,
        `${host}: no HSTS over plain HTTP`,
      );
    }
    for (const host of [
      'localhost.example.com',
      'notlocalhost',
      `128.0.0.1:${srv.port}`,
      '127.0.0.1.example',
    ]) {
      const r = await request(srv.port, '/waveads/home', { host });
      assert.equal(r.headers['cross-origin-opener-policy'], undefined, host);
    }
  } finally {
    await srv.stop();
  }
});

test('HSTS, upgrade-insecure-requests and COOP come only with a trusted proxy saying https', async () => {
  const trusted = await startServer({ config: configText('\n[proxy]\ntrusted = ["127.0.0.1"]\n') });
  const untrusted = await startServer();
  const off = await startServer({
    config: configText('hsts_max_age = 0\n\n[proxy]\ntrusted = ["127.0.0.1"]\n'),
  });
  try {
    const https = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' };
    for (const target of ['/waveads/home', '/healthz', '/no-such-page']) {
      const r = await request(trusted.port, target, { headers: https });
      assert.equal(r.headers['strict-transport-security'], HSTS, target);
      assert.equal(r.headers['cross-origin-opener-policy'], 'same-origin', target);
      assert.ok(
        [r.headers['content-security-policy']]
          .flat()
          .join(',')
          .includes('upgrade-insecure-requests'),
        target,
      );
      const plain = await request(trusted.port, target, {
        host: 'www.wavesites-test.com',
        headers: { 'X-Forwarded-Proto': 'http' },
      });
      assert.equal(plain.headers['strict-transport-security'], undefined);
      assert.equal(plain.headers['cross-origin-opener-policy'], undefined);
      assert.equal(
        (await request(untrusted.port, target, { headers: https })).headers[
          'strict-transport-security'
        ],
        undefined,
        'an untrusted peer is not believed',
      );
      const noHsts = await request(off.port, target, { headers: https });
      assert.equal(noHsts.headers['strict-transport-security'], undefined, 'hsts_max_age = 0');
      assert.equal(
        noHsts.headers['cross-origin-opener-policy'],
        'same-origin',
        'COOP does not depend on HSTS',
      );
    }
  } finally {
    await trusted.stop();
    await untrusted.stop();
    await off.stop();
  }
});
