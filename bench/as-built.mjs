/**
 * Loaded by `npm run bench` after tsx: the benchmark's TypeScript runs as the production build
 * runs it. tsx compiles with esbuild's keepNames, which wraps every function the code creates in
 * `__name(fn, 'name')`, a defineProperty call that gives each closure a property store of its own;
 * the production build (scripts/server-build.mjs) does not, and each open streamed reply carried
 * about 1.8 KB of such stores in bench section 6. These hooks make that helper return the function
 * untouched (a stack trace may then show fewer function names; nothing else changes).
 */
import { register } from 'node:module';

register('./as-built-hooks.mjs', import.meta.url);
