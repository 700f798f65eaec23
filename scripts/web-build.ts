import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/web');
const stamp = path.join(outDir, '.build-stamp');
/** Everything the web build is made from. */
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(target).map((name) => newestMtime(path.join(target, name))),
  );
}

/** True when there is no build or a source file changed after it was made. */
export function webBuildIsStale(): boolean {
  if (!existsSync(path.join(outDir, 'index.html')) || !existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

export async function buildWeb() {
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(stamp, new Date().toISOString() + '\n');
}

export async function ensureWebBuild(log: (message: string) => void = console.log) {
  if (!webBuildIsStale()) return;
  log('Building the web app…');
  await buildWeb();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWeb();
}
