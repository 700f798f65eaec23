// First, before any module that builds a zod schema.
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/pages';
import { preloadRedirectNotices } from './app/redirect-notices';
import { preloadAgeGate } from './features/age-gate/AgeGate';
import { prefetchSession } from './features/auth/session';
import './styles.css';

// The installable app's part (the service worker, the offline screen): a chunk of its own,
// fetched once the page has loaded, never part of its first load.
addEventListener('load', () => void import('./pwa/start'));
// Unless the worker answered with its offline shell (a navigation the network could not serve,
// sw.ts): then nobody can be signed in or shown, and that part shows the offline screen instead.
if (!('offline' in document.documentElement.dataset)) {
  // The session check and the page's own chunk download side by side, and the app's first render
  // waits for the page: rendered through React.lazy it would show a loader and then be held back
  // by React's Suspense reveal throttle (see ./app/pages.tsx). The age gate and the notes left in
  // the address after a redirect have chunks of their own, fetched beside it only when needed.
  prefetchSession();
  void Promise.all([
    preloadPage(window.location.pathname, window.location.search),
    preloadAgeGate(),
    preloadRedirectNotices(),
  ]).then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
