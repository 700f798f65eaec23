import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/form';

/**
 * A message being edited in place: Save needs a change; 'Save as new branch' keeps the old
 * branch and sends the text as a new one (the same text asks again from there). Closes once
 * saved; a failed save keeps it open with the draft. A part of its own (lazy-parts.ts): most
 * chat visits edit nothing.
 */
export function MessageEditor({
  text,
  onEdit,
  onEditAsBranch,
  busy,
  onClose,
}: {
  text: string;
  onEdit?: ((text: string) => Promise<boolean>) | undefined;
  onEditAsBranch?: ((text: string) => Promise<boolean>) | undefined;
  busy?: boolean | undefined;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(text);
  const unchanged = !draft.trim() || draft.trim() === text.trim();
  const canBranch = Boolean(draft.trim());
  const save = async (submit: ((text: string) => Promise<boolean>) | undefined, ok: boolean) => {
    if (submit && ok && (await submit(draft.trim()))) onClose();
  };
  return (
    <div className="w-full max-w-xl space-y-2">
      <Textarea
        aria-label="Edit message"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        className="min-h-20"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        {onEditAsBranch && (
          <Button
            size="sm"
            variant="secondary"
            disabled={!canBranch || busy}
            onClick={() => void save(onEditAsBranch, canBranch)}
          >
            Save as new branch
          </Button>
        )}
        <Button size="sm" disabled={unchanged} onClick={() => void save(onEdit, !unchanged)}>
          Save
        </Button>
      </div>
    </div>
  );
}
