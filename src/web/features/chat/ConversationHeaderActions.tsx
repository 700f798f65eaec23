import { Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { normalizeChatMode } from '../../../shared/chat/rules';
import { useConversation } from '../chat-data/api';
import { useProfile } from '../profile/profile-api';
import { useSiteStatus } from '../site/site-status';
import { VoiceReplies } from './lazy-parts';
import { ModeLabel } from './ModeLabel';

/** The open conversation's mode, for the header's status line (nothing until it is read). */
export function ConversationModeStatus({ conversationId }: { conversationId: number }) {
  const conversation = useConversation(conversationId);
  if (!conversation.data) return null;
  return (
    <>
      {' '}
      <span aria-hidden>·</span> <ModeLabel mode={normalizeChatMode(conversation.data.chatMode)} />
    </>
  );
}

/**
 * 'New chat': another conversation with the same character, started as from the sidebar
 * (`/chat?character=`: the mode chooser, then the first message). Always in the header while a
 * character is open, so the focus stays on it when it is pressed (on the mode chooser it is
 * where the user already is).
 */
export function NewChatButton({ characterId }: { characterId: number }) {
  const [, navigate] = useLocation();
  return (
    <button
      type="button"
      onClick={() => navigate(`/chat?character=${characterId}`)}
      // A plus alone on a phone, where the header must leave room for the character's name; the
      // name says it in full everywhere.
      aria-label="New chat"
      className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-border px-2.5 text-sm font-medium hover:bg-hover sm:h-9"
    >
      <Plus className="size-4" aria-hidden />
      <span className="hidden sm:inline">New chat</span>
    </button>
  );
}

// Few users have personas: its code (and its read of them) is in the chat's persona chunk, not
// in the chat's first load (tests/build/chat-budget.test.ts).
const Persona = lazy(() => import('../personas/chat-parts'));

/**
 * The open conversation's own settings in the header: 'Auto-play replies' where voice replies
 * are configured (issue 50), and 'Persona: <name>', who the user is in it, with the chooser that
 * changes it, only for a user with personas besides the profile.
 */
export function ConversationPersonaButton({ conversationId }: { conversationId: number }) {
  const profile = useProfile(true);
  const conversation = useConversation(conversationId);
  const voice = useSiteStatus().data?.features?.voiceReplies;
  // Nothing to fetch for a user without personas, in a conversation as the profile (most).
  const persona = !!profile.data?.personaCount || conversation.data?.personaId != null;
  // Each in its own Suspense: one arriving never hides the other.
  return (
    <>
      <Suspense fallback={null}>
        {voice && <VoiceReplies conversationId={conversationId} />}
      </Suspense>
      <Suspense fallback={null}>{persona && <Persona conversationId={conversationId} />}</Suspense>
    </>
  );
}
