import { SceneAvatar } from './SceneAvatar';
import { useCast } from './scene-cast';

/**
 * Who said a group scene's character message (issue 51), above its bubble, so a reader always
 * knows who is speaking: the character's small avatar and name ("A removed character" once it
 * is deleted). Read before the message's text. In the scenes' chunk (scene-parts.tsx), fetched
 * only for messages that carry a speaker.
 */
export function SpeakerLabel({ id }: { id: number }) {
  const cast = useCast();
  if (!cast) return null;
  const who = cast(id);
  return (
    <p
      className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-muted"
      data-testid="speaker"
    >
      <SceneAvatar who={who} className="size-5 text-[10px]" />
      <span>{who.name}</span>
    </p>
  );
}
