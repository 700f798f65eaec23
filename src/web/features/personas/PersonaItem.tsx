import { Pencil, Trash2 } from 'lucide-react';
import { useRef, useState, type Ref } from 'react';
import type { Persona } from '../../../shared/personas/contract';
import { Button } from '../../components/ui/button';
import { PersonaAvatar } from './chat-parts';
import { useFocusAfterRender } from './focus-after-render';

/** Icon buttons 44 px tall on phones (DESIGN.md), compact beside the text elsewhere. */
const ICON =
  'inline-flex items-center justify-center rounded-md text-muted hover:bg-hover-strong hover:text-fg disabled:opacity-40 size-11 sm:size-8';

/**
 * One persona in the list: picture, name and description; edit and delete (asked first). The
 * profile is listed first, without either: it is edited in the profile itself.
 */
export function PersonaItem({
  persona,
  busy,
  editRef,
  onEdit,
  onDelete,
}: {
  persona: Persona;
  busy: boolean;
  /** The Edit button, which gets the focus back when its editor closes. */
  editRef?: Ref<HTMLButtonElement>;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const cancel = () => {
    setConfirming(false);
    // The question goes; the focus goes back to where it was asked.
    focusAfterRender(() => deleteButton.current);
  };
  const fromProfile = persona.id === null;
  return (
    <li data-testid="persona" className="rounded-xl border border-border p-3">
      <div className="flex items-start gap-3">
        <PersonaAvatar name={persona.name} avatarUrl={persona.avatarUrl} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{persona.name}</p>
          {fromProfile ? (
            <p className="text-xs text-muted">From your profile — edit it in Profile</p>
          ) : (
            persona.description && (
              <p className="mt-0.5 line-clamp-2 text-sm break-words whitespace-pre-wrap text-muted">
                {persona.description}
              </p>
            )
          )}
        </div>
        {!fromProfile && !confirming && (
          <div className="flex shrink-0 gap-1">
            <button
              ref={editRef}
              type="button"
              className={ICON}
              aria-label={`Edit ${persona.name}`}
              title="Edit persona"
              disabled={busy}
              onClick={onEdit}
            >
              <Pencil className="size-4" aria-hidden />
            </button>
            <button
              ref={deleteButton}
              type="button"
              className={ICON}
              aria-label={`Delete ${persona.name}`}
              title="Delete persona"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        )}
      </div>
      {confirming && (
        <div className="mt-2 flex flex-wrap items-center justify-end gap-2 text-sm">
          <span className="mr-auto">
            Delete {persona.name}? Chats that use it go on as your profile.
          </span>
          <Button
            size="sm"
            variant="ghost"
            className="max-sm:h-11"
            disabled={busy}
            autoFocus
            onClick={cancel}
          >
            Cancel
          </Button>
          <Button
            size="sm"
            variant="destructive"
            className="max-sm:h-11"
            disabled={busy}
            onClick={() => void onDelete().catch(cancel)}
          >
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
