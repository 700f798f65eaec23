import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  ConversationDetail,
  ConversationPage,
  ConversationSummary,
} from '../../../shared/chat/contract';
import { CONVERSATION_SEARCH_KEY, CONVERSATIONS_KEY, conversationQuery } from './api';

/**
 * The sidebar's paged conversation list in the cache, kept current by editing the loaded pages
 * rather than fetching them all again: a reply moves its conversation to the top with the new
 * preview, a new conversation joins, a deleted one leaves. Page cursors are positions in the
 * order (updated time, then id), not counts, so an edited page stays a good place to go on from.
 */
export type ConversationPages = InfiniteData<ConversationPage>;

/** The loaded pages (of the list, or of a search) as one newest-first list, each conversation once. */
export function listedConversations<C extends ConversationSummary = ConversationSummary>(
  data: InfiniteData<{ conversations: C[] }> | undefined,
): C[] {
  const seen = new Set<number>();
  return (data?.pages ?? [])
    .flatMap((page) => page.conversations)
    .filter((c) => !seen.has(c.id) && seen.add(c.id));
}

/** The list's order: newer updated time first, the larger id first on equal times. */
const isNewer = (a: ConversationSummary, b: ConversationSummary) =>
  a.updatedAt === b.updatedAt ? a.id > b.id : a.updatedAt > b.updatedAt;

/**
 * The conversation as the server has it now, in its place in the order (a reply's is the top).
 * One older than everything loaded waits for its page, unless the last page is loaded.
 */
export function placeConversation(
  data: ConversationPages,
  summary: ConversationSummary,
): ConversationPages {
  const pages = withoutConversations(data, (c) => c.id === summary.id).pages;
  let at = pages.findIndex((page) => page.conversations.some((c) => isNewer(summary, c)));
  if (at === -1) {
    if (pages.at(-1)?.nextCursor !== null) return { ...data, pages };
    at = pages.length - 1;
  }
  const page = pages[at]!;
  const index = page.conversations.findIndex((c) => isNewer(summary, c));
  const before = index === -1 ? page.conversations : page.conversations.slice(0, index);
  const after = index === -1 ? [] : page.conversations.slice(index);
  pages[at] = { ...page, conversations: [...before, summary, ...after] };
  return { ...data, pages };
}

export function withoutConversations(
  data: ConversationPages,
  drop: (c: ConversationSummary) => boolean,
): ConversationPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((c) => !drop(c)),
    })),
  };
}

/** A deleted character's kept conversations stay listed as 'Character deleted'. */
export function withoutCharacter(data: ConversationPages, characterId: number): ConversationPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((c) =>
        c.characterId === characterId ? { ...c, characterId: null } : c,
      ),
    })),
  };
}

/**
 * Applies `edit` to every search's loaded pages, as to the list's (editConversationList): the
 * matches keep their snippets, and a conversation renamed or deleted changes there at once.
 */
export function editSearchResults(
  client: QueryClient,
  edit: (data: ConversationPages) => ConversationPages,
) {
  client.setQueriesData<ConversationPages>(
    { queryKey: CONVERSATION_SEARCH_KEY },
    (data) => data && edit(data),
  );
}

/**
 * Applies `edit` to the loaded pages. A page still on its way may predate the change, so while
 * one is, the list is loaded again instead; with nothing loaded there is nothing to change.
 */
export function editConversationList(
  client: QueryClient,
  edit: (data: ConversationPages) => ConversationPages,
) {
  const state = client.getQueryState<ConversationPages>(CONVERSATIONS_KEY);
  if (!state) return;
  if (state.fetchStatus === 'fetching' || state.data === undefined) {
    return client.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
  }
  client.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (data) => data && edit(data));
}

/**
 * A conversation changed (a reply, an edit, just created): it takes its place in the list as the
 * server has it. Callers invalidate its detail when they change it, so the detail is read again
 * only if it was (or was never read), once, shared with the chat's own load of it.
 */
export async function refreshListedConversation(client: QueryClient, id: number) {
  if (!client.getQueryState(CONVERSATIONS_KEY)) return; // never shown: it loads fresh when it is
  try {
    const detail = await client.fetchQuery({ ...conversationQuery(id), staleTime: Infinity });
    await editConversationList(client, (data) => placeConversation(data, summaryOf(detail)));
  } catch {
    await client.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
  }
}

/** The list's fields of a conversation's detail (a group scene's characters too). */
function summaryOf(detail: ConversationDetail): ConversationSummary {
  const { id, characterId, title, lastMessage, message_count, chatMode, model, updatedAt } = detail;
  const { characterIds, unread, leafId } = detail;
  return {
    id,
    characterId,
    title,
    lastMessage,
    message_count,
    chatMode,
    model,
    updatedAt,
    characterIds,
    unread,
    leafId,
  };
}
