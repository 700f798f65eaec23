import { useId, type ReactNode } from 'react';
import { Button } from './button';

/**
 * A "Delete this?" question asked in its row, in place of the buttons that asked it: the words,
 * Cancel with the focus (the less harmful answer; the button pressed has gone) and the
 * destructive answer, busy while it works so the focus stays on it. The question names the
 * group, so a screen reader says it as the focus lands on Cancel. The caller gives the focus back
 * to the button that asked once the question closes (useFocusBack).
 */
export function InlineConfirm({
  question,
  answer,
  busy,
  pending,
  onCancel,
  onConfirm,
  className = '',
}: {
  question: ReactNode;
  /** The destructive answer's words ("Delete", "Forget", or what it says while working). */
  answer: ReactNode;
  /** Something else in the row is being saved: neither answer can be given yet. */
  busy: boolean;
  /** The answer is on its way. */
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  className?: string;
}) {
  const questionId = useId();
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className={`flex flex-wrap items-center justify-end gap-2 text-sm ${className}`}
    >
      {/* mr-auto: where the row is wider than the question, the answers go to its end. */}
      <span id={questionId} className="mr-auto">
        {question}
      </span>
      {/* The answers stay together: on a narrow row they move under the question as a pair. */}
      <span className="flex gap-2">
        <Button size="sm" variant="ghost" autoFocus disabled={busy || pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={busy && !pending}
          pending={pending}
          onClick={onConfirm}
        >
          {answer}
        </Button>
      </span>
    </div>
  );
}
