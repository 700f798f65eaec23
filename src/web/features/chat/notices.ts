import type { QueryClient } from '@tanstack/react-query';
import { listConversations } from '../../../shared/chat/endpoints';
import type { Notice } from '../../../shared/safety/contract';
import { safetyStatus } from '../../../shared/safety/endpoints';

/**
 * The companion-app law's data in the chat's cache (decision 0042): a conversation's notices
 * (the "not a human", crisis and adults-only notices shown in its thread) and whether this
 * account may chat at all (the reads themselves: safety-hooks.ts). The notices live under the
 * conversation's key, so reloading a conversation (a branch change, a delete, a failed reply)
 * asks for them again too.
 */
export const noticesKey = (id: number) => [listConversations.path, id, 'notices'] as const;
export const SAFETY_STATUS_KEY = [safetyStatus.path] as const;

/** The notices to place: the stored ones, then those sent with the reply on its way (each once). */
export const threadNotices = (stored: Notice[], streamed: Notice[]) => [
  ...stored.filter((n) => !streamed.some((s) => s.id === n.id)),
  ...streamed,
];

/**
 * The account was paused: the banner takes the message box's place, and the adults-only notice
 * joins the thread (with the conversation's messages, in case the one it follows was stored).
 */
export function refreshAfterPause(client: QueryClient, id: number | null) {
  void client.invalidateQueries({ queryKey: SAFETY_STATUS_KEY });
  if (id === null) return;
  // A first load still on its way was read before the pause: invalidating would only wait for
  // it (TanStack refetches a query that has no data yet by joining its fetch), so it is
  // cancelled and asked again.
  const key = [listConversations.path, id];
  void client
    .cancelQueries({ queryKey: key })
    .then(() => client.invalidateQueries({ queryKey: key }));
}
