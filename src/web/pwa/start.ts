import type { Query } from '@tanstack/react-query';
import { SESSION_KEY, type SessionUser } from '../features/auth/session';
import { queryClient } from '../lib/query-client';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { CHARACTERS_PATH, NAMES_ADDRESS } from './api-reads';
import { API_CACHE, clearApiCache } from './cache-names';

/**
 * The installable app's part of the page, loaded by main.tsx once the page has loaded (never part
 * of a page's first load): it registers the service worker (../sw.ts), keeps the worker's API
 * cache to the user it was filled for, keeps the characters' names beside it for the offline
 * screen, and shows the offline screen (./OfflineScreen.tsx, a chunk of its own) when the server
 * cannot be reached.
 */

/** The user whose conversations the API cache holds (a user id). */
const OWNER_KEY = 'reverie.cacheOwner';

/**
 * The server is out of reach: marked by the worker's offline shell (../sw.ts) or by a session
 * read that failed (features/auth/session.ts). `navigator.onLine` alone is not asked: a page
 * that loaded was reachable, and a device without a network is marked by the worker anyway.
 */
const isOffline = () => document.documentElement.hasAttribute('data-offline');

let shown = false;
function showOffline() {
  if (shown) return;
  shown = true;
  void import('./OfflineScreen').then((m) => m.mountOfflineScreen());
}

function register() {
  // The worker is built with the app (vite.config.ts); the dev server has none.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No worker (a private mode, a blocked origin): the app works as a plain page.
  });
}

// Cache work one after another: a deletion for a change of user never lands after the names of
// the user who came next.
let queue: Promise<unknown> = Promise.resolve();
const then = (work: () => Promise<unknown>) => (queue = queue.then(work, work));

let seen: string | null | undefined;
/** API answers never reach another user: the cache goes when the user it was filled for left. */
function onSession(user: SessionUser | null) {
  const id = user?.id ?? null;
  if (id === seen) return;
  if (id === null && seen) forgetPush();
  seen = id;
  if (id === null || readStored(OWNER_KEY) !== id) then(clearApiCache);
  if (id !== null) writeStored(OWNER_KEY, id);
}

/** The characters' names by id, beside the worker's answers (a conversation names ids only). */
function keepNames(characters: unknown) {
  if (!Array.isArray(characters) || seen === null || seen === undefined) return;
  const names = Object.fromEntries(
    (characters as { id: number; name: string }[]).map((c) => [c.id, c.name]),
  );
  then(async () => {
    const cache = await caches.open(API_CACHE);
    await cache.put(NAMES_ADDRESS, Response.json(names));
  }).catch(() => undefined);
}

/**
 * Signed out in this page: this browser's push subscription was the account's. It is ended here,
 * in the browser (the server's row goes when its push service next answers 410), so signing out
 * costs the first load nothing.
 */
function forgetPush() {
  if (!readStored(STORAGE_KEYS.pushSubscriptionId)) return;
  void import('../features/notifications/push').then((m) => m.forgetThisBrowser());
}

function watch(query: Query) {
  const [first] = query.queryKey;
  // A session read that could not reach the server at all (the fetch itself failed).
  if (first === SESSION_KEY[0] && query.state.error instanceof TypeError) {
    document.documentElement.dataset.offline = '';
  }
  if (query.state.status !== 'success') return;
  const [key] = query.queryKey;
  if (key === SESSION_KEY[0]) onSession(query.state.data as SessionUser | null);
  else if (key === CHARACTERS_PATH && query.queryKey.length === 1) keepNames(query.state.data);
}

function start() {
  // Offline, registering would only fail: the worker answering is registered already.
  if (isOffline()) return showOffline();
  register();
  // Later, a session read that finds the server gone marks the page.
  new MutationObserver(() => isOffline() && showOffline()).observe(document.documentElement, {
    attributeFilter: ['data-offline'],
  });
  const cache = queryClient.getQueryCache();
  // The session first: names are kept only once the cache's owner is known.
  const session = cache.find({ queryKey: SESSION_KEY, exact: true });
  if (session) watch(session);
  for (const query of cache.getAll()) if (query !== session) watch(query);
  cache.subscribe((event) => event.type === 'updated' && watch(event.query));
}

start();
