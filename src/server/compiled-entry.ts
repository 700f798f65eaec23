/**
 * The compiled server's entry: `dist/server/main.js` is this file (scripts/server-build.mjs), and
 * `npm run dev` and the tests run main.ts itself. It turns Node's compile cache on, then loads
 * main.ts. The order matters: every static import of an ES module is compiled before any of its
 * code runs, so a cache turned on inside main.ts would miss main.ts's own imports (decision 0075).
 * The cache lives in node_modules/.cache, beside the installed packages: the app's own folder.
 */
import path from 'node:path';
import { COMPILE_CACHE_FOLDER, cacheCompiledCode } from './runtime-flags';

cacheCompiledCode(path.resolve(import.meta.dirname, '../..', COMPILE_CACHE_FOLDER));
await import('./main');
