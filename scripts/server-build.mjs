import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIsStale, writeStamp } from './build-freshness.mjs';

/**
 * The server compiled once into dist/server/main.js, so `npm start` runs JavaScript and nothing is
 * transpiled at start-up. esbuild bundles our TypeScript with the packages it uses: Node then
 * reads a few files instead of about a thousand modules, half a second of every start
 * (decision 0019). Packages stay in node_modules where they find files beside themselves
 * (PGlite's WebAssembly, sharp's native library) or where the server loads them only when a
 * feature is configured or first used (see KEPT_EXTERNAL). Code the server imports on demand
 * (`await import(...)`: the app while the database opens, the password rule with the first
 * password, pg-boss when the job queue starts after listening) becomes chunks beside main.js, so
 * it loads only when asked for. The SQL migrations are copied beside it: the database client
 * finds them there.
 */

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/server');
/** Packages left in node_modules: they load files relative to themselves, or load on demand. */
const KEPT_EXTERNAL = [
  '@electric-sql/pglite', // its .wasm and .data files
  'sharp', // a native library; loaded with the first avatar, card export or brand icon
  '@aws-sdk/*', // only with S3 storage, on the first upload
  'nodemailer', // with the first mail
  'ioredis', // only with REDIS_URL
  'openai', // with the first call that is not a streamed reply
  'stripe', // only with billing configured
  '@zxcvbn-ts/*', // with the first password checked
  'pino-pretty', // only when the output is a terminal (src/server/terminal.ts)
  'pg-native', // pg's optional native driver, never installed here
];

/**
 * Bundled CommonJS packages call require() for Node's built-in modules; an ES module has no
 * require of its own, so each output file gets one.
 */
const REQUIRE_SHIM =
  "import { createRequire as __reverieCreateRequire } from 'node:module';\n" +
  'const require = __reverieCreateRequire(import.meta.url);';

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
    // main.js is compiled-entry.ts: Node's compile cache on before main.ts and its imports load.
    entryPoints: { main: path.join(root, 'src/server/compiled-entry.ts') },
    outdir: outDir,
    entryNames: '[name]',
    // Chunks sit beside main.js: code that finds files relative to its own module (the migrations,
    // dist/web) works from any of them.
    chunkNames: '[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: KEPT_EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    sourcemap: true,
    // The maps point into node_modules instead of copying every package's source.
    sourcesContent: false,
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
