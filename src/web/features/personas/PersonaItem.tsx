import { Pencil, Trash2 } from 'lucide-react';
import { useRef, useState, type Ref } from 'react';
import type { Persona } from '../../../shared/personas/contract';
import { IconButton } from '../../components/ui/icon-button';
import { InlineConfirm } from '../../components/ui/inline-confirm';
import { useFocusBack } from '../../components/ui/use-focus-back';
import { PersonaAvatar } from './chat-parts';

/**
 * One persona in the list: picture, name and description; edit and delete (asked first). The
 * profile is listed first, without either: it is edited in the profile itself.
 */
export function PersonaItem({
  persona,
  busy,
  deleting,
  editRef,
  onEdit,
  onDelete,
}: {
  persona: Persona;
  /** The list is saving something, or another persona is being edited. */
  busy: boolean;
  /** This one is being deleted. */
  deleting: boolean;
  /** The Edit button, which gets the focus back when its editor closes. */
  editRef?: Ref<HTMLButtonElement>;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // The question gone (Cancel, a delete refused): back to the Delete that asked it.
  useFocusBack(confirming, deleteButton, busy);
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
            <IconButton
              ref={editRef}
              label={`Edit ${persona.name}`}
              disabled={busy}
              onClick={onEdit}
            >
              <Pencil className="size-4" />
            </IconButton>
            <IconButton
              ref={deleteButton}
              label={`Delete ${persona.name}`}
              action="delete"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              <Trash2 className="size-4" />
            </IconButton>
          </div>
        )}
      </div>
      {confirming && (
        <InlineConfirm
          className="mt-2"
          question={`Delete ${persona.name}? Chats that use it go on as your profile.`}
          answer="Delete"
          busy={busy}
          pending={deleting}
          onCancel={() => setConfirming(false)}
          // Deleted, the row goes and the list moves the focus to a neighbour's Delete or Add
          // persona; refused, the question closes and the focus goes back to this Delete.
          onConfirm={() => void onDelete().catch(() => setConfirming(false))}
        />
      )}
    </li>
  );
}
