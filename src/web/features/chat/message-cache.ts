import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ThreadMessageView } from '../../../shared/chat/contract';
import { conversationKey, MESSAGE_PAGE, messagesKey } from '../chat-data/api';
import { reloadMessages } from './message-reload';

type MessagePages = InfiniteData<ThreadMessageView[], number>;

/**
 * A reply's stored text put in the loaded pages as it is, so no page is fetched again: in the
 * chunk loaded with the first message sent (send-mutations.ts). Loading them again after other
 * writes is message-reload.ts, the chat page's own.
 */

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
 * A continued reply came back stored: its text and the lore its prompts carried replace the ones
 * loaded, so no page is fetched again. With the reply not loaded, the messages are loaded instead.
 */
export async function setReplyText(
  client: QueryClient,
  id: number,
  reply: { messageId: number; message: string; lore: ThreadMessageView['lore'] },
) {
  await client.cancelQueries({ queryKey: messagesKey(id) });
  const data = client.getQueryData<MessagePages>(messagesKey(id));
  const { messageId, message, lore } = reply;
  if (!data?.pages.some((page) => page.some((m) => m.id === messageId)))
    return reloadMessages(client, id);
  client.setQueryData<MessagePages>(messagesKey(id), {
    ...data,
    pages: data.pages.map((page) =>
      page.map((m) => (m.id === messageId ? { ...m, content: message, lore } : m)),
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
