import type { QueryClient } from '@tanstack/react-query';
import type { UnansweredMessageView } from '../../../shared/unanswered/contract';
import * as endpoints from '../../../shared/unanswered/write-endpoints';
import { call } from '../../lib/api';
import { EMPTY, serverId, unansweredKey, type Thread } from './unanswered';

/**
 * The writes of messages typed while out of credits (unanswered.ts), made by the send protocol:
 * keep one, move those typed before a conversation existed into it, forget one sent again.
 */
export const unansweredWrites = (client: QueryClient) => ({
  keep: {
    mutationFn: (input: Thread & { content: string; afterId: number }) =>
      call(endpoints.keepUnanswered, { body: input }),
    onSuccess: async (kept: UnansweredMessageView, thread: Thread) => {
      // A first load still on its way would answer without this one.
      await client.cancelQueries({ queryKey: unansweredKey(thread) });
      client.setQueryData<UnansweredMessageView[]>(unansweredKey(thread), (list = []) => [
        ...list.filter((m) => m.id !== kept.id),
        kept,
      ]);
    },
  },
  move: {
    mutationFn: (input: { characterId: number; conversationId: number }) =>
      call(endpoints.moveUnanswered, { body: input }),
    onSuccess: (
      { messages }: { messages: UnansweredMessageView[] },
      input: { characterId: number; conversationId: number },
    ) => {
      client.setQueryData(unansweredKey(input), messages);
      client.setQueryData(unansweredKey({ ...input, conversationId: null }), EMPTY);
    },
  },
  drop: {
    mutationFn: ({ displayId }: Thread & { displayId: string }) =>
      call(endpoints.dropUnanswered, { params: { id: serverId(displayId) } }),
    onSettled: (_data: unknown, _error: unknown, thread: Thread) =>
      client.invalidateQueries({ queryKey: unansweredKey(thread) }),
  },
});
