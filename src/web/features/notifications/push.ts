import type { PushSubscriptionBody } from '../../../shared/notifications/contract';
import * as notifications from '../../../shared/notifications/endpoints';
import { ApiError, call } from '../../lib/api';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

/**
 * This browser's Web Push subscription (issue 52 part 2): whether it has one, making one (the
 * browser's permission, the service worker, the server's VAPID key, the subscription kept by the
 * server) and ending it. The server's id of this browser's subscription is kept in localStorage,
 * so turning notifications off (or signing out) can tell the server to forget it.
 */

export const PUSH_ID_KEY = STORAGE_KEYS.pushSubscriptionId;

/** Why notifications could not be turned on, for the section to explain. */
export type PushProblem = 'unsupported' | 'denied' | 'dismissed';
export class PushRefused extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
    this.name = 'PushRefused';
  }
}

/** Web Push needs a service worker, the Push API and notifications (a tab on iOS has none). */
export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window.PushManager === 'function' &&
  typeof window.Notification === 'function';

/** 'granted', 'denied' or 'default' (never answered); 'denied' when push is not supported. */
export const permission = (): NotificationPermission =>
  pushSupported() ? Notification.permission : 'denied';

/**
 * Asks for the permission. Called in the click's own handler, before anything is awaited: some
 * browsers (Safari) ask only while the press that caused it is being handled.
 */
export function requestPermission(): Promise<NotificationPermission> {
  if (!pushSupported()) return Promise.reject(new PushRefused('unsupported'));
  return Notification.requestPermission();
}

/** This browser's subscription, if it has one (no worker is registered to find out). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as PushManager.subscribe takes it (the server sends base64url text). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

/**
 * Turns notifications on in this browser, once `asked` (requestPermission's answer) granted
 * them. A subscription made for another key (the server's keys changed) is replaced.
 */
export async function subscribeThisBrowser(asked: Promise<NotificationPermission>) {
  const answer = await asked;
  if (answer !== 'granted') throw new PushRefused(answer === 'denied' ? 'denied' : 'dismissed');
  // Registering again is harmless: the app registers the same worker at the same scope.
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes((await call(notifications.getPushKey)).publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  try {
    const body = subscription.toJSON() as PushSubscriptionBody;
    const { id } = await call(notifications.addPushSubscription, { body });
    writeStored(PUSH_ID_KEY, String(id));
  } catch (error) {
    // The server does not know it: a subscription nothing is sent to must not look like 'on'.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
}

/** Turns notifications off in this browser, then tells the server to forget the subscription. */
export async function unsubscribeThisBrowser() {
  const id = Number(readStored(PUSH_ID_KEY));
  forgetStoredId();
  try {
    await (await currentSubscription())?.unsubscribe();
  } finally {
    if (id > 0) await forgetOnServer(id);
  }
}

async function forgetOnServer(id: number) {
  try {
    await call(notifications.deletePushSubscription, { params: { id } });
  } catch (error) {
    // Already gone (the push service had said it was dead): what was asked is done.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

function forgetStoredId() {
  try {
    window.localStorage.removeItem(PUSH_ID_KEY);
  } catch {
    /* storage blocked: nothing was kept either */
  }
}

/**
 * For sign-out (pwa/start.ts, once the session has ended): the browser's subscription is ended,
 * so nothing more reaches this browser for the account that left it. The server's DELETE is
 * refused by then (no session); the push service answers the server's next send with 410 and the
 * row goes. Never throws.
 */
export async function forgetThisBrowser() {
  try {
    await unsubscribeThisBrowser();
  } catch {
    // The push service answers 410 to the server's next send, and the server drops the row.
  }
}
