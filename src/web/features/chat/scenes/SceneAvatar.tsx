import { CharacterAvatar } from '../../characters/components/CharacterAvatar';
import type { CastMember } from './scene-cast';

/**
 * A scene character's avatar at a small size (`className` sizes it: CharacterAvatar's smallest
 * is the sidebar's), or an empty ring for a removed character. Decorative: its name is beside it
 * or in a label.
 */
export function SceneAvatar({ who, className }: { who: CastMember; className: string }) {
  if (who.removed) {
    return (
      <span aria-hidden className={`${className} shrink-0 rounded-full border border-border`} />
    );
  }
  return (
    <span
      aria-hidden
      className={`flex shrink-0 rounded-full ${className} [&>*]:size-full! [&>*]:text-[1em]!`}
    >
      <CharacterAvatar
        name={who.name}
        avatarUrl={who.avatarUrl}
        avatarColor={who.avatarColor}
        size="sm"
      />
    </span>
  );
}
