import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConversationDetail } from '../../../shared/chat/contract';

/**
 * Unread conversations (issue 52 part 4): the conversation on screen (`id`, its newest stored
 * message `newest`, its detail `seen`) is marked read while the page is visible, and the app
 * icon's badge counts the unread ones. All of it is a chunk of its own (read-mark.ts), fetched
 * after the chat has rendered, and only once a conversation is open: /chat's first load and its
 * whole download have no room (tests/build/chat-budget.test.ts).
 */
export function useReadMark(id: number | null, newest: number, seen?: ConversationDetail) {
  const client = useQueryClient();
  useEffect(() => {
    // Nothing to mark before a conversation is open (/chat's own budget has no room for it).
    if (id === null) return;
    const stop = import('./read-mark').then((m) => m.follow(client, id, newest, seen));
    return () => void stop.then((end) => end());
  }, [client, id, newest, seen]);
}
