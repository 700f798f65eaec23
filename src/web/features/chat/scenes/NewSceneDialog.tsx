import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { GROUP_SCENE_SIZE, type ChatMode } from '../../../../shared/chat/rules';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toastError } from '../../../components/ui/toast';
import { useCharacters } from '../../characters/api';
import { CharacterAvatar } from '../../characters/components/CharacterAvatar';
import { modeName } from '../ModeLabel';
import { useCreateScene } from './create-scene';

const { min, max } = GROUP_SCENE_SIZE;
/** A scene's modes (issue 51): Chat Mode's texting, or Story Mode, named as the chat names them. */
const MODES: ChatMode[] = ['texting', 'immersive'];
const ROW = 'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-hover';

/** Why Start cannot be pressed yet, or nothing. */
function sizeProblem(count: number) {
  if (count < min) return `Choose at least ${min} characters (${count} chosen).`;
  if (count > max) return `A group scene has at most ${max} characters (${count} chosen).`;
  return null;
}

/**
 * 'New group scene' (issue 51, from the chat sidebar's button): 2 to 5 of the user's characters,
 * in the order they are picked (the first one's greeting opens the scene), and its mode; Start
 * creates it and opens it as any conversation opens. A chunk of its own with Radix Dialog,
 * fetched by the scenes' chunk on the first press (a default export, for React.lazy); the
 * server's refusal is a toast, shown inside the dialog.
 */
export default function NewSceneDialog({
  onClose,
  onOpened,
}: {
  onClose: () => void;
  /** The scene was created and opened (the sidebar closes on a phone). */
  onOpened: () => void;
}) {
  const [, navigate] = useLocation();
  // The button that opened it, which has the focus back once it closes (without a Radix trigger
  // the focus would fall to the page's body); kept here, off the sidebar's first load.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const characters = (useCharacters().data ?? []).filter((c) => !c.removedByModeration);
  const [picked, setPicked] = useState<number[]>([]);
  const [mode, setMode] = useState<ChatMode>('texting');
  const create = useCreateScene();
  const problem = sizeProblem(picked.length);
  const status = useId();
  const busy = create.isPending;

  const pick = (id: number, on: boolean) =>
    setPicked((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));
  const start = async () => {
    if (problem || busy) return;
    try {
      const id = await create.mutateAsync({ characterIds: picked, chatMode: mode });
      // As Recent Chats opens a conversation: its address, with its (first) character.
      navigate(`/chat/${id}?character=${picked[0]}`);
      onOpened();
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="New group scene"
      description={`Choose ${min} to ${max} of your characters. Each one knows only what happens while it is here.`}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        opener?.focus();
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">Characters</legend>
        <p className="text-xs text-muted">The first you choose opens the scene.</p>
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
          {characters.map((c) => (
            <li key={c.id}>
              <label className={ROW}>
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--accent-strong)]"
                  checked={picked.includes(c.id)}
                  onChange={(event) => pick(c.id, event.target.checked)}
                />
                <CharacterAvatar
                  name={c.name}
                  avatarUrl={c.avatarUrl}
                  avatarColor={c.avatarColor}
                  size="sm"
                />
                <span className="truncate text-sm font-semibold">{c.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">Mode</legend>
        <div className="mt-1 flex gap-2">
          {MODES.map((m) => (
            <label key={m} className={`${ROW} flex-1 border border-border`}>
              <input
                type="radio"
                name="scene-mode"
                className="size-4 accent-[var(--accent-strong)]"
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              <span className="text-sm">{modeName(m)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p
        id={status}
        role="status"
        className={`mt-4 min-h-5 text-sm ${problem ? 'text-warning' : 'text-muted'}`}
      >
        {problem ?? `${picked.length} characters chosen.`}
      </p>
      <div className="mt-4 flex justify-end gap-3">
        <Button variant="secondary" className="min-h-11" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
        <Button
          className="min-h-11"
          disabled={problem !== null}
          pending={busy}
          aria-describedby={status}
          onClick={() => void start()}
        >
          {busy ? 'Starting...' : 'Start'}
        </Button>
      </div>
    </Dialog>
  );
}
