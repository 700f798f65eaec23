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
