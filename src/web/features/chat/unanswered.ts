import { useQuery } from '@tanstack/react-query';
import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import type { UnansweredMessageView } from '../../../shared/unanswered/contract';
import * as endpoints from '../../../shared/unanswered/endpoints';
import { call } from '../../lib/api';
import type { DisplayMessage } from './display-message';

/**
 * Messages typed while out of credits: never sent (the model is not called), but the user's
 * words stay in the thread, marked as not answered, until they are sent again. Kept on the server
 * (issue 45, defect 9), so every tab and browser of the account shows them. One thread is a
 * conversation, or the character's conversation not created yet (`conversationId` null). The
 * writes are in unanswered-writes.ts, loaded with the first message sent.
 */
export interface Thread {
  characterId: number;
  conversationId: number | null;
}

/** In the thread as `unanswered-<id>`: never mistaken for a stored message's number. */
const PREFIX = 'unanswered-';
export const unansweredDisplayId = (id: number) => `${PREFIX}${id}`;
export const serverId = (displayId: string) => Number(displayId.slice(PREFIX.length));

export const unansweredKey = ({ characterId, conversationId }: Thread) =>
  [endpoints.listUnanswered.path, characterId, conversationId ?? 'new'] as const;

export const EMPTY: UnansweredMessageView[] = [];

export function useUnanswered(thread: Thread): UnansweredMessageView[] {
  const list = useQuery({
    queryKey: unansweredKey(thread),
    queryFn: async () =>
      (
        await call(endpoints.listUnanswered, {
          query: {
            characterId: thread.characterId,
            conversationId: thread.conversationId ?? undefined,
          },
        })
      ).messages,
  });
  return list.data ?? EMPTY;
}

/**
 * The stored messages with the ones typed while out of credits in their place (each after the
 * messages that existed when it was typed), and the spec's placeholder reply after the last.
 */
export function withUnanswered(
  stored: DisplayMessage[],
  unanswered: UnansweredMessageView[],
): DisplayMessage[] {
  if (unanswered.length === 0) return [...stored];
  const result: DisplayMessage[] = [];
  const waiting = [...unanswered];
  const placeUpTo = (limit: number) => {
    while (waiting.length > 0 && waiting[0]!.afterId < limit) {
      const u = waiting.shift()!;
      result.push({
        id: unansweredDisplayId(u.id),
        sender: 'user',
        content: u.content,
        unanswered: true,
      });
    }
  };
  for (const m of stored) {
    if (typeof m.id === 'number') placeUpTo(m.id);
    result.push(m);
  }
  placeUpTo(Infinity);
  const last = result.findLastIndex((m) => m.unanswered);
  result.splice(last + 1, 0, { id: 'no-credits', sender: 'ai', content: OUT_OF_CREDITS_MESSAGE });
  return result;
}
