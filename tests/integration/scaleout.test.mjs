// Two servers on one PostgreSQL behind Caddy as the load balancer (least_conn, active health
// checks on /readyz, passive ones on failures): leads and resumes stream in from many client
// addresses, one server is SIGKILLed mid-stream, and the stream goes on through the other. Then:
// every acknowledged lead and resume is in the database exactly once; requests after the kill
// were served by the survivor; one address gets exactly leads_per_ip_per_hour leads through both
// servers together; and every stored record was announced to the webhook under exactly one
// delivery id, a second receipt only for a delivery that was in flight on the killed server.
//
// The database is a schema of its own (pgSchemaUrl), so other tests' leads, buckets and outbox
// rows never mix in.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import {
  HAVE_PG,
  HOSTS,
  configText,
  freePort,
  pgSchemaUrl,
  runCli,
  startServer,
} from './harness.mjs';
import { Receiver } from './notify-fixtures.mjs';
import { LEAD_PATH, UPLOAD_PATH, validLead } from './contract.mjs';

const CADDY = '/usr/bin/caddy';
const HOST = HOSTS.waveads[0].toLowerCase();
const SECRET = 'scale-out-secret';
const LEADS_PER_IP = 5;
const UPLOADS_PER_IP = 3;
// The stream: a few clients at a steady pace, bounded in time and count.
const WORKERS = 4;
const PAUSE_MS = 80;
const BEFORE_KILL_MS = 5_000;
const AFTER_KILL_MS = 6_000;
const MAX_REQUESTS = 600;
// A delivery thread's claim lasts the webhook timeout (10 s) plus 20 s (notify/outbox_worker.cpp):
// rows the killed server had claimed and not finished go to the survivor once that has passed.
const LEASE_MS = 30_000;
// Requests still on their way to the killed server, or on a connection Caddy had open to it,
// fail with 502 (Caddy does not retry a POST that may have reached an upstream); from then on
// Caddy knows the server is gone.
const SETTLE_MS = 2_000;
const RUN = randomBytes(4).toString('hex');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A loopback address for the `k`th client of a group: 127.<group>.<1..>.<1..200>. */
const address = (group, k) => `127.${group}.${1 + Math.floor(k / 200)}.${1 + (k % 200)}`;

function leadBody(marker) {
  return JSON.stringify(
    validLead({
      businessEmail: `${marker}@studio.example`,
      firstName: 'Scale',
      lastName: 'Out',
      country: 'PT',
      describes: 'advertiser',
      companyName: 'Faro Games',
      remark: `scale-out ${marker}`,
    }),
  );
}

