import { useContext } from 'react';
import { costText } from '../../../lib/cost-text';
import { ReplyCostContext } from '../reply-cost';
import { CHIP } from './scene-styles';
import type { CastMember } from './scene-cast';

/**
 * A group scene's characters speaking without a message from the user (issue 51), each turn a
 * reply charged as one, the cost said before: '{name} speaks' once a character is chosen to
 * answer next, and 'Let them talk', two turns, the chosen character (else the first here) then
 * another one here.
 */
export function SceneTurns({
  here,
  chosen,
  busy,
  onTurns,
}: {
  here: CastMember[];
  chosen: number | null;
  busy: boolean;
  onTurns: (speakerIds: number[]) => void;
}) {
  const each = useContext(ReplyCostContext);
  const speaker = here.find((m) => m.id === chosen);
  const first = speaker ?? here[0];
  const second = here.find((m) => m !== first);
  const look = `${CHIP} border-border font-semibold hover:bg-hover-strong aria-disabled:opacity-50`;
  // aria-disabled, not disabled: a pressed button keeps the focus while the turn runs.
  const press = (speakerIds: number[]) => () => !busy && onTurns(speakerIds);
  return (
    <>
      {speaker && (
        <button type="button" className={look} aria-disabled={busy} onClick={press([speaker.id])}>
          {speaker.name} speaks <span className="font-normal text-muted">· {costText(each)}</span>
        </button>
      )}
      {first && second && (
        <button
          type="button"
          className={look}
          aria-disabled={busy}
          onClick={press([first.id, second.id])}
        >
          Let them talk{' '}
          <span className="font-normal text-muted max-sm:sr-only">
            ({first.name}, then {second.name})
          </span>{' '}
          <span className="font-normal text-muted">· {costText(2 * each)}</span>
        </button>
      )}
    </>
  );
}
