// GET /metrics: the counters move with the traffic, the scrape passes `promtool check metrics`,
// and an address outside [metrics] allow gets the 404 page, as for any unknown path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

import { HOSTS, configText, request, startServer } from './harness.mjs';
import { LEAD_PATH, validLead } from './contract.mjs';

const GOOD_LEAD = validLead({
  businessEmail: 'ana.silva@example.com',
  firstName: 'Ana',
  lastName: 'Silva',
  country: 'BR',
  describes: 'advertiser',
  companyName: 'Metrica Ltda',
  remark: undefined, // none: the field is optional
});

function postLead(port, body) {
  return request(port, LEAD_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The scrape as {"name{labels}": value}. */
function samples(text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return out;
}

async function scrape(port, { host, headers = {} } = {}) {
  const r = await request(port, '/metrics', { host, headers });
  assert.equal(r.status, 200, r.body);
  return r;
}

test('the counters move with the traffic and promtool accepts the scrape', async () => {
  const srv = await startServer({ config: configText('[limits]\nleads_per_ip_per_hour = 2\n') });
  try {
    const before = samples((await scrape(srv.port)).body);
    assert.equal((await request(srv.port, '/tts1/home')).status, 200);
    assert.equal((await request(srv.port, '/', { host: HOSTS.tts2[0] })).status, 200);
    assert.equal((await request(srv.port, '/no-such-page', { host: HOSTS.tts2[0] })).status, 404);
    assert.equal((await postLead(srv.port, GOOD_LEAD)).status, 200);
    assert.equal((await postLead(srv.port, { ...GOOD_LEAD, country: 'XX' })).status, 400);
    assert.equal(
      (await postLead(srv.port, GOOD_LEAD)).status,
      429,
      'the third lead within the hour',
    );

    const r = await scrape(srv.port);
    assert.equal(r.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    assert.equal(r.headers['cache-control'], 'no-store');
    const after = samples(r.body);
    const moved = (key) => (after[key] ?? NaN) - (before[key] ?? NaN);
    assert.equal(
      moved('wavesites_requests_total{site="prefixed",status_class="2xx"}'),
      3,
      'the first scrape, /tts1/home and the good lead',
    );
    assert.equal(moved('wavesites_requests_total{site="tts2",status_class="2xx"}'), 1);
    assert.equal(moved('wavesites_requests_total{site="tts2",status_class="4xx"}'), 1);
    assert.equal(
      moved('wavesites_requests_total{site="prefixed",status_class="4xx"}'),
      2,
      'the bad lead and the rate-limited one',
    );
    assert.ok(moved('wavesites_response_body_bytes_total{site="tts2"}') > 1000);
    assert.equal(moved('wavesites_leads_accepted_total'), 1);
    assert.equal(moved('wavesites_leads_rejected_total{reason="invalid"}'), 1);
    assert.equal(moved('wavesites_leads_rejected_total{reason="rate_limited"}'), 1);
    assert.equal(moved('wavesites_rate_limited_total{endpoint="lead"}'), 1);
    assert.equal(moved('wavesites_rate_limited_total{endpoint="upload"}'), 0);
    assert.equal(after['wavesites_store_errors_total'], 0);
    assert.ok(moved('wavesites_request_duration_seconds_count') >= 7);
    assert.equal(
      after['wavesites_request_duration_seconds_bucket{le="+Inf"}'],
      after['wavesites_request_duration_seconds_count'],
    );
    assert.ok(after['wavesites_open_connections'] >= 1, 'the scrape itself is a connection');
    assert.equal(after['wavesites_outbox_pending'], 0, 'no outbox probe: zero');

    const check = spawnSync('promtool', ['check', 'metrics'], { input: r.body, encoding: 'utf8' });
    assert.equal(check.error, undefined, String(check.error));
    assert.equal(`${check.stdout}${check.stderr}`.trim(), '', 'promtool found nothing to say');
    assert.equal(check.status, 0);
  } finally {
    await srv.stop();
  }
});

/** What an unknown path answers on `host`, to compare with a refused scrape. */
async function sameAsUnknownPath(port, host, headers) {
  const refused = await request(port, '/metrics', { host, headers });
  const unknown = await request(port, '/surely-not-a-page', { host, headers });
  assert.equal(refused.status, 404, host);
  assert.equal(refused.body, unknown.body, `${host}: the same 404 page`);
  assert.equal(refused.headers['content-type'], unknown.headers['content-type']);
  assert.doesNotMatch(refused.body, /wavesites_/);
  const post = await request(port, '/metrics', { host, headers, method: 'POST' });
  assert.equal(post.status, 404, 'not even a 405 tells it exists');
}

test('an address outside [metrics] allow gets the 404 page on every kind of host', async () => {
  const srv = await startServer({ config: configText('[metrics]\nallow = ["10.0.0.0/8"]\n') });
  try {
    await sameAsUnknownPath(srv.port, `127.0.0.1:${srv.port}`, {});
    await sameAsUnknownPath(srv.port, HOSTS.waveads[0], {});
    // X-Forwarded-For counts only from a trusted proxy: here nobody is trusted.
    await sameAsUnknownPath(srv.port, HOSTS.tts1[0], { 'X-Forwarded-For': '10.1.2.3' });
  } finally {
    await srv.stop();
  }
});

test('behind a trusted proxy, the forwarded client address decides', async () => {
  const config = configText(
    '[metrics]\nallow = ["10.0.0.0/8"]\n\n[proxy]\ntrusted = ["127.0.0.1"]\n',
  );
  const srv = await startServer({ config });
  try {
    for (const host of [`127.0.0.1:${srv.port}`, HOSTS.kuponz1[0]]) {
      const r = await scrape(srv.port, { host, headers: { 'X-Forwarded-For': '10.9.8.7' } });
      assert.match(r.body, /^# HELP wavesites_/m, host);
      await sameAsUnknownPath(srv.port, host, { 'X-Forwarded-For': '192.0.2.44' });
    }
  } finally {
    await srv.stop();
  }
});