function multipart(marker) {
  const boundary = `----scaleout${marker}`;
  // A small PDF that is unique per upload, so its SHA-256 identifies it too.
  const pdf = Buffer.concat([
    Buffer.from(`%PDF-1.4\n% ${marker}\n`),
    randomBytes(2048),
    Buffer.from('\n%%EOF\n'),
  ]);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv-${marker}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    boundary,
    pdf,
    body: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

describe(
  'two servers on one PostgreSQL behind Caddy',
  { skip: !HAVE_PG && 'needs WAVESITES_TEST_PG_URL (make test sets it)' },
  () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-scaleout-'));
    let url;
    let hook;
    let servers = [];
    let caddy;
    let caddyExit;
    let caddyLog = '';
    let caddyPort;

    const psql = (sql) =>
      execFileSync('psql', [url, '-X', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
        encoding: 'utf8',
      });

    /** One request through Caddy from `localAddress`; never retried, whatever happens. */
    function viaCaddy(
      target,
      { method = 'GET', headers = {}, body, localAddress = '127.0.0.1' } = {},
    ) {
      return new Promise((resolve) => {
        const startedAt = Date.now();
        const req = http.request(
          {
            host: '127.0.0.1',
            port: caddyPort,
            localAddress,
            path: target,
            method,
            headers: { Host: HOST, ...headers },
            agent: false,
            timeout: 15_000,
          },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let json = null;
              try {
                json = JSON.parse(text);
              } catch {
                // Caddy's own 502 has an empty body
              }
              resolve({
                status: res.statusCode,
                headers: res.headers,
                json,
                startedAt,
                endedAt: Date.now(),
              });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error('no answer in 15 s')));
        req.on('error', (e) =>
          resolve({ status: 'error', error: e.message, startedAt, endedAt: Date.now() }),
        );
        if (body) req.write(body);
        req.end();
      });
    }

    const postLead = (marker, localAddress) =>
      viaCaddy(LEAD_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: leadBody(marker),
        localAddress,
      });

    function postResume(marker, localAddress) {
      const { boundary, pdf, body } = multipart(marker);
      return viaCaddy(UPLOAD_PATH, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body,
        localAddress,
      }).then((r) => ({ ...r, pdf }));
    }

    before(async () => {
      url = pgSchemaUrl('scaleout');
      hook = new Receiver(await freePort());
      // A receiver that takes a moment per delivery, so that each server is usually in the middle
      // of a claimed batch: the kill then leaves claims behind for the lease to settle.
      hook.delayMs = 20;
      await hook.up();
      const config = configText(
        `\n[limits]\nleads_per_ip_per_hour = ${LEADS_PER_IP}\nuploads_per_ip_per_hour = ${UPLOADS_PER_IP}\n\n` +
          `[proxy]\ntrusted = ["127.0.0.1"]\n\n` +
          `[notify]\nwebhook_url = "http://127.0.0.1:${hook.port}/hooks/wavesites"\nwebhook_secret = "${SECRET}"\n`,
      );
      // Each server has its own port and data directory (its upload spool), and the same config
      // and database.
      for (const name of ['a', 'b']) {
        servers.push(
          await startServer({
            config,
            args: ['--database', url],
            dir: mkdtempSync(path.join(dir, `${name}-`)),
          }),
        );
      }

      caddyPort = await freePort();
      const caddyfile = [
        '{',
        '\tadmin off',
        '\tauto_https off',
        '}',
        // Any host: the servers choose the site by it, and Caddy passes it on.
        `http://:${caddyPort} {`,
        '\tbind 127.0.0.1',
        `\treverse_proxy ${servers.map((s) => `127.0.0.1:${s.port}`).join(' ')} {`,
        // Not round_robin: in Caddy 2.6 (Debian 12's) two requests choosing at once while one
        // upstream is down can both step onto it and one of them gets "no upstreams available"
        // (503) although the other upstream is fine. least_conn picks among available upstreams.
        '\t\tlb_policy least_conn',
        // No lb_try_duration: Caddy 2.6 sends a POST it retries on the next upstream after a
        // refused connection without its body, which fails there too and counts against that
        // healthy upstream, so that max_fails takes both out and everything after gets 503
        // (buffer_requests does not help under concurrency). Without retries, a request that meets
        // the dead server before Caddy knows is a 502, and then one failure marks it down.
        // Active: /readyz, which is 503 when the server's store does not answer.
        '\t\thealth_uri /readyz',
        '\t\thealth_interval 250ms',
        '\t\thealth_timeout 1s',
        // Passive: one failed request takes an upstream out for 30 s.
        '\t\tfail_duration 30s',
        '\t\tmax_fails 1',
        '\t}',
        '}',
        '',
      ].join('\n');
      const file = path.join(dir, 'Caddyfile');
      writeFileSync(file, caddyfile);
      const home = path.join(dir, 'home');
      caddy = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
        env: {
          PATH: process.env.PATH,
          HOME: home,
          XDG_DATA_HOME: path.join(home, 'data'),
          XDG_CONFIG_HOME: path.join(home, 'config'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      caddy.stdout.on('data', (d) => (caddyLog += d));
      caddy.stderr.on('data', (d) => (caddyLog += d));
      caddyExit = new Promise((resolve) =>
        caddy.on('exit', (code, signal) => resolve({ code, signal })),
      );
      let exited = null;
      caddyExit.then((e) => (exited = e));
      caddy.on('error', (e) => (exited = { error: e.message }));
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (exited) assert.fail(`caddy exited (${JSON.stringify(exited)}):\n${caddyLog}`);
        if (Date.now() > deadline) assert.fail(`caddy not serving after 30 s:\n${caddyLog}`);
        if ((await viaCaddy('/readyz')).json?.code === 200) break;
        await sleep(100);
      }
    });

    after(async () => {
      if (caddy?.pid && caddy.exitCode === null && caddy.signalCode === null) {
        caddy.kill('SIGTERM');
        const timer = setTimeout(() => caddy.kill('SIGKILL'), 10_000);
        await caddyExit;
        clearTimeout(timer);
      }
      for (const s of servers)
        if (s.child.exitCode === null && s.child.signalCode === null) await s.stop();
      if (hook?.server) await hook.down();
      rmSync(dir, { recursive: true, force: true });
    });

    test(
      'limits hold across both, a SIGKILL loses no acknowledged record, and each is announced once',
      { timeout: 120_000 },
      async (t) => {
        const [victim, survivor] = servers;
        const clientsOf = (srv, client) =>
          srv.stdout
            .split('\n')
            .filter((l) => l.includes(`"client":"${client}"`))
            .map((l) => JSON.parse(l));

        // --- One address, both servers: the limit is the site's, not each server's ---------------
        // All at once, so least_conn spreads them over both servers, which take from one bucket
        // concurrently. Per-server buckets would let 2 x LEADS_PER_IP through.
        const limitClient = address(3, 0);
        const limited = await Promise.all(
          [...Array(2 * LEADS_PER_IP + 2)].map((_, i) =>
            postLead(`so-${RUN}-limit-${i}`, limitClient),
          ),
        );
        const uploadClient = address(3, 1);
        const limitedUploads = await Promise.all(
          [...Array(2 * UPLOADS_PER_IP)].map((_, i) =>
            postResume(`so-${RUN}-ulimit-${i}`, uploadClient),
          ),
        );
        const tally = (rs) =>
          rs.reduce((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
        assert.deepEqual(
          tally(limited),
          { 200: LEADS_PER_IP, 429: LEADS_PER_IP + 2 },
          `exactly ${LEADS_PER_IP} leads from one address through both servers`,
        );
        for (const r of limited.filter((x) => x.status === 429)) {
          const after = Number(r.headers['retry-after']);
          // One token every 3600 / LEADS_PER_IP s, and the bucket is empty.
          assert.ok(
            after >= 3600 / LEADS_PER_IP - 20 && after <= 3600 / LEADS_PER_IP,
            `Retry-After ${r.headers['retry-after']}`,
          );
          assert.equal(r.json?.code, 429);
        }
        assert.deepEqual(
          tally(limitedUploads),
          { 200: UPLOADS_PER_IP, 429: UPLOADS_PER_IP },
          `exactly ${UPLOADS_PER_IP} uploads from one address`,
        );
        await sleep(1500); // the access logs reach stdout a few times a second
        const limitedBy = servers.map((srv) =>
          clientsOf(srv, limitClient).filter((l) => l.path === LEAD_PATH),
        );
        for (const [i, lines] of limitedBy.entries())
          assert.ok(lines.length > 0, `server ${i} answered some of the limited client's leads`);
        assert.equal(
          limitedBy.flat().filter((l) => l.status === 200).length,
          LEADS_PER_IP,
          'the access logs agree',
        );

        // --- The stream, and the kill ------------------------------------------------------------
        const records = [];
        let leadCount = 0;
        let uploadCount = 0;
        let killAt = 0;
        const started = Date.now();
        const stopAt = started + BEFORE_KILL_MS + AFTER_KILL_MS;
        const worker = async () => {
          while (Date.now() < stopAt && records.length < MAX_REQUESTS) {
            const slot = records.length;
            records.push(null);
            // Every fifth request a resume. Each address sends at most 4 leads or 2 resumes, below
            // its limits: every refusal in the stream would be a fault.
            const upload = slot % 5 === 4;
            const n = upload ? uploadCount++ : leadCount++;
            const marker = `so-${RUN}-${upload ? 'r' : 'l'}${n}`;
            const client = upload ? address(2, Math.floor(n / 2)) : address(1, Math.floor(n / 4));
            const r = upload ? await postResume(marker, client) : await postLead(marker, client);
            records[slot] = {
              kind: upload ? 'resume' : 'lead',
              marker,
              client,
              ...r,
              id: r.status === 200 ? r.json.data.id : undefined,
            };
            await sleep(PAUSE_MS);
          }
        };
        const killer = (async () => {
          await sleep(BEFORE_KILL_MS);
          killAt = Date.now();
          victim.child.kill('SIGKILL');
          await victim.exited;
        })();
        await Promise.all([...Array(WORKERS)].map(worker));
        await killer;
        const done = records.filter(Boolean);
        const count = (pred) => done.filter(pred).length;
        const acked = done.filter((r) => r.status === 200);
        const beforeKill = done.filter((r) => r.endedAt < killAt);
        const afterSettle = done.filter((r) => r.startedAt >= killAt + SETTLE_MS);

        // The stream itself: only 200s, and 502s for what was in flight on the victim when it died.
        const failures = done
          .filter((r) => r.status !== 200)
          .map((r) => `${r.status} ${r.kind} started ${r.startedAt - killAt} ms after the kill`);
        const caddyErrors = [
          ...new Set(
            caddyLog
              .split('\n')
              .filter((l) => l.includes('"level":"error"'))
              .map((l) => JSON.parse(l).msg),
          ),
        ];
        assert.ok(
          done.every((r) => r.status === 200 || r.status === 502),
          `stream failures: ${failures.join('; ')}; Caddy: ${caddyErrors.join('; ')}`,
        );
        for (const r of done.filter((x) => x.status === 502)) {
          assert.ok(
            r.startedAt < killAt + SETTLE_MS,
            `a 502 for a request started ${r.startedAt - killAt} ms after the kill`,
          );
        }
        assert.ok(
          beforeKill.filter((r) => r.status === 200).length >= 20,
          `the stream ran before the kill (${beforeKill.length} requests)`,
        );
        assert.ok(
          afterSettle.length >= 20,
          `the stream went on after the kill (${afterSettle.length} requests)`,
        );
        assert.ok(
          afterSettle.every((r) => r.status === 200),
          'every request after the kill is served',
        );
        await sleep(1500); // the survivor's access log
        const survivorIds = new Set(
          survivor.stdout
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l).request_id),
        );
        for (const r of afterSettle)
          assert.ok(
            survivorIds.has(r.headers['x-request-id']),
            `${r.marker} was answered by the survivor`,
          );

        // --- The database: every acknowledged record exactly once --------------------------------
        const cfg = path.join(survivor.dir, 'sites.toml');
        const leadsOut = await runCli([
          'leads',
          'export',
          '--format',
          'json',
          '--database',
          url,
          '--config',
          cfg,
        ]);
        assert.equal(leadsOut.code, 0, leadsOut.stderr);
        const storedLeads = new Map();
        for (const l of JSON.parse(leadsOut.stdout)) {
          const marker = /^scale-out (\S+)$/.exec(l.remark)?.[1];
          if (marker) storedLeads.set(marker, [...(storedLeads.get(marker) ?? []), l]);
        }
        const exportDir = path.join(dir, 'resumes');
        const resumesOut = await runCli([
          'resumes',
          'export',
          exportDir,
          '--database',
          url,
          '--config',
          cfg,
        ]);
        assert.equal(resumesOut.code, 0, resumesOut.stderr);
        const storedResumes = new Map();
        for (const m of JSON.parse(readFileSync(path.join(exportDir, 'metadata.json'), 'utf8'))) {
          const marker = /^cv-(\S+)\.pdf$/.exec(m.originalName)?.[1];
          if (marker) storedResumes.set(marker, [...(storedResumes.get(marker) ?? []), m]);
        }
        const allRequests = [
          ...limited.map((r, i) => ({
            ...r,
            kind: 'lead',
            marker: `so-${RUN}-limit-${i}`,
            client: limitClient,
            id: r.json?.data?.id,
          })),
          ...limitedUploads.map((r, i) => ({
            ...r,
            kind: 'resume',
            marker: `so-${RUN}-ulimit-${i}`,
            client: uploadClient,
            id: r.json?.data?.id,
          })),
          ...done,
        ];
        for (const r of allRequests) {
          const stored = (r.kind === 'lead' ? storedLeads : storedResumes).get(r.marker) ?? [];
          if (r.status === 200) {
            assert.equal(
              stored.length,
              1,
              `${r.kind} ${r.marker}, acknowledged, is stored once (found ${stored.length})`,
            );
            assert.equal(stored[0].id, r.id, `${r.marker}: the id the answer gave`);
            assert.equal(
              stored[0].clientIp,
              r.client,
              `${r.marker}: the visitor's address, from Caddy's X-Forwarded-For`,
            );
            if (r.kind === 'resume')
              assert.equal(stored[0].sha256, sha256(r.pdf), `${r.marker}: its bytes`);
          } else if (r.status === 502) {
            assert.ok(stored.length <= 1, `${r.marker}, unacknowledged, is stored at most once`);
          } else {
            assert.equal(stored.length, 0, `${r.marker}, refused with ${r.status}, is not stored`);
          }
        }
        assert.equal(
          storedLeads.size + storedResumes.size,
          [...storedLeads.values(), ...storedResumes.values()].flat().length,
        );

        // --- The webhook: each stored record under exactly one delivery id ------------------------
        const kindOf = new Map([
          ...[...storedLeads.values()].flat().map((l) => [l.id, 'lead.created']),
          ...[...storedResumes.values()].flat().map((m) => [m.id, 'resume.received']),
        ]);
        const storedIds = [...kindOf.keys()];
        const receipts = () => {
          const by = new Map();
          for (const e of hook.events()) by.set(e.json.id, [...(by.get(e.json.id) ?? []), e]);
          return by;
        };
        // Done when every record was received and the outbox is empty: a row the victim sent but
        // could not record as sent stays claimed until the lease ends, and is then sent again.
        const outboxRows = () => Number(psql('SELECT count(*) FROM outbox').trim());
        const deadline = killAt + LEASE_MS + 15_000;
        while (!storedIds.every((id) => receipts().has(id)) || outboxRows() > 0) {
          if (Date.now() > deadline) {
            const missing = storedIds.filter((id) => !receipts().has(id));
            assert.fail(
              `${missing.length} stored records never announced, e.g. ${missing.slice(0, 3)}; outbox: ${psql('SELECT id, subject_id, state, attempts, claimed_until_ms FROM outbox LIMIT 5')}`,
            );
          }
          await sleep(200);
        }
        await sleep(2000); // time for a second sending, were there one
        const seen = receipts();
        let resent = 0;
        let afterLease = 0;
        for (const id of storedIds) {
          const got = seen.get(id);
          const deliveries = new Set(got.map((e) => e.headers['wavesites-delivery']));
          assert.equal(deliveries.size, 1, `record ${id}: one delivery id (${[...deliveries]})`);
          // "Once": one delivery id per record. The receiver sees it a second time only when the
          // killed server had sent it and died before recording that; the survivor then sends it
          // again, under the same id, once the claim ran out. Any other record is received once.
          if (got.length > 1) {
            resent++;
            assert.equal(got.length, 2, `record ${id}: received ${got.length} times`);
            assert.ok(
              got[0].at <= killAt + 500,
              `record ${id}: received twice, the first time ${got[0].at - killAt} ms after the kill`,
            );
            assert.ok(
              got[1].at >= killAt + LEASE_MS - 5_000,
              `record ${id}: the resend came with the lease's end`,
            );
          }
          if (got[0].at >= killAt + LEASE_MS - 5_000) afterLease++;
          assert.equal(got[0].json.event, kindOf.get(id));
        }
        const foreign = [...seen.keys()].filter((id) => !storedIds.includes(id));
        assert.deepEqual(foreign, [], 'nothing announced that is not stored');
        assert.equal(outboxRows(), 0, 'the outbox is empty: every row delivered, none failed');

        const summary = {
          requests: done.length + limited.length + limitedUploads.length,
          leadsAcknowledged: allRequests.filter((r) => r.kind === 'lead' && r.status === 200)
            .length,
          resumesAcknowledged: allRequests.filter((r) => r.kind === 'resume' && r.status === 200)
            .length,
          status429: allRequests.filter((r) => r.status === 429).length,
          status502: count((r) => r.status === 502),
          unacknowledgedButStored: allRequests.filter(
            (r) =>
              r.status === 502 &&
              ((r.kind === 'lead' ? storedLeads : storedResumes).get(r.marker) ?? []).length === 1,
          ).length,
          servedAfterKill: afterSettle.length,
          deliveries: hook.requests.length,
          distinctDeliveryIds: new Set(hook.requests.map((r) => r.headers['wavesites-delivery']))
            .size,
          resentAfterKill: resent,
          deliveredAfterLease: afterLease,
          msFromKillToLastDelivery: Math.max(...hook.requests.map((r) => r.at)) - killAt,
        };
        t.diagnostic(`scale-out: ${JSON.stringify(summary)}`);
        assert.equal(
          summary.leadsAcknowledged + summary.resumesAcknowledged,
          acked.length + LEADS_PER_IP + UPLOADS_PER_IP,
        );
      },
    );
  },
);

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}
