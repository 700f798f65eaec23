import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useCharacters } from '../characters/api';
import { useConversations } from '../chat-data/api';
import { listedConversations } from '../chat-data/conversation-list';
import { ConversationRows } from './ConversationRows';
import { ConversationSearchBox } from './ConversationSearchBox';
import { ChatsFailed } from './lazy-parts';
import { useDeleteConversation } from './mutations';
import { RecentChatItem } from './RecentChatItem';

// The confirmation loads when it opens: Radix Dialog is not part of the chat's first load.
const DeleteConversationDialog = lazy(() =>
  import('./DeleteConversationDialog').then((m) => ({ default: m.DeleteConversationDialog })),
);
// The search's results load when the search box is first reached (decision 0018).
const loadSearchResults = () => import('./SearchResults');
const SearchResults = lazy(() => loadSearchResults().then((m) => ({ default: m.SearchResults })));

/**
 * 'Recent Chats': the user's conversations, newest first, a page at a time (ConversationRows).
 * Conversations whose character was deleted stay listed, read-only, until the user deletes them.
 * Words in the search box show the conversations whose title or messages hold them instead.
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
  const [typed, setTyped] = useState('');
  const recent = useConversations();
  const characters = useCharacters();
  const byId = new Map((characters.data ?? []).map((c) => [c.id, c]));
  const [deleting, setDeleting] = useState<{
    id: number;
    title: string;
    characterId: number | null;
  } | null>(null);
  const removeConversation = useDeleteConversation();
  const searching = typed.trim() !== '';

  return (
    <section aria-labelledby="recent-chats">
      <h2
        id="recent-chats"
        className="px-2 text-xs font-semibold tracking-widest text-muted uppercase"
      >
        Recent Chats
      </h2>
      <ConversationSearchBox
        value={typed}
        onChange={setTyped}
        onFirstUse={() => void loadSearchResults()}
      />
      {searching ? (
        <Suspense fallback={null}>
          <SearchResults
            typed={typed}
            rows={(found, snippet) => (
              <ConversationRows
                query={found}
                row={(c) => (
                  <RecentChatItem
                    key={c.id}
                    conversation={c}
                    who={c.characterId === null ? undefined : byId.get(c.characterId)}
                    active={c.id === activeId}
                    onOpen={onOpen}
                    onDelete={() => setDeleting(c)}
                    found={snippet(c)}
                  />
                )}
              />
            )}
          />
        </Suspense>
      ) : (
        <>
          {recent.isPending ? (
            <p role="status" className="mt-2 flex items-center gap-2 px-2 text-sm text-muted">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading chats...
            </p>
          ) : recent.isError && !recent.data ? (
            // Not an empty list: the server failed or the connection is down.
            <Suspense fallback={null}>
              <ChatsFailed onRetry={() => void recent.refetch()} />
            </Suspense>
          ) : (
            listedConversations(recent.data).length === 0 && (
              <p className="mt-2 px-2 text-sm text-muted">No conversations yet.</p>
            )
          )}
          <ConversationRows
            query={recent}
            row={(c) => (
              <RecentChatItem
                key={c.id}
                conversation={c}
                who={c.characterId === null ? undefined : byId.get(c.characterId)}
                active={c.id === activeId}
                onOpen={onOpen}
                onDelete={() => setDeleting(c)}
              />
            )}
          />
        </>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteConversationDialog
            conversation={deleting}
            characterName={
              deleting.characterId === null ? undefined : byId.get(deleting.characterId)?.name
            }
            remove={removeConversation}
            onDeleted={() => deleting.id === activeId && onDeletedActive(deleting.characterId)}
            onClose={() => setDeleting(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
