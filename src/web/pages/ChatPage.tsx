import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { PageLoader } from '../app/PageLoader';
import { useSession, type SessionUser } from '../features/auth/session';
import { parseId } from '../../shared/ids';
import {
  readLastCharacterId,
  rememberCharacter,
  useCharacter,
  useCharacters,
} from '../features/characters/api';
import { useConversation, useMessages } from '../features/chat/api';
import { prefetchFirstReads } from '../features/chat/first-reads';
import { useTopUp } from '../features/chat/mutations';
import { ChatSplash, useChatSplash } from '../features/chat/ChatSplash';
import { CharacterMissing } from '../features/chat/lazy-parts';
import { ChatView } from '../features/chat/ChatView';
import { RecentChats } from '../features/chat/RecentChats';
import { CharacterList } from '../features/dashboard/CharacterList';
import { ChatHeader, ChatHeaderSkeleton } from '../features/dashboard/ChatHeader';
import { DashboardShell, DashboardWelcome } from '../features/dashboard/DashboardShell';
import { useProfile } from '../features/profile/profile-api';
import { preloadable } from '../lib/preloadable';
import { usePageTitle } from '../lib/use-page-title';

// A conversation whose character was deleted (rare): fetched when one opens.
const ReadOnlyConversation = lazy(() =>
  import('../features/chat/ReadOnlyConversation').then((m) => ({
    default: m.ReadOnlyConversation,
  })),
);

// A signed-in reader never sees it: fetched when the session says nobody is signed in.
const SignInPrompt = preloadable(() =>
  import('../features/auth/SignInPrompt').then((m) => m.SignInPrompt),
);

// Loaded when it opens: Radix Dialog is not part of the chat's first load (decision 0018).
const DeleteCharacterDialog = lazy(() =>
  import('../features/characters/components/DeleteCharacterDialog').then((m) => ({
    default: m.DeleteCharacterDialog,
  })),
);

/** Read by the app before a first load's render (see app/pages.tsx). */
export const firstReads = prefetchFirstReads;

export default function ChatPage() {
  usePageTitle('Chat');
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  if (!user) return <SignedOut />;
  return <Dashboard user={user} />;
}

function SignedOut() {
  // The loader stays until the prompt is here: no Suspense, so no reveal held back 300 ms.
  if (!SignInPrompt.useReady()) return <PageLoader />;
  return <SignInPrompt message="Please sign in to access your AI companions" openDialog />;
}

function Dashboard({ user }: { user: SessionUser }) {
  const [, navigate] = useLocation();
  const params = useParams<{ conversationId?: string }>();
  const search = new URLSearchParams(useSearch());
  const characterId = parseId(search.get('character'));
  // A memory's link names the message it came from.
  const focusMessageId = parseId(search.get('message'));
  const characters = useCharacters();
  // /chat with nothing in the URL goes to the character last chatted with (remembered locally).
  const remembered = !params.conversationId && characterId === null ? readLastCharacterId() : null;
  // Until the list says whether that character still exists, the page waits in the chat's shape
  // (header placeholder, loader) instead of flashing the welcome screen and then moving.
  const deciding = remembered !== null && characters.isPending;
  // Whether the list has it: undefined until the list is here (or nothing is remembered).
  const listed =
    remembered === null ? undefined : characters.data?.some((c) => c.id === remembered);
  const redirectTo = listed ? remembered : null;
  // The character on show: the address's, or the remembered one, which loads beside the list
  // (one round trip, not two) and opens at once, while the address is brought in line.
  const openId = characterId ?? (deciding ? remembered : redirectTo);
  const selected = useCharacter(openId);
  const profile = useProfile(true);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const splash = useChatSplash();

  // A character is (or is about to be) open: its header's place is kept while it loads.
  const headerPending = deciding || (openId !== null && !selected.isError);
  useEffect(() => {
    if (redirectTo) navigate(`/chat?character=${redirectTo}`, { replace: true });
  }, [redirectTo, navigate]);
  useEffect(() => {
    if (selected.data) rememberCharacter(selected.data.id);
  }, [selected.data]);
  // A remembered character that is gone (deleted on another device) is forgotten: later loads
  // neither ask for it nor have the server name it in the page.
  const gone = listed === false && !characters.isFetching;
  useEffect(() => {
    if (gone) rememberCharacter(null);
  }, [gone]);
  // A conversation's address without (or with the wrong) ?character= opens it with its own.
  const conversationId = parseId(params.conversationId);
  const routeConversation = useConversation(conversationId);
  // Its messages load beside it and the character, not after the thread has mounted.
  useMessages(conversationId);
  const owner = routeConversation.data?.characterId ?? null;
  const orphaned = routeConversation.data !== undefined && owner === null;
  useEffect(() => {
    if (conversationId !== null && owner !== null && owner !== characterId) {
      navigate(`/chat/${conversationId}?character=${owner}`, { replace: true });
    }
  }, [conversationId, owner, characterId, navigate]);
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

  const name = profile.data?.name || user.name || user.email.split('@')[0] || 'there';
  return (
    <DashboardShell
      user={user}
      sidebar={(close) => (
        <div className="space-y-6">
          <CharacterList
            characters={characters.data}
            selectedId={openId}
            onSelect={(id) => {
              select(id);
              close();
            }}
            onDelete={(c) => setDeleting({ id: c.id, name: c.name })}
          />
          {/* Shown with the character list (or its failure), not before it: the list arriving
              later pushed Recent Chats down, a layout shift on every load (decision 0018). */}
          {(characters.data || characters.isError) && (
            <RecentChats
              activeId={parseId(params.conversationId)}
              onOpen={close}
              onDeletedActive={(charId) => navigate(charId ? `/chat?character=${charId}` : '/chat')}
            />
          )}
        </div>
      )}
      header={
        selected.data ? (
          <ChatHeader
            character={selected.data}
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
          <CharacterMissing />
        ) : selected.data ? (
          <ChatView
            key={selected.data.id}
            character={selected.data}
            conversationId={parseId(params.conversationId)}
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
