import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import type { useMessages } from '../chat-data/api';
import type { DisplayMessage } from './display-message';
import type { useSwitchBranch } from './mutations';

/**
 * Brings one message of the conversation into view (a memory's link names it): loads earlier
 * pages until it is there, or, when it is on another branch, moves to that branch (with the
 * thread's own `switchBranch`: this hook's chunk imports nothing of the chat's shared chunks,
 * see lazy-parts.ts). Returns the message to mark, once found.
 */
export function useFocusMessage({
  messageId,
  conversationId,
  messages,
  history,
  switchBranch,
}: {
  messageId: number | null;
  conversationId: number | null;
  messages: DisplayMessage[];
  history: ReturnType<typeof useMessages>;
  switchBranch: ReturnType<typeof useSwitchBranch>;
}) {
  const [found, setFound] = useState<number | null>(null);
  const handled = useRef<number | null>(null);
  const switched = useRef<number | null>(null);
  const present = messageId !== null && messages.some((m) => m.id === messageId);
  const { isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  useEffect(() => {
    if (messageId === null || conversationId === null || handled.current === messageId) return;
    if (!isSuccess || isFetchingNextPage || switchBranch.isPending) return;
    if (present) {
      handled.current = messageId;
      // After the thread's own scrolling (to the newest message, or keeping its place).
      requestAnimationFrame(() => {
        setFound(messageId);
        document
          .querySelector(`[data-message-id="${messageId}"]`)
          ?.scrollIntoView({ block: 'center' });
      });
    } else if (hasNextPage) {
      void fetchNextPage();
    } else if (switched.current !== messageId) {
      switched.current = messageId;
      switchBranch.mutate(
        { conversationId, messageId },
        {
          onError: () => {
            handled.current = messageId;
            toast({ title: 'That message is no longer in this conversation.' });
          },
        },
      );
    } else {
      handled.current = messageId;
      toast({ title: 'That message is no longer in this conversation.' });
    }
  }, [
    messageId,
    conversationId,
    present,
    isSuccess,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    switchBranch,
  ]);

  return messageId === found ? found : null;
}
