import { useEffect, useRef, useState } from 'react';
import type { ThreadMessageView } from '../../../shared/chat/contract';
import type { DisplayMessage } from './display-message';
import type { UnansweredMessageView } from '../../../shared/unanswered/contract';
import { withUnanswered } from './unanswered';

/** Marks the conversation on screen read (issue 52): imported from here, ChatView's hooks. */
export { useReadMark } from './use-read-mark';

/**
 * ChatView's small hooks. `useShownId`: the conversation on screen, read by replies that finish
 * after the user moved on.
 */
export function useShownId(activeId: number | null) {
  const shownId = useRef(activeId);
  useEffect(() => {
    shownId.current = activeId;
  }, [activeId]);
  return shownId;
}

/**
 * Calls `onChange` in the render where `route` (the conversation in the address) changed, so the
 * view's own state is adjusted before anything of the old conversation is drawn.
 */
export function useRouteChange(route: number | null, onChange: () => void) {
  const [seenRoute, setSeenRoute] = useState(route);
  if (route !== seenRoute) {
    setSeenRoute(route);
    onChange();
  }
}

/**
 * The messages on screen: the stored ones (up to `shownUpTo` while a reply's end is not yet
 * shown; the reply being continued with its text so far), the user's unanswered ones in their
 * places, and the message being sent.
 */
export function shownMessages(
  allStored: ThreadMessageView[],
  sending: {
    shownUpTo: number | null;
    pending: DisplayMessage | null;
    continuing: number | null;
    streaming: string | null;
  },
  unanswered: UnansweredMessageView[],
) {
  const { shownUpTo, continuing, streaming } = sending;
  const stored = allStored
    .filter((m) => shownUpTo === null || m.id <= shownUpTo)
    .map((m) => (m.id === continuing && streaming !== null ? { ...m, content: streaming } : m));
  const messages = withUnanswered(stored, unanswered);
  if (sending.pending) messages.push(sending.pending);
  return messages;
}
