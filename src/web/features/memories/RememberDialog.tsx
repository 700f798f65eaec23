import { useState } from 'react';
import { MEMORY_LIMITS } from '../../../shared/memories/rules';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/form';
import { toast, toastError } from '../../components/ui/toast';
import { useAddMemory } from './api';
import { memoryDraftOf } from './memory-text';

const FIELD_ID = 'remember-fact';
const COUNT_ID = 'remember-fact-count';

/**
 * 'Remember this' on a message: the fact to keep, drafted from the message without its stage
 * directions (memory-text.ts), for the user to put in their own words before it is saved with
 * the message as its source. The focus starts in the text and goes back to the message's
 * 'Remember this' once closed. A part of its own, with its save: few chat visits open it, and
 * the chat's first load has no room to spare (lazy-parts.ts).
 */
export function RememberDialog({
  character,
  messageId,
  message,
  onClose,
}: {
  character: { id: number; name: string };
  messageId: number;
  /** The message's text as shown. */
  message: string;
  onClose: () => void;
}) {
  const add = useAddMemory(character.id);
  const [first] = useState(() => memoryDraftOf(message));
  const [draft, setDraft] = useState(first);
  const max = MEMORY_LIMITS.contentMaxLength;
  const fact = draft.trim();
  const save = async () => {
    if (!fact || add.isPending) return;
    try {
      await add.mutateAsync({ content: fact, messageId });
      toast({ title: 'Remembered', description: `${character.name} will remember this.` });
      onClose();
    } catch (error) {
      // The dialog stays open with the draft.
      toastError(error);
    }
  };
  const stripped = first !== message.trim();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Remember this"
      description={`Write it as the fact ${character.name} should keep.${stripped ? ' Stage directions were left out.' : ''}`}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        document
          .querySelector<HTMLElement>(`[data-message-id="${messageId}"] [data-action="remember"]`)
          ?.focus();
      }}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field
          id={FIELD_ID}
          label="Memory"
          aside={
            <span id={COUNT_ID} className="text-xs text-muted tabular-nums">
              {draft.length} / {max}
            </span>
          }
        >
          <Textarea
            id={FIELD_ID}
            autoFocus
            value={draft}
            maxLength={max}
            aria-describedby={COUNT_ID}
            onChange={(event) => setDraft(event.target.value)}
            className="min-h-32"
          />
        </Field>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" className="min-h-11" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className="min-h-11" disabled={!fact || add.isPending}>
            {add.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
