import { Loader2, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Lorebook, LorebookEntry } from '../../../shared/lorebooks/contract';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import { focusRowAfterDelete } from '../../components/ui/use-focus-back';
import { ApiError } from '../../lib/api';
import { useImportLorebook, useLorebook, useSaveLorebook } from './api';
import { entryOf, fieldOf, NEW_ENTRY, type EntryDraft } from './entry-draft';
import { EntryEditor, type EntryErrors } from './EntryEditor';
import { EntryItem } from './EntryItem';
import { ImportLorebookButton, ImportWarnings } from './LorebookImport';

/** The server's field messages for entry `index`; anything else as the entry's own message. */
function errorsOf(error: unknown, index: number): EntryErrors {
  const errors: EntryErrors = {};
  for (const issue of (error instanceof ApiError && error.issues) || []) {
    const field = fieldOf(issue.path, index) ?? 'entry';
    errors[field] ??= issue.message;
  }
  if (Object.keys(errors).length === 0) errors.entry = (error as Error).message;
  return errors;
}

/**
 * 'Lorebook': what the character knows about its world, entry by entry — each added to the prompt
 * when its keywords come up in the chat. Every change is saved at once as the whole book (PUT).
 */
export function LorebookDialog({
  character,
  onClose,
}: {
  character: { id: number; name: string };
  onClose: () => void;
}) {
  const book = useLorebook(character.id);
  const save = useSaveLorebook(character.id);
  const importing = useImportLorebook(character.id);
  // The entry being edited (its index, or 'new'): Escape leaves its editor before the panel.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // The entry whose "Delete …?" question is open, and the one being deleted (their places).
  const [asking, setAsking] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [errors, setErrors] = useState<EntryErrors>({});
  const [warnings, setWarnings] = useState<string[]>([]);
  const addEntry = useRef<HTMLButtonElement>(null);
  const listed = useRef<HTMLUListElement>(null);
  const stored: Lorebook | null = book.data?.lorebook ?? null;
  const entries = stored?.entries ?? [];
  const busy = save.isPending || importing.isPending;

  const edit = (which: number | 'new' | null) => {
    setErrors({});
    setAsking(null);
    setEditing(which);
  };
  /** The whole book with `next` as its entries; a book made on the first entry. */
  const put = (next: LorebookEntry[]) =>
    save.mutateAsync(stored ? { ...stored, entries: next } : { entries: next });

  const saveEntry = async (draft: EntryDraft) => {
    const index = editing === 'new' || editing === null ? entries.length : editing;
    const entry = entryOf(draft, entries[index] ?? NEW_ENTRY);
    try {
      await put([...entries.slice(0, index), entry, ...entries.slice(index + 1)]);
      edit(null);
      toast({ title: editing === 'new' ? 'Entry added' : 'Entry saved' });
    } catch (error) {
      setErrors(errorsOf(error, index));
    }
  };
  const toggle = (index: number, enabled: boolean) =>
    put(entries.map((e, i) => (i === index ? { ...e, enabled } : e))).catch(toastError);
  const remove = async (index: number) => {
    setDeleting(index);
    try {
      await put(entries.filter((_, i) => i !== index));
      toast({ title: 'Entry deleted' });
      // The row at its place now shows the next entry and gives the focus back to its Delete;
      // the last entry gone, the one before's, or Add entry.
      focusRowAfterDelete(
        () => [listed.current?.children[index], listed.current?.children[index - 1]],
        () => addEntry.current,
      );
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(null);
      setAsking(null);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${character.name}’s lorebook`}
      description={`What ${character.name} knows about their world, entry by entry.`}
      size="wide"
      onEscapeKeyDown={(event) => {
        if (editing === null) return;
        event.preventDefault();
        edit(null);
      }}
    >
      {editing === 'new' ? (
        <EntryEditor
          entry={NEW_ENTRY}
          isNew
          saving={save.isPending}
          errors={errors}
          onSave={(draft) => void saveEntry(draft)}
          onCancel={() => edit(null)}
        />
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <ImportLorebookButton
            importing={importing}
            disabled={busy || book.isPending}
            entriesBefore={entries.length}
            onWarnings={setWarnings}
            onFailed={(error) => toastError(error)}
          />
          <Button
            ref={addEntry}
            size="sm"
            className="max-sm:h-11"
            disabled={busy || book.isPending || editing !== null}
            onClick={() => edit('new')}
          >
            <Plus className="size-4" aria-hidden /> Add entry
          </Button>
        </div>
      )}
      <ImportWarnings warnings={warnings} />
      <div className="mt-4 border-t border-border pt-4">
        {book.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading the lorebook...
          </p>
        ) : book.isError ? (
          <p className="text-sm text-muted">
            Could not load the lorebook.{' '}
            <button
              type="button"
              className="font-semibold text-accent underline-offset-2 hover:underline"
              onClick={() => void book.refetch()}
            >
              Try again
            </button>
          </p>
        ) : entries.length === 0 ? (
          editing !== 'new' && (
            <p className="text-sm text-muted">
              No entries yet. Entries whose keywords come up in the chat are added to what{' '}
              {character.name} knows.
            </p>
          )
        ) : (
          <ul ref={listed} aria-label="Entries" className="space-y-3">
            {entries.map((entry, index) =>
              editing === index ? (
                <li key={index} className="rounded-xl border border-accent p-3">
                  <EntryEditor
                    entry={entry}
                    isNew={false}
                    saving={save.isPending}
                    errors={errors}
                    onSave={(draft) => void saveEntry(draft)}
                    onCancel={() => edit(null)}
                  />
                </li>
              ) : (
                <EntryItem
                  key={index}
                  entry={entry}
                  busy={busy || editing !== null}
                  saving={save.isPending}
                  asking={asking === index}
                  deleting={deleting === index}
                  onAsking={(open) => setAsking(open ? index : null)}
                  onToggle={(enabled) => void toggle(index, enabled)}
                  onEdit={() => edit(index)}
                  onDelete={() => void remove(index)}
                />
              ),
            )}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
