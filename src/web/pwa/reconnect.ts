import { ready } from '../../shared/health/endpoints';
import { urlOf } from '../lib/api';

/**
 * The offline screen's way back (./OfflineScreen.tsx): the app is loaded again once the server
 * answers, not merely when the browser says it is online. The `online` event comes when a network
 * is there, which may be before the server can be reached (a captive portal, a server restarting,
 * a service worker that still sees the old state), and it comes once: a reload on it alone could
 * land on this screen again with nothing left to wake it. So the server's readiness is asked on
 * that event and then at growing intervals, and the page reloads on the first answer.
 */
const READY = urlOf(ready);
const DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000];

async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(READY, { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

export function reconnectWhenBack(reload: () => void = () => location.reload()) {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  const check = async () => {
    clearTimeout(timer);
    if (done) return;
    if (navigator.onLine && (await serverAnswers())) {
      done = true;
      reload();
      return;
    }
    timer = setTimeout(check, DELAYS_MS[Math.min(attempt++, DELAYS_MS.length - 1)]);
  };
  addEventListener('online', () => {
    attempt = 0;
    void check();
  });
  timer = setTimeout(check, DELAYS_MS[attempt++]);
}
