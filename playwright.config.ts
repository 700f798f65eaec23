import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './tests/e2e/browser';
import { E2E_URL } from './tests/e2e/ports';

/**
 * Browser tests: Debian's Chromium (its headless shell, decision 0048), at desktop and phone
 * widths, against a local server.
 *
 * A failing test keeps its screenshot (test-results/e2e), and its trace when traces are recorded
 * (E2E_TRACE=1). The screenshots the tests
 * take for a person to look at (snap() in tests/e2e/support.ts) are saved only when asked:
 * `SNAPSHOTS=1 npx playwright test` (to test-results/screenshots).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Three browsers on two cores: a test waits on its server, its stand-ins and timers a good
  // part of the time, and with two workers the cores idled a quarter of the run (vmstat). The
  // whole suite took 351 s with three against 473 s with two, and its slowest test no longer
  // (22 s), 2026-11-29; four saved 7 % more on five files at a higher risk of timeouts.
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  // Several whole-flow tests take 30–35 s alone here; with two browsers on two cores they need
  // the margin. A test that hangs still fails, later.
  timeout: 75_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_URL,
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The age gate has its own tests; elsewhere the visitor has already confirmed (the
    // ageConfirmed option of tests/e2e/support.ts).
    // As a visitor who asked for less motion (styles.css): the same pages and steps without
    // transitions and spinning icons, which Chromium drew frame by frame on the CPU: the browser
    // is what limits this suite on 2 cores, and three of its files took 327 s instead of 387.
    reducedMotion: 'reduce',
    // The service worker (issue 52) precaches the app shell, about a megabyte, in each new
    // browser context, that is in every test: only the file that tests it lets it run
    // (pwa.spec.ts: test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A trace is recorded only when asked (E2E_TRACE=1, for a failure to be studied): recording
    // one snapshots the page after every step of every test, kept or not, and cost the suite a
    // third of its CPU (chat.spec.ts at desktop width: 166 CPU-s and 90 s with, 115 and 68 s
    // without, 2026-11-29). A failure still keeps its screenshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/server.ts',
    url: `${E2E_URL}/api/health`,
    // Always a fresh server: a new database and fresh rate-limit counters for every run.
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
