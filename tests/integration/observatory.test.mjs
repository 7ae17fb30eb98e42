// The Observatory grader against cases whose grades follow from the published rules, so that
// the A+ it gives the sites (caddy.test.mjs) means something.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { observatoryScore } from './observatory.mjs';

const HOST = 'shop.example';
const SECURE = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=63072000',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
const HTML = '<!doctype html><script type="module" src="/assets/app.js"></script>';
const REDIRECT = { status: 308, location: `https://${HOST}/` };

test('a bare site is an F: no CSP, no HSTS, no redirect, framing and sniffing allowed', () => {
  const g = observatoryScore({ first: { status: 200 }, headers: {}, html: HTML, host: HOST });
  assert.equal(g.score, 100 - 25 - 20 - 20 - 5 - 20);
  assert.equal(g.grade, 'F');
});

test('the secure baseline is A+ with the referrer and frame-ancestors bonuses', () => {
  const g = observatoryScore({ first: REDIRECT, headers: SECURE, html: HTML, host: HOST });
  assert.equal(g.score, 110);
  assert.equal(g.grade, 'A+');
});

test('each weakness costs what the rules say, and bonuses need 90 without them', () => {
  const grade = (headers, first = REDIRECT, html = HTML) =>
    observatoryScore({ first, headers: { ...SECURE, ...headers }, html, host: HOST });
  assert.equal(
    grade({
      'content-security-policy':
        "default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    }).score,
    80,
    'no bonus under 90',
  );
  assert.equal(
    grade({
      'content-security-policy':
        "default-src 'self'; script-src 'self' 'unsafe-eval'; frame-ancestors 'none'",
    }).score,
    100,
  );
  assert.equal(
    grade({
      'content-security-policy': "default-src 'none'; script-src 'self'; frame-ancestors 'none'",
    }).score,
    120,
  );
  assert.equal(
    grade({
      'content-security-policy':
        "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    }).tests['content-security-policy'].result,
    'csp-implemented-with-unsafe-inline-in-style-src-only',
  );
  assert.equal(grade({ 'strict-transport-security': 'max-age=300' }).score, 100);
  assert.equal(grade({}, { status: 301, location: 'https://www.other.example/' }).score, 105);
  assert.equal(grade({ 'referrer-policy': 'unsafe-url' }).score, 100);
  assert.equal(grade({}, REDIRECT, '<script src="https://cdn.example/x.js"></script>').score, 105);
  assert.equal(grade({}, REDIRECT, '<script src="http://cdn.example/x.js"></script>').score, 50);
  assert.equal(grade({ 'set-cookie': ['lang=en; Path=/'] }).score, 80);
});
