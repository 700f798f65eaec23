import nodeModule from 'node:module';
import v8 from 'node:v8';

/**
 * V8 settings for the server's process, set first thing in main.ts (and by the benchmark's
 * in-process server, so that it measures what runs in production).
 *
 * Allocation-site pretenuring off (decision 0074). V8 watches where objects are allocated; when
 * most of one site's objects outlive a young-generation collection, it allocates that site's later
 * objects straight in the old generation. Reads whose rows outlive a scavenge do that to
 * node-postgres's row parser (the account export's 1,000-message pages can; in the benchmark it
 * happened within seconds of the start): from then on, for the life of the process, every row of
 * every query is born old, and as an old object lives until the next full collection, it keeps its
 * young field strings alive through every scavenge, which copies them: on PostgreSQL, scavenges
 * of 3–6 ms instead of about 1, and the history page's p99 over issue 16's 5 ms (decision 0074
 * has the figures). The app has no allocation site whose objects should be born old.
 */
export function setRuntimeFlags(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}

/** Where the compiled server keeps V8's compiled code, relative to the app's folder (decision 0075). */
export const COMPILE_CACHE_FOLDER = 'node_modules/.cache/node-compile-cache';

/** Node 22.1 and later (the types we build with are Node 20's, which lack it). */
type CompileCache = { enableCompileCache?: (directory?: string) => unknown };

/**
 * The code the server loads after this call kept compiled on disk by Node, so that a restart
 * reads V8's code instead of compiling 5 MB of JavaScript again (decision 0075; Node 22.1 and
 * later, production's 24 among them; Node 20 has no such cache and starts as before). The folder
 * is `directory`, one the server's own user owns (Node's default, the system's temporary folder,
 * is shared with every local user, and what is in it runs as code); NODE_COMPILE_CACHE, when set,
 * is used instead, and NODE_DISABLE_COMPILE_CACHE=1 turns it off. An entry is checked against the
 * file it was made from, so a new build is compiled once and cached again; a folder that cannot
 * be written only loses the gain (Node says so in the return value, which a start does not need).
 */
export function cacheCompiledCode(directory: string): void {
  (nodeModule as CompileCache).enableCompileCache?.(directory);
}
