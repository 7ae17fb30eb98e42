// make bench, intake part: lead submissions per second on SQLite with durability on (WAL,
// synchronous=FULL, 200 only after commit), and the server's peak memory while 20 clients each
// upload a 10 MiB file at once. A benchmark, not a test: it prints figures.
import { readFileSync } from 'node:fs';
import http from 'node:http';

import { configText, startServer } from '../tests/integration/harness.mjs';
import { LEAD_PATH, UPLOAD_PATH, validLead } from '../tests/integration/contract.mjs';

const LEADS = Number(process.env.BENCH_LEADS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_LEAD_CONCURRENCY ?? 32);

function rssKiB(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)[1]);
}

function post(agent, port, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const limits =
  '[limits]\nleads_per_ip_per_hour = 1000000\nuploads_per_ip_per_hour = 1000000\nmax_upload_bytes = 10485760\n';
const srv = await startServer({ config: configText(limits) });
try {
  // Leads per second.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const body = JSON.stringify(
    validLead({
      businessEmail: 'bench@example.com',
      firstName: 'Bench',
      lastName: 'Mark',
      country: 'SG',
      describes: 'advertiser',
      companyName: 'Bench Co',
      remark: 'load test',
    }),
  );
  const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) };
  let sent = 0;
  let ok = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < LEADS) {
        sent++;
        if ((await post(agent, srv.port, LEAD_PATH, headers, body)) === 200) ok++;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  console.log(
    `leads: ${ok}/${LEADS} stored in ${seconds.toFixed(2)} s = ${(ok / seconds).toFixed(0)} leads/s ` +
      `(SQLite, WAL, synchronous=FULL, ${CONCURRENCY} concurrent clients)`,
  );

  // Peak memory during 20 concurrent 10 MiB uploads.
  const pid = srv.child.pid;
  const before = rssKiB(pid, 'VmRSS');
  const file = Buffer.alloc(10 * 1024 * 1024, 'a');
  Buffer.from('%PDF-1.7\n').copy(file);
  const boundary = 'benchboundary7d9a';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const multipart = Buffer.concat([head, file, tail]);
  const upHeaders = {
    'Content-Type': `multipart/form-data; boundary=${boundary}`,
    'Content-Length': multipart.length,
  };
  const upAgent = new http.Agent({ keepAlive: false, maxSockets: 20 });
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKiB(pid, 'VmRSS'));
  }, 5);
  const upStart = process.hrtime.bigint();
  const statuses = await Promise.all(
    Array.from({ length: 20 }, () => post(upAgent, srv.port, UPLOAD_PATH, upHeaders, multipart)),
  );
  clearInterval(sampler);
  const upSeconds = Number(process.hrtime.bigint() - upStart) / 1e9;
  const hwm = rssKiB(pid, 'VmHWM');
  peak = Math.max(peak, hwm);
  if (statuses.some((s) => s !== 200)) console.log(`upload statuses: ${statuses.join(' ')}`);
  console.log(
    `uploads: ${statuses.filter((s) => s === 200).length}/20 x 10 MiB stored in ${upSeconds.toFixed(2)} s; ` +
      `RSS before ${(before / 1024).toFixed(1)} MiB, peak ${(peak / 1024).toFixed(1)} MiB, ` +
      `growth ${((peak - before) / 1024).toFixed(1)} MiB (target < 64 MiB)`,
  );
} finally {
  await srv.stop();
}
