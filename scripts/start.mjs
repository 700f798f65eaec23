/**
 * `npm start`: builds the web app and the server when a build is missing or stale, then runs the
 * compiled server (dist/server/main.js), which applies database migrations before it listens.
 * Plain JavaScript: a restart with fresh builds compiles nothing.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIsStale } from './build-freshness.mjs';
import { ensureServerBuild } from './server-build.mjs';
import { WEB_BUILD } from './web-build-inputs.mjs';

process.env.NODE_ENV ??= 'production';
const root = path.resolve(import.meta.dirname, '..');

if (buildIsStale(WEB_BUILD)) {
  console.log('Building the web app…');
  // The web build (Vite) is configured in TypeScript, so it runs under tsx.
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const result = spawnSync(process.execPath, [tsx, 'scripts/web-build.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await ensureServerBuild();
await import('../dist/server/main.js');
