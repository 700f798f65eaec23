import path from 'node:path';
import { buildIsStale, writeStamp } from './build-freshness.mjs';
import { WEB_BUILD } from './web-build-inputs.mjs';

/** True when there is no build or a source file changed after it was made. */
const webBuildIsStale = () => buildIsStale(WEB_BUILD);

export async function buildWeb() {
  const { build } = await import('vite');
  await build({ configFile: path.join(WEB_BUILD.root, 'vite.config.ts'), logLevel: 'warn' });
  writeStamp(WEB_BUILD.stamp);
}

export async function ensureWebBuild(log: (message: string) => void = console.log) {
  if (!webBuildIsStale()) return;
  log('Building the web app…');
  await buildWeb();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWeb();
}
