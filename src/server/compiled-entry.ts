/**
 * The compiled server's entry: `dist/server/main.js` is this file (scripts/server-build.mjs), and
 * `npm run dev` and the tests run main.ts itself. It turns Node's compile cache on, then loads
 * main.ts. The order matters: every static import of an ES module is compiled before any of its
 * code runs, so a cache turned on inside main.ts would miss main.ts's own imports (decision 0075).
 * The cache lives in node_modules/.cache, beside the installed packages: the app's own folder.
 * On PGlite it also starts compiling PGlite's WebAssembly, on V8's worker threads while this
 * thread loads main.ts's JavaScript, instead of after it (decision 0076).
 */
import path from 'node:path';
import { compilePgliteEarly } from './db/pglite-early';
import { COMPILE_CACHE_FOLDER, cacheCompiledCode } from './runtime-flags';

cacheCompiledCode(path.resolve(import.meta.dirname, '../..', COMPILE_CACHE_FOLDER));
// The embedded database is the one used without DATABASE_URL (config.ts).
if (!process.env.DATABASE_URL) compilePgliteEarly();
await import('./main');
