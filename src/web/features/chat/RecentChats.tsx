import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { useNearView } from '../../lib/use-near-view';
import { useCharacters } from '../characters/api';
import { useConversations } from '../chat-data/api';
import { listedConversations } from '../chat-data/conversation-list';
import { RecentChatItem } from './RecentChatItem';
import { useDeleteConversation } from './mutations';

// The confirmation loads when it opens: Radix Dialog is not part of the chat's first load.
const Dialog = lazy(() =>
  import('../../components/ui/dialog').then((m) => ({ default: m.Dialog })),
);

/**
 * 'Recent Chats': the user's conversations, newest first, a page at a time: the next page
 * loads as the end of the list scrolls near (or from the button at its end, which Tab reaches).
 * Conversations whose character was deleted stay listed, read-only, until the user deletes them.
 */
export function RecentChats({
  activeId,
  onOpen,
  onDeletedActive,
}: {
  activeId: number | null;
  onOpen: () => void;
  onDeletedActive: (characterId: number | null) => void;
}) {
  const conversations = useConversations();
  const characters = useCharacters();
  const byId = new Map((characters.data ?? []).map((c) => [c.id, c]));
  const [deleting, setDeleting] = useState<{
    id: number;
    title: string;
    characterId: number | null;
  } | null>(null);
  const remove = useDeleteConversation();
  // Deleting asks whether the character should forget what it learned there (it does by default).
  const [forget, setForget] = useState(true);
  const busy = remove.isPending;
  const list = listedConversations(conversations.data);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = conversations;

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

  const confirm = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id, forget });
      toast({ title: 'Conversation deleted' });
      if (deleting.id === activeId) onDeletedActive(deleting.characterId);
      setDeleting(null);
    } catch {
      toast({ title: 'Error deleting conversation', variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="recent-chats">
      <h2
        id="recent-chats"
        className="px-2 text-xs font-semibold tracking-widest text-muted uppercase"
      >
        Recent Chats
      </h2>
      {conversations.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2 px-2 text-sm text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading chats...
        </p>
      ) : (
        list.length === 0 && <p className="mt-2 px-2 text-sm text-muted">No conversations yet.</p>
      )}
      <ul ref={listRef} className="mt-2 space-y-1" aria-busy={isFetchingNextPage}>
        {list.map((c) => (
          <RecentChatItem
            key={c.id}
            conversation={c}
            who={c.characterId === null ? undefined : byId.get(c.characterId)}
            active={c.id === activeId}
            onOpen={onOpen}
            onDelete={() => {
              setForget(true);
              setDeleting({ id: c.id, title: c.title, characterId: c.characterId });
            }}
          />
        ))}
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
      {deleting && (
        <Suspense fallback={null}>
          <Dialog
            open
            onOpenChange={(open) => !open && !busy && setDeleting(null)}
            title="Delete this conversation?"
            description={`“${deleting.title}” and all its messages will be deleted. This cannot be undone.`}
          >
            {deleting.characterId !== null && (
              <Checkbox
                className="mb-6"
                checked={forget}
                onChange={(e) => setForget(e.target.checked)}
                label={`Also forget what ${byId.get(deleting.characterId)?.name ?? 'the character'} learned in it`}
              />
            )}
            <div className="flex justify-end gap-3">
              <Button variant="secondary" disabled={busy} onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button variant="destructive" disabled={busy} onClick={() => void confirm()}>
                {busy ? 'Deleting...' : 'Delete'}
              </Button>
            </div>
          </Dialog>
        </Suspense>
      )}
    </section>
  );
}
