import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/form';

/** A finger's target on phones, compact from the `sm` width up as the toolbar's buttons; faded while saving. */
const TOUCH = 'max-sm:min-h-11';

/**
 * A message being edited in place, the user's or a character's reply: Save needs a change; 'Save
 * as new branch' (the user's only) keeps the old branch and sends the text as a new one (the same
 * text asks again from there). The text box takes the focus; Enter adds a line, as in any text
 * being rewritten; Escape or Cancel closes it unchanged. Closes once saved; a failed save keeps
 * it open with the draft. While a save is on its way, its button says 'Saving…' and neither
 * save can be pressed again. Once closed, the message's Edit button has the focus back. A part of
 * its own (lazy-parts.ts): most chat visits edit nothing.
 */
export function MessageEditor({
  text,
  label = 'Edit message',
  onEdit,
  onEditAsBranch,
  busy,
  onClose,
}: {
  text: string;
  /** The text box's name: 'Edit message' or 'Edit reply'. */
  label?: string;
  onEdit?: ((text: string) => Promise<boolean>) | undefined;
  onEditAsBranch?: ((text: string) => Promise<boolean>) | undefined;
  busy?: boolean | undefined;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(text);
  // One save at a time: a second press while the first is on its way would send the edit twice,
  // and the text is what is being saved (read-only; Cancel and Escape wait). The buttons say so
  // (aria-disabled) but stay enabled, so the focus stays on them if it fails.
  const [saving, setSaving] = useState<'edit' | 'branch' | null>(null);
  const close = () => saving === null && onClose();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const message = box.current?.closest('[data-message-id]');
    // Run once the editor is gone and the toolbar is drawn again in its place.
    return () => message?.querySelector<HTMLElement>('[data-action="edit"]')?.focus();
  }, []);
  const unchanged = !draft.trim() || draft.trim() === text.trim();
  // A new branch sends a message: not while a reply is being written.
  const canBranch = Boolean(draft.trim()) && !busy;
  const save = async (
    submit: ((text: string) => Promise<boolean>) | undefined,
    ok: boolean,
    kind: 'edit' | 'branch',
  ) => {
    if (!submit || !ok || saving) return;
    setSaving(kind);
    const saved = await submit(draft.trim()).finally(() => setSaving(null));
    if (saved) onClose();
  };
  return (
    <div className="w-full max-w-xl space-y-2">
      <Textarea
        ref={box}
        aria-label={label}
        autoFocus
        value={draft}
        readOnly={saving !== null}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          close();
        }}
        className="min-h-20"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          variant="ghost"
          className={TOUCH}
          pending={saving !== null}
          onClick={close}
        >
          Cancel
        </Button>
        {onEditAsBranch && (
          <Button
            size="sm"
            variant="secondary"
            className={TOUCH}
            disabled={!draft.trim()}
            pending={saving !== null || !canBranch}
            onClick={() => void save(onEditAsBranch, canBranch, 'branch')}
          >
            {saving === 'branch' ? 'Saving…' : 'Save as new branch'}
          </Button>
        )}
        <Button
          size="sm"
          className={TOUCH}
          disabled={unchanged}
          pending={saving !== null}
          onClick={() => void save(onEdit, !unchanged, 'edit')}
        >
          {saving === 'edit' ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
