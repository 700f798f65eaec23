/**
 * The worker's cache of API answers, kept so that the last conversations stay readable offline
 * (../sw.ts, ./api-reads.ts). They are one user's: the page deletes the cache when that user
 * signs out and when someone else signs in (./start.ts, which follows the session), by name, so
 * it goes whether or not a worker runs.
 */
export const API_CACHE = 'reverie-api';

/** Deletes the API cache; never fails. */
export async function clearApiCache() {
  try {
    await caches.delete(API_CACHE);
  } catch {
    // No Cache Storage here (an insecure address, some private modes): nothing was kept.
  }
}
