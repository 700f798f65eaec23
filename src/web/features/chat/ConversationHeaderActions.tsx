import { Plus } from 'lucide-react';
import { useLocation } from 'wouter';
import { normalizeChatMode } from '../../../shared/chat/rules';
import { useConversation } from '../chat-data/api';
import { ModeLabel } from './ModeLabel';

/** The open conversation's mode, for the header's status line (nothing until it is read). */
export function ConversationModeStatus({ conversationId }: { conversationId: number }) {
  const conversation = useConversation(conversationId);
  if (!conversation.data) return null;
  return (
    <>
      <span aria-hidden>·</span>
      <ModeLabel mode={normalizeChatMode(conversation.data.chatMode)} />
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
      // 'New' on a phone, where the header is narrow; the name says it in full everywhere.
      aria-label="New chat"
      className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-lg border border-border px-2.5 text-sm font-medium hover:bg-hover sm:h-9"
    >
      <Plus className="size-4" aria-hidden />
      New<span className="hidden sm:inline"> chat</span>
    </button>
  );
}
