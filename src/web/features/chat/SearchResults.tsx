import { Loader2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ConversationMatch } from '../../../shared/chat/contract';
import { useConversationSearch } from '../chat-data/conversation-search';
import { SearchSnippet } from './SearchSnippet';

/** How long typing pauses before the words are searched for. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Recent Chats while words are in its search box: the conversations whose title or messages
 * hold them, newest first and paged like the list (`rows` draws them as RecentChats draws its
 * own), each with the words around its match. A chunk of its own, loaded when the box is first
 * used: the chat's first load has a budget (decision 0018).
 */
export function SearchResults({
  typed,
  rows,
}: {
  /** What the box holds (not blank). */
  typed: string;
  rows: (
    found: ReturnType<typeof useConversationSearch>,
    snippet: (match: ConversationMatch) => ReactNode,
  ) => ReactNode;
}) {
  const [words, setWords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setWords(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useConversationSearch(words);
  const count = found.data?.pages.reduce((n, page) => n + page.conversations.length, 0) ?? 0;
  // Still typing (the words not searched for yet) counts as searching.
  const searching = found.isPending || words !== typed.trim();

  return (
    <>
      <p
        role="status"
        className={searching || count === 0 ? 'mt-2 px-2 text-sm text-muted' : 'sr-only'}
      >
        {searching ? (
          <span className="flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Searching chats...
          </span>
        ) : count === 0 ? (
          `No conversations match “${words}”.`
        ) : count === 1 ? (
          '1 conversation matches'
        ) : (
          `${count} conversations match`
        )}
      </p>
      {rows(found, (match) =>
        match.snippet ? <SearchSnippet snippet={match.snippet} words={words} /> : null,
      )}
    </>
  );
}
