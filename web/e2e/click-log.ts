import { execFileSync } from 'node:child_process';

/** Where playwright.config.ts has the server keep its data, for reading the click log back. */
const BUILD_DIR = process.env.WAVESITES_BUILD_DIR ?? '../build';

export interface Click {
  readonly id: string;
  readonly clickedAt: string;
  readonly site: string;
  readonly host: string;
  readonly referrerOrigin: string;
  readonly kind: 'landing' | 'link';
  readonly link: string;
  readonly from: string;
  readonly destination: string;
}

/** The server's click log, through the command people use for it. */
export function exportedClicks(): Click[] {
  const out = execFileSync(
    '../build/bin/wavesites',
    [
      'clicks',
      'export',
      '--format',
      'json',
      '--config',
      'e2e/sites.e2e.toml',
      '--data',
      `${BUILD_DIR}/e2e-data`,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return JSON.parse(out) as Click[];
}
