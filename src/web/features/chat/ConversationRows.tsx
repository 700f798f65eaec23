import type { InfiniteData } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ConversationSummary } from '../../../shared/chat/contract';
import { useNearView } from '../../lib/use-near-view';
import { listedConversations } from '../chat-data/conversation-list';

/** What ConversationRows needs of an infinite query of conversation pages. */
export interface ConversationPagesQuery<C extends ConversationSummary> {
  data: InfiniteData<{ conversations: C[] }> | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The conversations of a paged list (Recent Chats, or a search's results), newest first: the
 * next page loads as the end of the list scrolls near, or from the button at its end, which Tab
 * reaches.
 */
export function ConversationRows<C extends ConversationSummary>({
  query,
  row,
}: {
  query: ConversationPagesQuery<C>;
  row: (conversation: C) => React.ReactNode;
}) {
  const list = listedConversations<C>(query.data);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  // A page asked for from the focused button: focus moves on to its first conversation, so
  // Tab carries on through the list instead of staying behind it.
  const listRef = useRef<HTMLUListElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  const focusFrom = useRef<number | null>(null);
  const loadMore = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    if (document.activeElement === more.current) focusFrom.current = list.length;
    void fetchNextPage();
  };
  useNearView(more, loadMore, {
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  });
  useEffect(() => {
    if (isFetchingNextPage || focusFrom.current === null) return;
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li > a');
    links?.[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [isFetchingNextPage, list.length]);

  return (
    <>
      <ul ref={listRef} className="mt-2 space-y-1" aria-busy={isFetchingNextPage}>
        {list.map(row)}
      </ul>
      {hasNextPage && (
        <button
          ref={more}
          type="button"
          // Stays focusable while loading (a disabled button would drop the keyboard's place).
          aria-disabled={isFetchingNextPage}
          onClick={loadMore}
          className="mt-1 flex w-full items-center justify-center gap-2 rounded-lg p-2 text-sm text-muted hover:bg-hover hover:text-fg"
        >
          {isFetchingNextPage ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading more chats...
            </>
          ) : isFetchNextPageError ? (
            'Could not load more chats. Try again'
          ) : (
            'Show more chats'
          )}
        </button>
      )}
    </>
  );
}
