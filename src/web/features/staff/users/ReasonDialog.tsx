import { useId, useState, type FormEvent, type RefObject } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, TextField, Textarea } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../console/access';

export interface ReasonValues {
  reason: string;
  amount: number;
}

/**
 * An action on an account, with the reason the audit log keeps (and for credits, the amount).
 * The server's message shows in the dialog when it refuses (e.g. 403 to a moderator acting on
 * staff); closing it, Escape too, takes the focus back to the button that opened it.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  variant = 'primary',
  withAmount = false,
  run,
  pending,
  error,
  onClose,
  opener,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  variant?: ButtonVariant;
  withAmount?: boolean;
  run: (values: ReasonValues) => Promise<unknown>;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  opener: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const issues = error instanceof ApiError ? (error.issues ?? []) : [];
  const issueOf = (path: string) => issues.find((i) => i.path === path)?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ reason, amount: Number(amount) }).then(onClose, () => {});
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        opener.current?.focus();
      }}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {withAmount && (
          <TextField
            id={`${id}-amount`}
            label="Credits (negative to take)"
            type="number"
            inputMode="numeric"
            step={1}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={issueOf('amount')}
          />
        )}
        <Field id={`${id}-reason`} label="Reason" error={issueOf('reason')}>
          <Textarea
            id={`${id}-reason`}
            required
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="min-h-20"
          />
        </Field>
        {error !== null && error !== undefined && !issueOf('amount') && !issueOf('reason') && (
          <p role="alert" className="text-sm text-error">
            {messageOf(error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={variant} pending={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
