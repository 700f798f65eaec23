import { GitBranch } from 'lucide-react';
import type { ComponentProps } from 'react';
import { formatCount } from '../../../shared/format-count';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import type { useDeleteMessage } from './mutations';

/**
 * The thread's questions before an action: deleting a message, regenerating an earlier reply,
 * and the offer to regenerate the reply to an edited message. A part of its own (lazy-parts.ts):
 * most visits ask none of them. What a reply costs ('1 message' and how many are left,
 * CostHint.tsx) and the delete mutation are handed in: this part takes from the chat's first load
 * only what is a chunk of its own already, the toasts and the count's format (see lazy-parts.ts).
 * Deleting and its toasts are here, not in the first load, which has no room to spare.
 */

/** A new reply's cost, as the toolbar and the message box say it. */
export interface Cost {
  /** '1 message'. */
  each: string;
  /** How many messages are left, once known (written as the credits badge writes it). */
  left?: number | undefined;
}

/** What moving later messages away means, in the words the ‹ › switcher uses. */
export const LATER_MESSAGES_MOVE =
  'Later messages move to another version of this chat; you can switch back with ‹ ›.';

/** What a new reply costs, and how many messages are left. */
function CostLine({ cost }: { cost: Cost }) {
  return (
    <p className="text-sm text-muted" data-testid="regenerate-cost">
      A new reply costs {cost.each}
      {cost.left !== undefined && ` · ${formatCount(cost.left)} left`}
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

/**
 * Deleting a message with everything after it, on every branch: the dialog deletes it (`remove`,
 * the thread's delete mutation, handed in) and says so, or why not.
 */
export function DeleteMessageDialog({
  remove,
  conversationId,
  messageId,
  onDeleted,
  onClose,
}: {
  remove: ReturnType<typeof useDeleteMessage>;
  conversationId: number;
  messageId: number;
  /** Another branch is read now. */
  onDeleted: () => void;
  onClose: () => void;
}) {
  const pending = remove.isPending;
  const confirm = async () => {
    try {
      await remove.mutateAsync({ conversationId, messageId });
      onDeleted();
      toast({ title: 'Message deleted' });
    } catch (error) {
      toastError(error);
    }
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title="Delete this message?"
      description="This message and everything after it, on every branch, will be deleted. This cannot be undone."
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" disabled={pending} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" pending={pending} onClick={() => void confirm()}>
          {pending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The confirmation asked now, if any (the thread's actions, use-thread-actions.ts): deleting a
 * message, or regenerating an earlier reply. One part for both: each part costs the chat's first
 * load its loader (lazy-parts.ts).
 */
export function ThreadDialogs({
  deleting,
  confirming,
  cost,
}: {
  deleting: ComponentProps<typeof DeleteMessageDialog> | false;
  confirming: Omit<ComponentProps<typeof RegenerateDialog>, 'cost'> | false;
  cost: Cost;
}) {
  if (deleting) return <DeleteMessageDialog {...deleting} />;
  return confirming && <RegenerateDialog cost={cost} {...confirming} />;
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
        className="font-semibold text-accent underline-offset-2 hover:underline max-sm:min-h-11 max-sm:px-2"
        onClick={onCancel}
      >
        Cancel
      </button>
    </p>
  );
}
