import type { QueryClient } from '@tanstack/react-query';
import { CHARACTERS_KEY } from '../characters/api';
import { conversationKey, CREDITS_KEY, messagesKey, messagesQuery } from '../chat-data/api';
import { refreshListedConversation } from '../chat-data/conversation-list';

/**
 * After a write: a conversation's messages loaded again, and the lists that follow them. A reply
 * put in the loaded pages as it is (message-cache.ts) loads with the first message sent.
 */

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
