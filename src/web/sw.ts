/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { RouteHandlerCallback } from 'workbox-core/types';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { DISCREET_NOTIFICATION, type PushPayload } from '../shared/notifications/push-payload';
import { isOfflineRead } from './pwa/api-reads';
import { API_CACHE } from './pwa/cache-names';
import { brandOf, offlineShell, type ShellBrand } from './pwa/offline-shell';

/**
 * The installable app's service worker (issue 52), built by vite-plugin-pwa (injectManifest)
 * into dist/web/sw.js and registered late by ./pwa/start.ts. It keeps the app's code so that
 * Reverie opens without the network, answers a navigation it cannot fetch with the app's shell
 * (which shows the offline screen, never the browser's error page), keeps the last conversations
 * for reading offline, and shows Web Push notifications.
 */
declare let self: ServiceWorkerGlobalScope;

// A new version takes over at once (skipWaiting) and controls the open pages (clientsClaim): every
// navigation asks the network first, so a page is always the server's current build, and the
// only thing a waiting worker would keep is an outdated offline copy. There is no 'update ready'
// prompt to wait for. It also means a first visit's reads are kept from the first load on.
void self.skipWaiting();
clientsClaim();

// The built JavaScript, CSS and index.html (the list vite.config.ts lets in). '/' and clean
// addresses are not mapped to index.html: navigations are the network's first (below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The navigation's request starts while the worker starts, instead of after.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

const SHELL_CACHE = 'reverie-shell';
const BRAND_ADDRESS = '/offline/brand';

/** Remembers the brand of a page the server sent (./pwa/offline-shell.ts). */
async function rememberBrand(page: Response) {
  if (!page.headers.get('content-type')?.includes('text/html')) return;
  const brand = brandOf(await page.text());
  if (!brand.brand) return;
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(BRAND_ADDRESS, Response.json(brand));
}

async function offlinePage(): Promise<Response> {
  const index = await matchPrecache('/index.html');
  if (!index) return Response.error();
  const remembered = await (await caches.open(SHELL_CACHE)).match(BRAND_ADDRESS);
  const brand = ((await remembered?.json().catch(() => null)) ?? {}) as ShellBrand;
  return new Response(offlineShell(await index.text(), brand), {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

/** Pages: the network first (the server's branded shell with its preloads), else offline's. */
const navigate: RouteHandlerCallback = async ({ request, event }) => {
  try {
    const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
    const page = preloaded ?? (await fetch(request));
    if (page.ok) event.waitUntil(rememberBrand(page.clone()).catch(() => undefined));
    return page;
  } catch {
    return offlinePage();
  }
};
// The API's addresses are never pages (a verification link, a download, Google's sign-in).
registerRoute(new NavigationRoute(navigate, { denylist: [/^\/api\//] }));

/**
 * The last conversations, readable offline: the list and the newest messages of the
 * conversations opened, from the network while there is one. At most 30 answers, none older than
 * 30 days; only GETs (registerRoute's default) of this site, only answers of 200.
 */
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && isOfflineRead(url, request.headers.get('accept')),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// The page asks for the user's data to go (the page also deletes it by name itself).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== 'clear-user-data') return;
  event.waitUntil(
    caches.delete(API_CACHE).then((deleted) => event.ports[0]?.postMessage({ deleted })),
  );
});

/** The push's payload; null when it cannot be read. */
function payloadOf(event: PushEvent): PushPayload | null {
  try {
    const payload = event.data?.json() as PushPayload | undefined;
    return payload && typeof payload.title === 'string' ? payload : null;
  } catch {
    return null;
  }
}

/** Only this site's own addresses are opened from a notification. */
function addressOf(url: unknown): string {
  try {
    const address = new URL(String(url), self.location.origin);
    if (address.origin === self.location.origin) return address.href;
  } catch {
    // Not an address.
  }
  return new URL('/chat', self.location.origin).href;
}

async function setBadge(unread: unknown) {
  if (typeof unread !== 'number' || !('setAppBadge' in self.navigator)) return;
  await (unread > 0 ? self.navigator.setAppBadge(unread) : self.navigator.clearAppBadge());
}

async function onPush(payload: PushPayload | null) {
  await setBadge(payload?.unread).catch(() => undefined);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // Reverie is in front: the thread shows the message itself.
  if (windows.some((client) => client.visibilityState === 'visible')) return;
  // A payload that cannot be read still says something, discreetly.
  const { title, body, tag, url } = payload ?? {
    title: DISCREET_NOTIFICATION.title,
    body: DISCREET_NOTIFICATION.reply,
    tag: 'reverie',
    url: '/chat',
  };
  await self.registration.showNotification(title, {
    body,
    tag,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url },
  });
}

self.addEventListener('push', (event) => event.waitUntil(onPush(payloadOf(event))));

async function openFromNotification(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    const focused = await open.focus();
    // navigate() works on the pages this worker controls; another is opened anew.
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openFromNotification(addressOf(data?.url)));
});
