import { useEffect, useState } from 'react';
import { CHAT_LIMITS } from '../../../shared/chat';
import { APP_NAME } from '../../../shared/brand';

/**
 * The loading splash over the chat screen: shown for 2 s when the screen opens and for 1 s when
 * the user switches to another character (spec timings), while the data loads behind it.
 */
export function useChatSplash(characterId: number | null) {
  const [visible, setVisible] = useState(true);
  const [duration, setDuration] = useState<number>(CHAT_LIMITS.chatSplashMs);
  const [shownFor, setShownFor] = useState(characterId);
  // A change while the entry splash still shows (e.g. /chat opening the last character) keeps it.
  if (characterId !== shownFor) {
    setShownFor(characterId);
    if (!visible) {
      setVisible(true);
      setDuration(CHAT_LIMITS.chatSplashCharacterChangeMs);
    }
  }
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), duration);
    return () => clearTimeout(timer);
  }, [visible, duration]);
  return visible;
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
        <img src="/logo.svg" alt="" width={40} height={40} className="size-10" />
        <span>{APP_NAME}</span>
      </div>
      <span className="size-6 animate-spin rounded-full border-2 border-accent border-t-transparent" />
    </div>
  );
}
