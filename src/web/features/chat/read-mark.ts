import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { ConversationDetail } from '../../../shared/chat/contract';
import { markConversationRead } from '../../../shared/chat/endpoints';
import { call } from '../../lib/api';
import { CONVERSATIONS_KEY, conversationKey } from '../chat-data/api';
import {
  editConversationList,
  editSearchResults,
  listedConversations,
  type ConversationPages,
} from '../chat-data/conversation-list';

/**
 * Unread conversations (issue 52 part 4), fetched after the chat has rendered (use-read-mark.ts).
 * The conversation on screen is marked read up to its newest stored message while the page is
 * visible: at once, when a reply is stored, and when the page is looked at again; a reply that
 * finished while the page was hidden stays unread until the user looks. The app icon's badge,
 * where the platform has one, counts the unread conversations of the loaded list, and after a
 * read mark the account's count that the server answered.
 */

interface ReadMark {
  id: number;
  /** The newest stored message on screen. */
  upTo: number;
}

/** The count the last read mark answered: the whole account's, where the list has pages. */
let counted = 0;

function showBadge(unread: number) {
  // 0 clears it.
  if ('setAppBadge' in navigator) navigator.setAppBadge(unread).catch(() => undefined);
}

/** The conversation read in the loaded pages (of the list, or of a search). */
const readIn = (id: number) => (data: ConversationPages) => ({
  ...data,
  pages: data.pages.map((page) => ({
    ...page,
    conversations: page.conversations.map((c) => (c.id === id ? { ...c, unread: false } : c)),
  })),
});

async function markRead(client: QueryClient, { id, upTo }: ReadMark) {
  const { unreadConversations } = await call(markConversationRead, {
    params: { id },
    body: { upTo },
  });
  client.setQueryData<ConversationDetail>(
    conversationKey(id),
    (d) => d && { ...d, unread: false, leafId: Math.max(d.leafId, upTo) },
  );
  await editConversationList(client, readIn(id));
  editSearchResults(client, readIn(id));
  counted = unreadConversations;
  showBadge(counted);
}

/**
 * A mark is due when the newest stored message is past what the detail says was seen: its
 * `leafId`, or less while it is `unread`. Gives back what stops waiting for the page to be seen.
 */
export function follow(
  client: QueryClient,
  id: number | null,
  newest: number,
  seen: ConversationDetail | undefined,
) {
  followList(client);
  const due = id !== null && newest > 0 && (seen?.unread || newest > (seen?.leafId ?? newest));
  const stop = () => document.removeEventListener('visibilitychange', look);
  function look() {
    if (!due || document.visibilityState !== 'visible') return;
    stop();
    // A write like any other: a mutation (a failed mark is tried again with the next reply).
    new MutationObserver(client, { mutationFn: (mark: ReadMark) => markRead(client, mark) })
      .mutate({ id, upTo: newest })
      .catch(() => undefined);
  }
  document.addEventListener('visibilitychange', look);
  look();
  return stop;
}

let following: QueryClient | undefined;

/**
 * From now on the badge shows how many conversations of the loaded list are unread, or the count
 * the last read mark answered when that is more (unread ones on pages not loaded).
 */
function followList(client: QueryClient) {
  if (following === client || !('setAppBadge' in navigator)) return;
  following = client;
  let shown = -1;
  const show = () => {
    const data = client.getQueryData<ConversationPages>(CONVERSATIONS_KEY);
    if (!data) return;
    const unread = Math.max(listedConversations(data).filter((c) => c.unread).length, counted);
    if (unread !== shown) showBadge((shown = unread));
  };
  client.getQueryCache().subscribe(show);
  show();
}
