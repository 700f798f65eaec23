import { useEffect, useLayoutEffect, useState } from 'react';
import { CHAT_LIMITS } from '../../../shared/chat/rules';
import { BrandMark } from '../../components/brand/Logo';

const SHOWN_KEY = 'reverie.chatSplashShown';

function shownThisSession() {
  try {
    return window.sessionStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The loading splash over the chat screen (at most 2 s, the spec's timing) while the data loads
 * behind it — on the first chat load of this browser tab only, and only until what the page
 * shows has arrived (`ready`): a splash over messages already there only hides them (issue 45).
 * Later visits, reloads and character switches are instant: their data is usually cached, and a
 * splash would only slow them down (docs/decisions/0006).
 */
export function useChatSplash(ready: boolean) {
  const [visible, setVisible] = useState(() => !shownThisSession());
  useEffect(() => {
    if (!visible) return;
    try {
      window.sessionStorage.setItem(SHOWN_KEY, '1');
    } catch {
      /* shown again next time: harmless */
    }
    const timer = setTimeout(() => setVisible(false), CHAT_LIMITS.chatSplashMs);
    return () => clearTimeout(timer);
  }, [visible]);
  useLayoutEffect(() => {
    endSplash = () => setVisible(false);
  }, []);
  return visible && !ready;
}

/*
 * Messages drawn under the splash end it before the browser paints them. `ready` alone lags:
 * the thread reads the messages through a query observer of its own, and it may redraw with
 * them (another read arriving) a frame before the page hears of them.
 */
let endSplash = () => {};

/** Where messages are drawn: a layout effect, so the page redraws without the splash first. */
export function useNoSplashOver(messagesShown: boolean) {
  useLayoutEffect(() => {
    if (messagesShown) endSplash();
  }, [messagesShown]);
}

export function ChatSplash() {
  return (
    <div
      role="status"
      aria-label="Loading your chat"
      className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-4 bg-main"
      data-testid="chat-splash"
    >
      <div className="flex animate-pulse items-center gap-2 text-xl font-bold">
        <BrandMark size={40} />
      </div>
      <span className="size-6 animate-spin rounded-full border-2 border-accent border-t-transparent" />
    </div>
  );
}
