import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One fresh data directory per run and per server, shared by that server and the workers (they inherit the env).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'automotora-e2e-'));
process.env.E2E_SITE_WIDE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'automotora-e2e-site-wide-'));
// Servers the tests start themselves (the back-office stories, the lifecycle test) serve the build the run's own
// servers checked and built at its start, never a newer one (scripts/start.mjs).
process.env.BUILD_AS_IS ??= '1';
const port = Number(process.env.E2E_PORT ?? 3210);
/** The site-wide project's own server (port + 40; server-lifecycle uses + 50, the back-office story + 60 and + 61). */
const siteWidePort = port + 40;
/**
 * Specs whose changes reach every other test: the site settings show on every public page, and the ownership story
 * adds and deactivates salespeople, which changes who round-robin gives the next request to. See the 'site-wide'
 * projects.
 */
const SITE_WIDE = /(site-settings|lead-ownership)\.spec\.ts$/;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's full Chromium: what Lighthouse measures with and screenshots are taken in (a person's browser). */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

/**
 * The browser tests run in Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8
 * without the full browser around them. The suite took 6.2 min in it against 8.8 min in the full browser on two
 * cores (ADR 0030). `E2E_CHROMIUM_PATH` picks another binary.
 */
export const testChromiumLaunch = {
  executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  args: CHROMIUM_ARGS,
};

/**
 * The suite's limits, in one place, with a wide margin over measured figures: the slowest test without a limit of
 * its own takes 14 s on a quiet two-core machine and gets 60 s; an expectation polls for up to 15 s (Playwright's
 * default of 5 s, tripled). A core kept busy by something else makes a run slower, not red. The few tests that do
 * much more set their own limit.
 */
const LIMITS = { testMs: 60_000, expectMs: 15_000 };

export default defineConfig({
  testDir: 'tests/e2e',
  // Parallel runs with their own BUILD_DIR keep their own traces too.
  outputDir: process.env.BUILD_DIR ? `test-results/${process.env.BUILD_DIR}` : 'test-results',
  fullyParallel: true,
  // Two workers for two cores: the suite keeps both busy (ADR 0033).
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: LIMITS.testMs,
  expect: { timeout: LIMITS.expectMs },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: testChromiumLaunch,
    // A failed test keeps a screenshot of its end and Playwright's page snapshot (error-context). Traces (the DOM at
    // each step) are recorded only when asked, `E2E_TRACE=1 npx playwright test <file>`: recording them for every
    // test cost a tenth of the suite's CPU (ADR 0044), and a run on another machine keeps only its log. They record no
    // screencast either: encoding its frames took another tenth (ADR 0014).
    trace: { mode: process.env.E2E_TRACE ? 'retain-on-failure' : 'off', screenshots: false, sources: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // Tests that change what every public page shows (the site settings) get a server and a database of their
      // own, so no other test sees their change and they need not wait for the others: listed first, their one
      // serial group starts on one worker while the other worker takes the rest. They set their own widths.
      name: 'site-wide',
      testMatch: SITE_WIDE,
      metadata: { dataDir: process.env.E2E_SITE_WIDE_DATA_DIR },
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        channel: undefined,
        baseURL: `http://127.0.0.1:${siteWidePort}`,
      },
    },
    {
      name: 'site-wide-phone',
      testMatch: SITE_WIDE,
      grep: /@phone/,
      metadata: { dataDir: process.env.E2E_SITE_WIDE_DATA_DIR },
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        channel: undefined,
        baseURL: `http://127.0.0.1:${siteWidePort}`,
      },
    },
    {
      name: 'desktop',
      testIgnore: SITE_WIDE,
      metadata: { dataDir: process.env.E2E_DATA_DIR },
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined },
    },
    {
      // The phone project repeats the tests tagged '@phone': what a phone changes (layout, menus, dialogs, forms)
      // and every axe scan (each route is checked at both widths). Headers, caching, access rules and page
      // contents do not depend on the width.
      name: 'phone',
      grep: /@phone/,
      testIgnore: SITE_WIDE,
      metadata: { dataDir: process.env.E2E_DATA_DIR },
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined },
    },
  ],
  // Both servers start at once, from one command (tests/e2e/support/start-servers.mjs): Playwright would start the
  // entries of a list one after the other. It checks the build first, as `npm start` does.
  webServer: {
    command: 'node tests/e2e/support/start-servers.mjs',
    wait: { stdout: /^e2e servers ready$/m },
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      E2E_SERVERS: JSON.stringify([
        e2eServer(port, process.env.E2E_DATA_DIR),
        // The site settings' stories read no vehicle: without the demo stock, this server renders no demo photos
        // beside the first one's (two renderings at once delayed the first test by a minute on a busy machine).
        e2eServer(siteWidePort, process.env.E2E_SITE_WIDE_DATA_DIR, { DEMO_STOCK: 'off' }),
      ]),
    },
  },
});

/** A production server on its own data directory, with the staff accounts of tests/e2e/support/staff-accounts.ts. */
function e2eServer(serverPort: number, dataDir: string | undefined, extraEnv: Record<string, string> = {}) {
  return {
    name: String(serverPort),
    port: serverPort,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir ?? '',
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      NODE_ENV: 'production',
      // Every browser test sends from 127.0.0.1; the limit itself is proven by the API tests.
      LEAD_RATE_LIMIT: '1000',
      // The admin specs sign in many times from 127.0.0.1; the sign-in limit itself is proven by the API tests.
      SIGNIN_RATE_LIMIT: '1000',
      // The rights page's stories run at both widths from 127.0.0.1; its limits are proven by the API tests.
      RIGHTS_RATE_LIMIT: '1000',
      // The password-recovery stories run at both widths from 127.0.0.1; its limits are proven by the API tests.
      PASSWORD_RESET_RATE_LIMIT: '1000',
      // The alerts' story (saved-searches.spec.ts) waits for its e-mail: matches are gathered 15 s, looked at every 2 s.
      ALERT_GATHER_SECONDS: '15',
      ALERTS_EVERY_SECONDS: '2',
      ...extraEnv,
    },
  };
}
