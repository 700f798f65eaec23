import { CircleSlash, TriangleAlert } from 'lucide-react';
import type { Memory } from '../../../shared/memories/contract';

/**
 * Said of a memory the next reply leaves out (inPrompt false): the memories' share of the model's
 * window is full. Quiet for an unpinned one (the most related ones are taken each time); plain and
 * prominent for a pinned one, since the user asked for it to be remembered.
 */
export function LeftOut({ pinned }: { pinned: boolean }) {
  if (!pinned) {
    return (
      <p className="mt-1 flex items-center gap-1.5 text-xs text-muted">
        <CircleSlash className="size-3.5 shrink-0" aria-hidden />
        Not in the next reply: too many memories for the model’s window.
      </p>
    );
  }
  return (
    <p className="mt-2 flex gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <span>
        <strong className="font-semibold">Pinned, but not in the next reply.</strong> Your pinned
        memories are more than the model’s window holds. Unpin or shorten some so this one fits.
      </span>
    </p>
  );
}

/**
 * Above the list, when memories do not fit the next reply: how many, so a pinned one far down the
 * list is not missed.
 */
export function LeftOutSummary({ memories }: { memories: readonly Memory[] }) {
  const pinned = memories.filter((m) => m.pinned && !m.inPrompt).length;
  const others = memories.filter((m) => !m.pinned && !m.inPrompt).length;
  if (pinned > 0) {
    return (
      <p className="mb-3 flex gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>
          {pinned === 1 ? '1 pinned memory does' : `${pinned} pinned memories do`} not fit the next
          reply: the model’s window holds fewer. Unpin or shorten some; those left out are marked
          below.
        </span>
      </p>
    );
  }
  if (others === 0) return null;
  return (
    <p className="mb-3 text-xs text-muted">
      {others === 1 ? '1 memory is' : `${others} memories are`} not in the next reply: the model’s
      window holds the pinned ones and those most related to the moment.
    </p>
  );
}
