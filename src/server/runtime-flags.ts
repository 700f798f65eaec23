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
