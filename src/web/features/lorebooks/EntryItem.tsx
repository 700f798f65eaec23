import { Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import type { LorebookEntry } from '../../../shared/lorebooks/contract';
import { IconButton } from '../../components/ui/icon-button';
import { InlineConfirm } from '../../components/ui/inline-confirm';
import { Switch } from '../../components/ui/setting-switch';
import { useFocusBack } from '../../components/ui/use-focus-back';
import { titleOf } from './entry-draft';

/** One entry in the list: its name or first key, keys, an on/off switch, a preview, edit, delete. */
export function EntryItem({
  entry,
  busy,
  saving,
  asking,
  deleting,
  onAsking,
  onToggle,
  onEdit,
  onDelete,
}: {
  entry: LorebookEntry;
  /** Nothing can be changed: the book is being saved or imported, or another entry edited. */
  busy: boolean;
  /** The book is being saved (a switch just pressed, a delete): busy, but the focus stays. */
  saving: boolean;
  /**
   * Its "Delete …?" question is open. The list holds it, one at a time: rows are keyed by their
   * place, and a question of the row's own would stay at that place when the entries move up.
   */
  asking: boolean;
  /** This entry is being deleted. */
  deleting: boolean;
  onAsking: (open: boolean) => void;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const deleteButton = useRef<HTMLButtonElement>(null);
  // The question gone (Cancel, a delete that failed): back to where it was asked. After a
  // delete, to the Delete of the entry that takes its place in the list (its row is this one).
  useFocusBack(asking, deleteButton, busy);
  const title = titleOf(entry);
  return (
    <li
      data-testid="lorebook-entry"
      className={`rounded-xl border border-border p-3 ${entry.enabled ? '' : 'opacity-70'}`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{title}</p>
          {entry.constant ? (
            <p className="text-xs text-muted">Always included</p>
          ) : (
            entry.keys.length > 0 && (
              <ul aria-label="Keywords" className="mt-1 flex flex-wrap gap-1">
                {entry.keys.map((key, i) => (
                  <li key={i} className="rounded-full bg-hover-strong px-2 py-0.5 text-xs">
                    {key}
                  </li>
                ))}
              </ul>
            )
          )}
        </div>
        <Switch
          label={`Enabled: ${title}`}
          checked={entry.enabled}
          // Busy while a change is saved: the switch just pressed keeps the focus. Disabled while
          // another entry is edited or a book imported.
          disabled={busy && !saving}
          busy={saving}
          onCheckedChange={onToggle}
          // Its 44 px target reaches into the row's padding: the row keeps its height.
          className="-my-2.5"
        />
      </div>
      <p className="mt-2 line-clamp-2 text-sm break-words whitespace-pre-wrap text-muted">
        {entry.content}
      </p>
      <div className="mt-1 flex items-center justify-end gap-1">
        {asking ? (
          <InlineConfirm
            question={`Delete ${title}?`}
            answer="Delete"
            busy={busy}
            pending={deleting}
            onCancel={() => onAsking(false)}
            onConfirm={onDelete}
          />
        ) : (
          <>
            <IconButton label={`Edit ${title}`} disabled={busy} onClick={onEdit}>
              <Pencil className="size-4" />
            </IconButton>
            <IconButton
              ref={deleteButton}
              label={`Delete ${title}`}
              action="delete"
              disabled={busy}
              onClick={() => onAsking(true)}
            >
              <Trash2 className="size-4" />
            </IconButton>
          </>
        )}
      </div>
    </li>
  );
}
