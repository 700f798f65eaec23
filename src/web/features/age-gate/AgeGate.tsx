import { Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { SAFETY_PAGE_PATH } from '../../../shared/routes';
import { preloadable } from '../../lib/preloadable';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

/**
 * The gate itself is a chunk of its own: a returning reader (most loads) has confirmed already
 * and never needs it. main.tsx fetches it beside the page's chunk when this browser has not
 * confirmed (preloadAgeGate), so a new visitor does not wait for it either.
 */
const AgeGateDialog = preloadable(() => import('./AgeGateDialog').then((m) => m.AgeGateDialog));

// The confirmation is read from storage every time it may have changed: another tab confirming
// or clearing it ('storage'), and a page restored from the back-forward cache ('pageshow'), whose
// memory may predate a cleared confirmation.
const listeners = new Set<() => void>();
const isConfirmed = () => readStored(STORAGE_KEYS.ageConfirmed) === '1';
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  window.addEventListener('pageshow', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
    window.removeEventListener('pageshow', listener);
  };
}
/** Starts fetching the gate when this browser has not confirmed its age; resolves when here. */
export function preloadAgeGate(): Promise<void> {
  return isConfirmed() ? Promise.resolve() : AgeGateDialog.preload();
}

function confirmAge() {
  writeStored(STORAGE_KEYS.ageConfirmed, '1');
  listeners.forEach((l) => l());
}

/**
 * The 18+ gate. Until this browser has a stored confirmation, the app itself is not rendered at
 * all — only the gate — so no key (Escape), click, cached page or removed element can reveal it.
 * The one exception is /safety, the published crisis protocol: it holds no adult content, and
 * whoever needs a crisis line must not be asked their age or sent away first (decision 0042).
 */
export function AgeGate({ children }: { children: ReactNode }) {
  // Storage may be blocked (private modes): the confirmation then lives for this page only.
  const [confirmedHere, setConfirmedHere] = useState(false);
  const stored = useSyncExternalStore(subscribe, isConfirmed, () => false);
  const [location] = useLocation();
  if (stored || confirmedHere || location === SAFETY_PAGE_PATH) return children;
  return (
    // While the gate loads (only if its early fetch failed) nothing of the app shows either.
    <Suspense fallback={<main className="fixed inset-0 z-[200] bg-main" />}>
      <AgeGateDialog
        onEnter={() => {
          confirmAge();
          if (!isConfirmed()) setConfirmedHere(true);
        }}
      />
    </Suspense>
  );
}
