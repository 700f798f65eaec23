import type { Character } from '../../../shared/characters/contract';
import { AiBadge } from '../characters/components/AiBadge';
import { CharacterAvatar } from '../characters/components/CharacterAvatar';
import { CharacterMenu } from '../characters/components/CharacterMenu';
import { useModelChoice } from '../chat-data/api';
import { useSceneTitle } from '../chat/scene-title';
import {
  ConversationModeStatus,
  ConversationPersonaButton,
  NewChatButton,
} from '../chat/ConversationHeaderActions';

export function ChatHeader({
  character,
  conversationId = null,
  onDelete,
}: {
  character: Character;
  /** The conversation open, whose mode shows. */
  conversationId?: number | null;
  onDelete: () => void;
}) {
  // Without a language model nobody can answer: the character is not 'Online'.
  const online = useModelChoice().data?.available ?? true;
  // A group scene (issue 51) is named by its characters.
  const title = useSceneTitle(conversationId) ?? character.name;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <CharacterAvatar
        name={character.name}
        avatarUrl={character.avatarUrl}
        avatarColor={character.avatarColor}
        size="sm"
      />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5">
          <h1 className="truncate text-base font-semibold">{title}</h1>
          <AiBadge />
        </div>
        {/* A block, not a flex row: a status too long for a phone's header ends in an ellipsis. */}
        <p className="truncate text-xs text-muted">
          <span
            className={`inline-block size-2 rounded-full align-middle ${online ? 'bg-online' : 'bg-offline'}`}
            aria-hidden
          />{' '}
          {online ? 'Online' : 'Offline'}
          {conversationId !== null && <ConversationModeStatus conversationId={conversationId} />}
        </p>
      </div>
      {conversationId !== null && <ConversationPersonaButton conversationId={conversationId} />}
      <NewChatButton characterId={character.id} />
      <CharacterMenu characterId={character.id} name={character.name} onDelete={onDelete} />
    </div>
  );
}

/**
 * The header's place while the open character loads: the same height as ChatHeader, so the chat
 * below does not move when it arrives (on a wide screen the header is absent without a
 * character, and appearing late it pushed the page down; decision 0018).
 */
export function ChatHeaderSkeleton() {
  return (
    <div
      className="flex min-w-0 flex-1 items-center gap-3"
      aria-hidden
      data-testid="header-skeleton"
    >
      <span className="size-9 shrink-0 animate-pulse rounded-full bg-hover-strong" />
      <span className="h-4 w-32 animate-pulse rounded bg-hover-strong" />
    </div>
  );
}
