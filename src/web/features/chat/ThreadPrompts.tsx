import { GitBranch } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * The thread's questions before an action: deleting a message, regenerating an earlier reply,
 * and the offer to regenerate the reply to an edited message. A part of its own (lazy-parts.ts):
 * most visits ask none of them. What a reply costs is handed in ('1 message' and how many are
 * left, CostHint.tsx): this part imports nothing the chat's first load has (see lazy-parts.ts).
 */

/** A new reply's cost, as the toolbar and the message box say it. */
export interface Cost {
  /** '1 message'. */
  each: string;
  /** How many messages are left ('12'), once known. */
  left?: string | undefined;
}

/** What moving later messages away means, in the words the ‹ › switcher uses. */
export const LATER_MESSAGES_MOVE =
  'Later messages move to another version of this chat; you can switch back with ‹ ›.';

/** What a new reply costs, and how many messages are left. */
function CostLine({ cost }: { cost: Cost }) {
  return (
    <p className="text-sm text-muted" data-testid="regenerate-cost">
      A new reply costs {cost.each}
      {cost.left !== undefined && ` · ${cost.left} left`}
    </p>
  );
}

/**
 * Regenerating a reply with messages after it: those move to another branch. Asked first; the
 * focus starts on Regenerate, and Escape or Cancel gives it back to the reply's Regenerate button
 * (the caller's `onCancel` does it once the dialog is gone).
 */
export function RegenerateDialog({
  cost,
  onConfirm,
  onCancel,
}: {
  cost: Cost;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Regenerate this reply?"
      description={LATER_MESSAGES_MOVE}
    >
      <div className="space-y-4">
        <CostLine cost={cost} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button autoFocus onClick={onConfirm}>
            Regenerate ({cost.each})
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Deleting a message with everything after it, on every branch. */
export function DeleteMessageDialog({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onCancel()}
      title="Delete this message?"
      description="This message and everything after it, on every branch, will be deleted. This cannot be undone."
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={pending} onClick={onConfirm}>
          {pending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * After the user edited a message that has a reply: the reply answers the old text, so a new one
 * is offered, with its cost (and, when messages follow the reply, where they go).
 */
export function RegenerateOffer({
  cost,
  laterMessages,
  busy,
  onAccept,
  onDismiss,
}: {
  cost: Cost;
  laterMessages: boolean;
  busy: boolean;
  onAccept: () => void;
  onDismiss: () => void;
}) {
  return (
    <div
      role="group"
      aria-label="Regenerate the reply"
      className="flex flex-col gap-2 self-end rounded-xl border border-border bg-surface px-4 py-3 text-sm sm:max-w-md"
      data-testid="regenerate-offer"
    >
      <p>Regenerate the reply to your edited message? ({cost.each})</p>
      {laterMessages && <p className="text-xs text-muted">{LATER_MESSAGES_MOVE}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="ghost" className="max-sm:h-11" onClick={onDismiss}>
          Keep this reply
        </Button>
        <Button size="sm" className="max-sm:h-11" disabled={busy} onClick={onAccept}>
          Regenerate ({cost.each})
        </Button>
      </div>
    </div>
  );
}

/** 'Branch from here': the thread ends at that reply until the next message begins the branch. */
export function BranchFromNotice({ onCancel }: { onCancel: () => void }) {
  return (
    <p
      role="status"
      className="flex flex-wrap items-center justify-center gap-2 rounded-xl border border-dashed border-border px-3 py-2 text-sm text-muted"
    >
      <GitBranch className="size-4" aria-hidden />A new branch starts here: your next message begins
      it. The other branch is kept.
      <button
        type="button"
        className="font-semibold text-accent underline-offset-2 hover:underline"
        onClick={onCancel}
      >
        Cancel
      </button>
    </p>
  );
}
