import { Suspense } from 'react';
import { preloadable } from '../lib/preloadable';
import { NOTE_PARAMS } from './redirect-note-params';

/**
 * The notes the server leaves in the address after a redirect (e-mail verified or changed, a
 * failed Google sign-in) are read once, when the app starts; most loads carry none, so their
 * handling is a chunk of its own, fetched only when one is there (decision 0028).
 */

/** Only the address the app started at: later navigations carry no redirect's note. */
const startSearch = window.location.search;
const noteAtStart = NOTE_PARAMS.some((name) => new URLSearchParams(startSearch).has(name));

const Notices = preloadable(() => import('./RedirectNotices').then((m) => m.RedirectNotices));

/** Starts fetching the notes' handling when the address carries one. */
export function preloadRedirectNotices(): Promise<void> {
  return noteAtStart ? Notices.preload() : Promise.resolve();
}

/** Tells the user what the redirect said, when the address the app started at says anything. */
export function RedirectNotices() {
  if (!noteAtStart) return null;
  return (
    <Suspense fallback={null}>
      <Notices startSearch={startSearch} />
    </Suspense>
  );
}
