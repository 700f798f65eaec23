import { Suspense, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import { preloadable } from '../../lib/preloadable';
import type { Toast, ToastInput } from './toast-model';

/**
 * The toasts themselves, drawn once there is one: a chunk of their own, so every page's first
 * load carries only the store and the (empty, live) region; the first toast appears when its
 * few hundred bytes have come (decision 0002's toasts, kept ours).
 */
const ToastItems = preloadable(() => import('./toast-items').then((m) => m.ToastItems));

const TOAST_DURATION_MS = 5000;
/** Time enough to reach a toast's button, from the keyboard too. */
const ACTION_TOAST_DURATION_MS = 10000;
/**
 * A toast shown this shortly before the page changes came with the change (e.g. "Welcome back!"
 * as sign-in opens the app) and goes with the user to the new page.
 */
export const NAVIGATION_GRACE_MS = 1000;
/** More than this at once is noise: the oldest goes first. */
const MAX_TOASTS = 3;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Every toast goes at once (the web tests start each file without the last file's toasts). */
export function dismissAllToasts() {
  toasts = [];
  emit();
}

const sameKind = (a: ToastInput, b: ToastInput) =>
  a.title === b.title && (a.variant ?? 'default') === (b.variant ?? 'default');

/**
 * Shows a toast (title + optional description); destructive ones are styled as errors. A toast
 * of the same kind (same title) replaces the one on screen rather than stacking on it.
 */
export function toast(input: ToastInput) {
  void ToastItems.preload();
  const id = nextId++;
  toasts = [
    ...toasts.filter((t) => !t.spent && !sameKind(t, input)).slice(-(MAX_TOASTS - 1)),
    { ...input, id, page: window.location.pathname, at: Date.now() },
  ];
  emit();
  scheduleDismissal(id, input.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS);
  return id;
}

/**
 * The 'Error' toast of a request that failed: the server's message (an ApiError's), else the
 * error's own, else `fallback` (a thrown non-Error has no message to show). Passed as a callback
 * it may be given more than the error (a mutation's onError adds its variables): only a string
 * is taken for the fallback.
 */
export function toastError(error: unknown, fallback?: string) {
  const message = error instanceof Error ? error.message : '';
  const otherwise = typeof fallback === 'string' && fallback ? fallback : 'Something went wrong.';
  return toast({ title: 'Error', description: message || otherwise, variant: 'destructive' });
}

/** Dismisses a toast after `ms`, but not while the focus is on its button: later. */
function scheduleDismissal(id: number, ms: number) {
  setTimeout(() => {
    if (document.activeElement?.closest(`[data-toast-id="${id}"]`)) scheduleDismissal(id, ms);
    else expire(id);
  }, ms);
}

/**
 * A toast's time is up. In an open dialog it takes room under the title (ToastSlot), and going
 * would move all under it up, under the pointer of a user about to click (the Memories panel's
 * 'Delete memory' landed on nothing, and could land on another memory's button): there it only
 * goes out of sight, keeping its room until the next toast takes it or the dialog closes.
 */
function expire(id: number) {
  if (slots.length === 0) return dismissToast(id);
  toasts = toasts.map((t) => (t.id === id ? { ...t, spent: true } : t));
  emit();
}

/** The user is on `page` now: toasts of the page they left go (they said something about it). */
function leavePage(page: string) {
  const now = Date.now();
  const kept = toasts.filter((t) => t.page === page || now - t.at < NAVIGATION_GRACE_MS);
  if (kept.length === toasts.length) return;
  toasts = kept;
  emit();
}

export const FLASH_KEY = 'reverie.flashToast';

/**
 * Shows a toast after a full page navigation (which would otherwise wipe it): it is kept in
 * sessionStorage and shown by the next page's Toaster.
 */
export function toastAfterReload(input: ToastInput) {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(input));
  } catch {
    toast(input);
  }
}

function showFlashToast() {
  try {
    const stored = window.sessionStorage.getItem(FLASH_KEY);
    if (!stored) return;
    window.sessionStorage.removeItem(FLASH_KEY);
    toast(JSON.parse(stored) as ToastInput);
  } catch {
    /* nothing to show */
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The places open dialogs keep for toasts, the innermost (last opened) last: see ToastSlot. */
let slots: HTMLElement[] = [];
const slotListeners = new Set<() => void>();
const subscribeSlots = (listener: () => void) => {
  slotListeners.add(listener);
  return () => slotListeners.delete(listener);
};
const setSlots = (next: HTMLElement[]) => {
  slots = next;
  slotListeners.forEach((l) => l());
  // The last dialog closed: the toasts whose time was up there go with it.
  if (slots.length === 0 && toasts.some((t) => t.spent)) {
    toasts = toasts.filter((t) => !t.spent);
    emit();
  }
};

/**
 * A modal dialog's own place for toasts, under its title (Dialog renders it). While a dialog is
 * open, a toast floating at the foot of the screen covered the dialog's buttons on a phone (the
 * Memories dialog's, issue 45), could not be reached with Tab (the dialog holds the focus), and
 * was hidden from screen readers with the rest of the page behind the dialog. In here it takes
 * its own room in the dialog, covers nothing, and stays in view while the dialog scrolls.
 */
export function ToastSlot() {
  const ref = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    // A toast here takes room: its part is fetched now, so that it comes with what it tells
    // rather than a moment later, moving the dialog under a pointer already on its way.
    void ToastItems.preload();
    setSlots([...slots, element]);
    return () => setSlots(slots.filter((s) => s !== element));
  }, []);
  return <div ref={ref} data-toast-slot className="sticky top-0 z-10" />;
}

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  useEffect(showFlashToast, []);
  const [page] = useLocation();
  useEffect(() => leavePage(page), [page]);
  // Where the focus was before it came to a toast's button: it goes back there when the toast,
  // and the button with it, goes, rather than to the page's body.
  const cameFrom = useRef<HTMLElement | null>(null);
  const act = (t: Toast) => {
    const back = cameFrom.current;
    dismissToast(t.id);
    t.action?.onClick();
    if (back?.isConnected) back.focus();
  };
  const slot = useSyncExternalStore(
    subscribeSlots,
    () => slots.at(-1) ?? null,
    () => null,
  );
  const region = (
    // Where toasts never cover what the user is typing into or the header's buttons (the next
    // thing a user presses after "Account created!" or "Character saved" is often there): at the
    // bottom, above the chat's message box when there is one (--composer-inset, see
    // lib/composer-inset.ts); centred on phones, at the right on larger screens. In the open
    // dialog's own place when there is one (ToastSlot).
    <div
      aria-live="polite"
      className={
        slot
          ? 'flex flex-col gap-2 not-empty:mt-3'
          : 'pointer-events-none fixed inset-x-0 bottom-[var(--composer-inset,0px)] z-[100] flex flex-col items-center gap-2 p-4 sm:items-end'
      }
      onFocus={(e) => {
        const from = e.relatedTarget;
        if (from instanceof HTMLElement && !e.currentTarget.contains(from)) cameFrom.current = from;
      }}
    >
      {items.length > 0 && (
        // Its own boundary: the first toast's part may still be on its way (nothing else waits).
        <Suspense fallback={null}>
          <ToastItems items={items} inSlot={slot !== null} onAct={act} onDismiss={dismissToast} />
        </Suspense>
      )}
    </div>
  );
  return slot ? createPortal(region, slot) : region;
}
