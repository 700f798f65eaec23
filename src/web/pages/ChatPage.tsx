import { Suspense, useEffect, useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { PageLoader } from '../app/PageLoader';
import { useSession, type SessionUser } from '../features/auth/session';
import { parseId } from '../../shared/ids';
import { rememberCharacter } from '../features/characters/api';
import { useAddressedConversation, useOpenCharacter } from '../features/chat/chat-page-hooks';
import { prefetchFirstReads } from '../features/chat/first-reads';
import { useTopUp } from '../features/chat/mutations';
import { useMessages } from '../features/chat-data/api';
import { ChatSplash, useChatSplash } from '../features/chat/ChatSplash';
import { CharacterMissing } from '../features/chat/lazy-parts';
import { ChatView } from '../features/chat/ChatView';
import { ChatSidebar } from '../features/chat/ChatSidebar';
import { ChatSignedOut } from '../features/chat/ChatSignedOut';
import { ChatHeader, ChatHeaderSkeleton } from '../features/dashboard/ChatHeader';
import { DashboardShell } from '../features/dashboard/DashboardShell';
import { useProfile } from '../features/profile/profile-api';
import { preloadable } from '../lib/preloadable';
import { usePageTitle } from '../lib/use-page-title';

// A conversation whose character was deleted (rare): fetched when one opens.
const ReadOnlyConversation = preloadable(() =>
  import('../features/chat/ReadOnlyConversation').then((m) => m.ReadOnlyConversation),
);

// Shown only while no character is open (a new account, or none remembered): a returning reader's
// /chat opens a character, so the welcome is not part of the chat's first load.
const DashboardWelcome = preloadable(() =>
  import('../features/dashboard/DashboardWelcome').then((m) => m.DashboardWelcome),
);

// Loaded when it opens: Radix Dialog is not part of the chat's first load (decision 0018).
const DeleteCharacterDialog = preloadable(() =>
  import('../features/characters/components/DeleteCharacterDialog').then(
    (m) => m.DeleteCharacterDialog,
  ),
);

/** Read by the app before a first load's render (see app/pages.tsx). */
export const firstReads = prefetchFirstReads;

export default function ChatPage() {
  usePageTitle('Chat');
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  if (!user) return <ChatSignedOut />;
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: SessionUser }) {
  const [, navigate] = useLocation();
  const params = useParams<{ conversationId?: string }>();
  const search = new URLSearchParams(useSearch());
  const characterId = parseId(search.get('character'));
  // A memory's link names the message it came from.
  const focusMessageId = parseId(search.get('message'));
  const open = useOpenCharacter(characterId, Boolean(params.conversationId), navigate);
  const { characters, selected, openId, deciding } = open;
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);

  // A character is (or is about to be) open: its header's place is kept while it loads.
  const headerPending = deciding || (openId !== null && !selected.isError);
  // A conversation's address without (or with the wrong) ?character= opens it with its own.
  const conversationId = parseId(params.conversationId);
  const orphaned = useAddressedConversation(conversationId, characterId, navigate);
  const messages = useMessages(conversationId);
  const splash = useChatSplash(
    !deciding &&
      (openId === null ? characters.data !== undefined : !selected.isPending) &&
      (conversationId === null || !messages.isPending),
  );
  // Every visit applies a due monthly reset of the allowance (failures are only logged).
  const { mutate: topUp } = useTopUp();
  useEffect(() => topUp(), [topUp]);

  const select = (id: number) => {
    rememberCharacter(id);
    navigate(`/chat?character=${id}`);
  };
  const afterDelete = (id: number) => {
    setDeleting(null);
    if (id !== openId) return;
    // The next character is the one with the most chats (the list is sorted that way).
    const next = characters.data?.find((c) => c.id !== id);
    navigate(next ? `/chat?character=${next.id}` : '/chat');
  };

  const name = useProfile(true).data?.name || user.name || user.email.split('@')[0] || 'there';
  return (
    <DashboardShell
      user={user}
      sidebar={(close) => (
        <ChatSidebar
          characters={characters}
          selectedId={openId}
          activeConversationId={conversationId}
          onSelect={select}
          onDelete={(c) => setDeleting({ id: c.id, name: c.name })}
          onDeletedActive={(charId) => navigate(charId ? `/chat?character=${charId}` : '/chat')}
          close={close}
        />
      )}
      header={
        selected.data ? (
          <ChatHeader
            character={selected.data}
            conversationId={conversationId}
            onDelete={() => setDeleting({ id: selected.data.id, name: selected.data.name })}
          />
        ) : headerPending ? (
          <ChatHeaderSkeleton />
        ) : undefined
      }
    >
      {splash && <ChatSplash />}
      {/* Anything below that suspends (a dialog's chunk) shows the page's own loader. */}
      <Suspense fallback={<PageLoader />}>
        {orphaned && conversationId !== null ? (
          <ReadOnlyConversation conversationId={conversationId} />
        ) : deciding ? (
          <PageLoader />
        ) : openId === null ? (
          <DashboardWelcome name={name} hasCharacters={(characters.data?.length ?? 0) > 0} />
        ) : selected.isError ? (
          <CharacterMissing read={selected} />
        ) : selected.data ? (
          <ChatView
            key={selected.data.id}
            character={selected.data}
            conversationId={conversationId}
            focusMessageId={focusMessageId}
          />
        ) : (
          <PageLoader />
        )}
      </Suspense>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteCharacterDialog
            character={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={afterDelete}
          />
        </Suspense>
      )}
    </DashboardShell>
  );
}
