import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { ConversationDetail } from '../../../../shared/chat/contract';
import { toastError } from '../../../components/ui/toast';
import type { useSendMessage } from '../use-send-message';
import { chooseNextSpeaker, useNextSpeaker } from './next-speaker';
import { NextSpeaker } from './NextSpeaker';
import { SceneAvatar } from './SceneAvatar';
import { useCast } from './scene-cast';
import { CHIP, LABEL, ROW } from './scene-styles';
import { SceneTurns } from './SceneTurns';
import { useScenePresence } from './scene-writes';

/**
 * A group scene's bar above the message box (issue 51), in the scenes' chunk (scene-parts.tsx),
 * fetched only for scenes: 'Here now', one toggle per character to move it in or out of
 * the scene (the server keeps at least one: its refusal is a toast); who answers next (the
 * scene, or one character here, taken by the next message sent: next-speaker.ts); and the turns taken
 * without a message ('{name} speaks', 'Let them talk'), streamed into the thread as a
 * regenerate's reply is, through the send protocol (`sending.perform`).
 */
export function HereNowBar({
  scene,
  sending,
}: {
  scene: ConversationDetail;
  sending: ReturnType<typeof useSendMessage>;
}) {
  const cast = useCast();
  const speaker = useNextSpeaker(scene.id);
  const onSpeaker = (speakerId: number | null) => chooseNextSpeaker(scene.id, speakerId);
  const presence = useScenePresence(scene.id);
  const [turning, setTurning] = useState(false);
  // On a phone the bar folds into one line, so the thread keeps its room; opened, it is all there.
  const [unfolded, setUnfolded] = useState(false);
  const heading = useId();
  const rows = useId();
  const members = scene.members ?? [];
  // The characters here now who can speak (a removed character's lines stay, but it says no more).
  const here = cast
    ? members
        .filter((m) => m.present)
        .map((m) => cast(m.characterId))
        .filter((m) => !m.removed)
    : [];
  // A character who stepped out can no longer be chosen to answer.
  const chosen = here.some((m) => m.id === speaker) ? speaker : null;
  const ready = cast !== null;
  useEffect(() => {
    if (ready && chosen !== speaker) chooseNextSpeaker(scene.id, null);
  }, [ready, chosen, speaker, scene.id]);

  const toggle = (characterId: number) => {
    if (presence.isPending) return;
    const next = members.filter((m) => (m.characterId === characterId) !== m.present);
    presence.mutate(
      next.map((m) => m.characterId),
      {
        onError: (error) => toastError(error),
      },
    );
  };
  const takeTurns = async (speakerIds: number[]) => {
    setTurning(true);
    await sending.perform((protocol, run) => protocol.sceneTurns(run, speakerIds));
    setTurning(false);
  };

  // Drawn once the characters' names are here (the chat page has read them by then).
  if (!cast) return null;
  return (
    <section
      aria-labelledby={heading}
      className="border-t border-border px-4 py-2"
      data-testid="here-now"
    >
      <button
        type="button"
        aria-expanded={unfolded}
        aria-controls={rows}
        onClick={() => setUnfolded((open) => !open)}
        className={`${CHIP} w-full justify-between border-border sm:hidden`}
      >
        <span className="truncate">
          Here: {here.map((m) => m.name).join(', ') || 'nobody'} · Next:{' '}
          {here.find((m) => m.id === chosen)?.name ?? 'the scene decides'}
        </span>
        <ChevronDown className={`size-4 shrink-0 ${unfolded ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      <div
        id={rows}
        className={`mx-auto max-w-3xl flex-col gap-2 max-sm:pt-2 ${unfolded ? 'flex' : 'flex max-sm:hidden'}`}
      >
        <div className={ROW}>
          <h2 id={heading} className={LABEL}>
            Here now
          </h2>
          {members.map(({ characterId, present }) => {
            const who = cast(characterId);
            return (
              <button
                key={characterId}
                type="button"
                aria-pressed={present}
                // aria-disabled, not disabled: the pressed toggle keeps the focus meanwhile.
                aria-disabled={presence.isPending}
                onClick={() => toggle(characterId)}
                className={`${CHIP} ${present ? 'border-accent text-fg' : 'border-dashed border-border text-muted'} hover:bg-hover-strong`}
              >
                <SceneAvatar who={who} className="size-6 text-xs" />
                {who.name}
                {present && <Check className="size-4 text-accent" aria-hidden />}
              </button>
            );
          })}
        </div>
        <div className={ROW}>
          <NextSpeaker here={here} value={chosen} onChange={onSpeaker} />
          <SceneTurns
            here={here}
            chosen={chosen}
            busy={sending.busy || turning}
            onTurns={(ids) => void takeTurns(ids)}
          />
        </div>
      </div>
    </section>
  );
}
