import { Loader2, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { PERSONA_LIMITS, type Persona } from '../../../shared/personas/contract';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import {
  focusRowAfterDelete,
  rowsAround,
  useFocusAfterRender,
} from '../../components/ui/use-focus-back';
import { ApiError } from '../../lib/api';
import { useCreatePersona, useDeletePersona, useUpdatePersona } from './api';
import { usePersonas } from './chat-parts';
import {
  EMPTY_DRAFT,
  errorsOf,
  PersonaEditor,
  type PersonaDraft,
  type PersonaErrors,
} from './PersonaEditor';
import { PersonaItem } from './PersonaItem';

/**
 * 'Personas': who the user can be in a conversation besides their profile, each with a name, a
 * short description and an optional picture — added, edited and deleted here; chosen when a chat
 * starts, or changed from the chat's header.
 */
export function PersonasDialog({
  onClose,
  onCloseAutoFocus,
}: {
  onClose: () => void;
  /** Where the focus goes back to once it closes (the button that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const personas = usePersonas();
  const create = useCreatePersona();
  const update = useUpdatePersona();
  const remove = useDeletePersona();
  // The persona being edited (its id, or 'new'): Escape leaves its editor before the panel.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [errors, setErrors] = useState<PersonaErrors>({});
  const addButton = useRef<HTMLButtonElement>(null);
  const listed = useRef<HTMLUListElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const focusAfterRender = useFocusAfterRender();
  const list = personas.data ?? [];
  const own = list.filter((p) => p.id !== null).length;
  const full = own >= PERSONA_LIMITS.max;
  const busy = create.isPending || update.isPending || remove.isPending;

  /** Leaves the editor; the focus goes back to the button that opened it. */
  const closeEditor = (which = editing) => {
    setErrors({});
    setEditing(null);
    focusAfterRender(() =>
      typeof which === 'number' ? editButtons.current.get(which) : addButton.current,
    );
  };
  const save = async (draft: PersonaDraft) => {
    const body = {
      name: draft.name,
      description: draft.description,
      avatarImage: draft.avatarImage,
    };
    try {
      if (editing === 'new') await create.mutateAsync(body);
      else if (typeof editing === 'number') await update.mutateAsync({ id: editing, ...body });
      toast({ title: editing === 'new' ? 'Persona added' : 'Persona saved' });
      closeEditor();
    } catch (error) {
      setErrors(
        errorsOf(error instanceof ApiError ? error.issues : undefined, (error as Error).message),
      );
    }
  };
  const deletePersona = async (persona: Persona & { id: number }, index: number) => {
    // The rows around it as the user saw them when asking.
    const around = rowsAround(listed.current?.children[index]);
    try {
      await remove.mutateAsync(persona.id);
      toast({ title: 'Persona deleted' });
      // Its row went, with the focus: to the next persona's Delete, else the one before's, else
      // Add persona (the profile has no Delete).
      focusRowAfterDelete(
        () => around,
        () => addButton.current,
      );
    } catch (error) {
      toastError(error);
      throw error;
    }
  };
  const editor = (persona: PersonaDraft, isNew: boolean) => (
    <PersonaEditor
      persona={persona}
      isNew={isNew}
      saving={create.isPending || update.isPending}
      errors={errors}
      onSave={(draft) => void save(draft)}
      onCancel={() => closeEditor()}
    />
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Personas"
      description="Who you are in a chat: pick one when a chat starts, or change it from the chat’s header."
      onEscapeKeyDown={(event) => {
        if (editing === null) return;
        event.preventDefault();
        closeEditor();
      }}
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
    >
      {editing === 'new' ? (
        <div className="rounded-xl border border-accent p-3">{editor(EMPTY_DRAFT, true)}</div>
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {full && (
            <p className="mr-auto text-xs text-muted">
              You have {PERSONA_LIMITS.max} personas, the most you can keep.
            </p>
          )}
          <button
            ref={addButton}
            type="button"
            className={buttonClass('primary', 'sm', 'max-sm:h-11')}
            disabled={busy || personas.isPending || full || editing !== null}
            onClick={() => {
              setErrors({});
              setEditing('new');
            }}
          >
            <Plus className="size-4" aria-hidden /> Add persona
          </button>
        </div>
      )}
      <div className="mt-4 border-t border-border pt-4">
        {personas.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading personas...
          </p>
        ) : personas.isError ? (
          <p className="text-sm text-muted">
            Could not load your personas.{' '}
            <button
              type="button"
              className="font-semibold text-accent underline-offset-2 hover:underline"
              onClick={() => void personas.refetch()}
            >
              Try again
            </button>
          </p>
        ) : (
          <>
            <ul ref={listed} aria-label="Your personas" className="space-y-3">
              {list.map((persona, index) =>
                persona.id !== null && editing === persona.id ? (
                  <li key={persona.id} className="rounded-xl border border-accent p-3">
                    {editor(persona, false)}
                  </li>
                ) : (
                  <PersonaItem
                    key={persona.id ?? 'profile'}
                    persona={persona}
                    busy={busy || editing !== null}
                    deleting={remove.isPending && remove.variables === persona.id}
                    editRef={(button) => {
                      if (persona.id === null) return;
                      if (button) editButtons.current.set(persona.id, button);
                      else editButtons.current.delete(persona.id);
                    }}
                    onEdit={() => {
                      setErrors({});
                      setEditing(persona.id);
                    }}
                    onDelete={() => deletePersona(persona as Persona & { id: number }, index)}
                  />
                ),
              )}
            </ul>
            {own === 0 && editing !== 'new' && (
              <p className="mt-3 text-sm text-muted">
                No personas yet. Add one to chat as someone else — a captain, a rival, a stranger in
                town.
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
