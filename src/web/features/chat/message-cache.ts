import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ThreadMessageView } from '../../../shared/chat/contract';
import { CHARACTERS_KEY } from '../characters/api';
import {
  conversationKey,
  CREDITS_KEY,
  MESSAGE_PAGE,
  messagesKey,
  messagesQuery,
} from '../chat-data/api';
import { refreshListedConversation } from '../chat-data/conversation-list';

type MessagePages = InfiniteData<ThreadMessageView[], number>;

/**
 * Loads the stored messages now, whether or not the list is on screen yet (a fast reply can
 * finish while the new conversation's first load is still on its way). Pages already loaded
 * are fetched again in order, so older history stays on screen.
 */
export async function reloadMessages(client: QueryClient, id: number) {
  // A load started before the reply was stored must not win: cancel it, then fetch afresh.
  await client.cancelQueries({ queryKey: messagesKey(id) });
  await Promise.all([
    client.fetchInfiniteQuery({ ...messagesQuery(id), staleTime: 0 }),
    client.invalidateQueries({ queryKey: conversationKey(id) }),
  ]);
}

/**
 * A reply came back with both stored ids: the pair is added to the loaded pages as it is, so no
 * page is fetched again. With nothing loaded yet (a new conversation's first load still on its
 * way) the messages are loaded instead.
 */
export async function addReplyToCache(
  client: QueryClient,
  id: number,
  pair: [ThreadMessageView, ThreadMessageView],
) {
  await client.cancelQueries({ queryKey: messagesKey(id) });
  const data = client.getQueryData<MessagePages>(messagesKey(id));
  if (!data?.pages.length) return reloadMessages(client, id);
  client.setQueryData<MessagePages>(messagesKey(id), withPair(data, pair));
  // Exact: the messages live under the conversation's key and are up to date already.
  await client.invalidateQueries({ queryKey: conversationKey(id), exact: true });
}

/**
 * A continued reply came back stored: its text replaces the one loaded, so no page is fetched
 * again. With the reply not loaded, the messages are loaded instead.
 */
export async function setReplyText(
  client: QueryClient,
  id: number,
  reply: { messageId: number; message: string },
) {
  await client.cancelQueries({ queryKey: messagesKey(id) });
  const data = client.getQueryData<MessagePages>(messagesKey(id));
  const { messageId, message } = reply;
  if (!data?.pages.some((page) => page.some((m) => m.id === messageId)))
    return reloadMessages(client, id);
  client.setQueryData<MessagePages>(messagesKey(id), {
    ...data,
    pages: data.pages.map((page) =>
      page.map((m) => (m.id === messageId ? { ...m, content: message } : m)),
    ),
  });
  // Exact: the messages live under the conversation's key and are up to date already.
  await client.invalidateQueries({ queryKey: conversationKey(id), exact: true });
}

/** The pages with the pair after the newest message (pages are newest first, each oldest-first). */
export function withPair(data: MessagePages, pair: ThreadMessageView[]): MessagePages {
  const known = new Set(data.pages.flat().map((m) => m.id));
  const added = pair.filter((m) => !known.has(m.id));
  if (added.length === 0) return data;
  const [newest = [], ...older] = data.pages;
  // 'Earlier messages' is judged by the oldest page being full; a lone short page must stay
  // short, so the pair then goes on a page of its own in front of it.
  if (older.length === 0 && newest.length < MESSAGE_PAGE) {
    return { pages: [added, newest], pageParams: [0, ...data.pageParams] };
  }
  return { ...data, pages: [[...newest, ...added], ...older] };
}

/**
 * The conversation's place and preview in the list, character chat counts and credits change
 * after every reply.
 */
export async function refreshLists(client: QueryClient, conversationId: number) {
  await Promise.all([
    refreshListedConversation(client, conversationId),
    client.invalidateQueries({ queryKey: CHARACTERS_KEY, exact: true }),
    client.invalidateQueries({ queryKey: CREDITS_KEY }),
  ]);
}
