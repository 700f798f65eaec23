/**
 * Browser tests drive Debian's Chromium: its old headless shell (chromium-headless-shell) for
 * the tests, the full browser for the benchmark's page loads (tests/e2e/browser.ts, decision
 * 0048). Installs what is missing (as root, through apt), since a test tool's own browser
 * download cannot reach the internet here.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../tests/e2e/browser';

const missing = [
  !existsSync(CHROMIUM_PATH) && 'chromium',
  !process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL_PATH) && 'chromium-headless-shell',
].filter((name): name is string => Boolean(name));

if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Not installed: ${missing.join(', ')}. Install (sudo apt-get install ${missing.join(' ')}) ` +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(' and ')} for the browser tests…`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    { stdio: 'inherit' },
  );
}
