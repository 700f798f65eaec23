import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIsStale, writeStamp } from './build-freshness.mjs';

/**
 * The server compiled once into dist/server/main.js (esbuild: our TypeScript in one file, the
 * packages left to node_modules), so `npm start` runs JavaScript and nothing is transpiled at
 * start-up. The SQL migrations are copied beside it: the database client finds them there.
 */

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/server');
const build = {
  root,
  output: path.join(outDir, 'main.js'),
  stamp: path.join(outDir, '.build-stamp'),
  inputs: ['src/server', 'src/shared', 'package-lock.json', 'tsconfig.json'],
};

export async function buildServer() {
  const { build: esbuild } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  await esbuild({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: build.output,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
  writeStamp(build.stamp);
}

export async function ensureServerBuild(log = console.log) {
  if (!buildIsStale(build)) return;
  log('Building the server…');
  await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
}
