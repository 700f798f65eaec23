import type { Character } from '../../../shared/characters/schemas';
import { CharacterAvatar } from '../characters/components/CharacterAvatar';
import { CharacterMenu } from '../characters/components/CharacterMenu';

export function ChatHeader({
  character,
  onDelete,
}: {
  character: Character;
  onDelete: () => void;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <CharacterAvatar
        name={character.name}
        avatarUrl={character.avatarUrl}
        avatarColor={character.avatarColor}
        size="sm"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{character.name}</p>
        <p className="flex items-center gap-1.5 text-xs text-muted">
          <span className="size-2 rounded-full bg-online" aria-hidden /> Online
        </p>
      </div>
      <CharacterMenu characterId={character.id} name={character.name} onDelete={onDelete} />
    </div>
  );
}
