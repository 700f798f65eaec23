import { existsSync } from 'node:fs';

/** Debian's Chromium, the browser people use: the benchmark's page loads run in it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's chromium-headless-shell: the same Chromium build in its old headless mode. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/**
 * What the browser tests drive: the headless shell when installed (scripts/ensure-chromium.ts
 * installs it), as Playwright does for headless runs. It draws pages without the full browser's
 * compositor and window machinery, which limit the suite on 2 cores: 114 s instead of 146 s for
 * the same three files (decision 0048). CHROMIUM_PATH, when set, is used for both.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
/** Flags for a closed network: no background calls home, no sandbox as root, no GPU. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
