// The far ends of the notifications, for the tests and the benchmark: a webhook receiver that can
// go down, come back and answer slowly, and a real SMTP server (aiosmtpd) that writes each message
// it accepts, parsed, to a directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { freePort } from './harness.mjs';

/** A webhook receiver on a fixed port that can go down and come back, and answer slowly. */
export class Receiver {
  constructor(port) {
    this.port = port;
    this.requests = [];
    this.delayMs = 0;
    this.server = null;
  }
  up() {
    this.server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        setTimeout(() => {
          res.writeHead(204);
          res.end();
        }, this.delayMs);
      });
    });
    return new Promise((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }
  down() {
    const s = this.server;
    this.server = null;
    s.closeAllConnections();
    return new Promise((resolve) => s.close(resolve));
  }
  events() {
    return this.requests.map((r) => ({ ...r, json: JSON.parse(r.body) }));
  }
}

/** aiosmtpd with a handler that writes each message, parsed, to a directory. */
export async function startSmtp({ nice = 0 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wavesites-smtp-'));
  const port = await freePort();
  const argv = [
    '/usr/bin/python3',
    path.join(import.meta.dirname, 'fixtures/smtp_sink.py'),
    dir,
    String(port),
  ];
  // A benchmark runs the sink below the server, as a mail relay on another machine would be.
  const [cmd, ...args] = nice ? ['nice', '-n', String(nice), ...argv] : argv;
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`smtp sink exited ${code}`)));
  });
  return {
    port,
    messages: () =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8'))),
    stop: () => child.kill('SIGTERM'),
  };
}
