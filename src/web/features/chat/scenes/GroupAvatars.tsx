import { SceneAvatar } from './SceneAvatar';
import { namesText, useCast } from './scene-cast';

/** How many avatars a row shows before '+n'. */
const SHOWN = 3;

/**
 * A group scene's row in Recent Chats (issue 51): its characters' avatars, small and overlapping,
 * the first three then '+n', named together for screen readers. In the scenes' chunk
 * (scene-parts.tsx), fetched only when the list holds a scene.
 */
export function GroupAvatars({ ids }: { ids: number[] }) {
  const cast = useCast();
  // Until the character list is here, the row's place is kept empty (one avatar's width).
  if (!cast) return <span className="size-9 shrink-0" />;
  const members = ids.map(cast);
  const more = ids.length - SHOWN;
  return (
    <span
      role="img"
      aria-label={`Group scene with ${namesText(members.map((m) => m.name))}`}
      className="flex shrink-0 items-center -space-x-3"
      data-testid="group-avatars"
    >
      {members.slice(0, SHOWN).map((m) => (
        <span key={m.id} className="flex rounded-full ring-2 ring-surface">
          <SceneAvatar who={m} className="size-7 text-xs" />
        </span>
      ))}
      {more > 0 && (
        <span
          aria-hidden
          className="flex size-7 items-center justify-center rounded-full border border-border bg-surface text-[11px] font-semibold text-muted ring-2 ring-surface"
        >
          +{more}
        </span>
      )}
    </span>
  );
}
