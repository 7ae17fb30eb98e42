import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.WEB_E2E_PORT ?? 4174);
/** The bundle under test (WAVESITES_BUILD_DIR, relative to web/, default ../build); the binary is always ../build/bin. */
const BUILD_DIR = process.env.WAVESITES_BUILD_DIR ?? '../build';

/**
 * Browser tests against the real server (build/bin/wavesites, after `make build`) serving the
 * built bundle with e2e/sites.e2e.toml. Debian's Chromium maps every *.test host name to
 * 127.0.0.1, so each site is opened under its own host name as a visitor would; any other host
 * (127.0.0.1 itself) gets the prefixed route set. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two, for the two cores CI has: the suite keeps both busy (Chromium's processes about two
  // thirds of them, the runner a sixth), so a third worker only shares them: 521 s against 513.
  workers: 2,
  reporter: [['list']],
  // Screenshot baselines (e2e/screenshots.spec.ts) sit beside the tests, one file per name: the
  // tests run only in Debian's Chromium with the fonts make test installs, so one set serves all.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  expect: {
    toHaveScreenshot: {
      // A pixel counts as changed past 0.2 of the colour distance (anti-aliased edges stay under
      // it); a page may differ in at most 100 such pixels. A block moved by one pixel, a line of
      // text changed or an image shifted each changes thousands.
      threshold: 0.2,
      maxDiffPixels: 100,
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          // Only the fonts `make test` installs, so screenshots render alike on every machine.
          env: {
            ...process.env,
            FONTCONFIG_FILE: fileURLToPath(new URL('e2e/fonts/fonts.conf', import.meta.url)),
          },
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--host-resolver-rules=MAP *.test 127.0.0.1',
          ],
        },
      },
    },
  ],
  webServer: {
    // As a shell starts it, SIGPIPE at its default (see tests/integration/harness.mjs).
    command: `env --default-signal=PIPE ../build/bin/wavesites serve --config e2e/sites.e2e.toml --listen 127.0.0.1:${PORT} --web ${BUILD_DIR}/web --data ${BUILD_DIR}/e2e-data`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
