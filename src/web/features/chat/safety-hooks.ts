import { useQuery } from '@tanstack/react-query';
import * as safety from '../../../shared/safety/endpoints';
import { ApiError, call } from '../../lib/api';
import { NoticeCard, pausedMessage } from './lazy-parts';
import { noticesKey, SAFETY_STATUS_KEY } from './notices';
import { needsNoticeChunk } from './ThreadNotice';

/**
 * The chat page's safety reads (decision 0042). Apart from notices.ts, which the shared chat
 * modules use: these fetch the notices' chunk (lazy-parts.ts), and a module that does so outside
 * the chat page's own chunk costs the first load the list of files that chunk needs.
 */

/** A conversation's notices, oldest first. */
export const useNotices = (id: number | null) =>
  useQuery({
    queryKey: noticesKey(id ?? 0),
    queryFn: async () => {
      const notices = await call(safety.listNotices, { params: { id: id! } });
      // A crisis or adults-only card's chunk comes with it, so it is drawn at once.
      if (needsNoticeChunk(notices)) await NoticeCard.preload();
      return notices;
    },
    // As the messages: asked again whenever a conversation is opened anew.
    staleTime: 5_000,
    enabled: id !== null,
  });

/** The account's pause (a self-declared minor's), once the server says it is paused. */
export function useChatPause() {
  const status = useQuery({
    queryKey: SAFETY_STATUS_KEY,
    queryFn: () => call(safety.safetyStatus),
  }).data;
  return status?.chatPaused ? status : null;
}

/**
 * A reply-ish request refused because the account is paused (ADULTS_ONLY_PAUSED_MESSAGE), not
 * because credits ran out. The message is read with the notices' chunk when a 403 comes:
 * importing the safety rules here would bring their other copy (the crisis services, shared
 * with the /safety page) into the chat's first load (tests/build/chat-budget.test.ts).
 */
export const isChatPaused = async (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.message === (await pausedMessage());
