import type { ReactNode } from 'react';
import { Button } from './button';
import { Field, Textarea } from './form';

/**
 * The parts a small dialog form repeats (a report, a comment on a reply): optional words with
 * their count, and the error line with Cancel and the submit button. A module of its own so the
 * dialogs' lazy chunks share it without adding to any page's first load.
 */

/** A textarea with its label and `n / max` beside it. */
export function CountedTextarea({
  id,
  label,
  value,
  max,
  onChange,
  autoFocus = false,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <Field
      id={id}
      label={label}
      aside={
        <span className="text-xs text-muted tabular-nums">
          {value.length} / {max}
        </span>
      }
    >
      <Textarea
        id={id}
        autoFocus={autoFocus}
        value={value}
        maxLength={max}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-24"
      />
    </Field>
  );
}

/** What went wrong (an alert), then Cancel and the submit button, busy while `pending`. */
export function DialogFormFooter({
  error,
  pending,
  submit,
  onCancel,
}: {
  error: string | undefined;
  pending: boolean;
  /** The submit button's words, and while it is busy. */
  submit: { label: ReactNode; pendingLabel: ReactNode };
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" className="min-h-11" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-11" pending={pending}>
          {pending ? submit.pendingLabel : submit.label}
        </Button>
      </div>
    </>
  );
}
