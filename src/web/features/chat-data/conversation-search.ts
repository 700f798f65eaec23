import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationSearchPage } from '../../../shared/chat/contract';
import * as chat from '../../../shared/chat/endpoints';
import { pageQueries } from '../../../shared/first-reads';
import { call } from '../../lib/api';
import { CONVERSATION_SEARCH_KEY } from './api';

/**
 * The user's conversations whose title or messages hold `words`, newest first, a page at a time
 * like the list; each with the words around its match (`snippet`, null when the title matched).
 * Loaded with the search's results, on the first words typed (not part of the chat's first load).
 */
export const conversationSearchQuery = (words: string) =>
  infiniteQueryOptions({
    queryKey: [...CONVERSATION_SEARCH_KEY, words],
    queryFn: async ({ pageParam }: { pageParam: string | null }) =>
      (await call(chat.listConversations, {
        query: { ...pageQueries.conversations(pageParam), query: words },
      })) as ConversationSearchPage,
    initialPageParam: null as string | null,
    getNextPageParam: (page: ConversationSearchPage) => page.nextCursor,
  });

/** A search's pages; nothing is asked while `words` is blank. */
export const useConversationSearch = (words: string) =>
  useInfiniteQuery({ ...conversationSearchQuery(words), enabled: words !== '' });
