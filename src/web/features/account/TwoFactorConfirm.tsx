import { useState, type FormEvent } from 'react';
import { twoFactorCodeBody } from '../../../shared/auth/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import type { TwoFactorConfirmation } from './two-factor-api';

/**
 * Asks who is changing two-factor: the password, or, for an account that signs in with Google
 * only, a current code from the authenticator app. A refusal shows under the field.
 */
export function TwoFactorConfirm({
  id,
  hasPassword,
  submitLabel,
  pending,
  danger = false,
  onConfirm,
  onCancel,
}: {
  id: string;
  hasPassword: boolean;
  submitLabel: string;
  pending: boolean;
  danger?: boolean;
  onConfirm: (confirmation: TwoFactorConfirmation) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let confirmation: TwoFactorConfirmation;
    if (hasPassword) {
      if (value === '') return setError('Enter your password');
      confirmation = { password: value };
    } else {
      const parsed = twoFactorCodeBody.safeParse({ code: value.replace(/\s/g, '') });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message);
      confirmation = parsed.data;
    }
    setError(undefined);
    try {
      await onConfirm(confirmation);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        setError(failure.message);
        return;
      }
      toast({
        title: 'Could not change two-factor authentication',
        description: failure instanceof Error ? failure.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {hasPassword ? (
        <TextField
          id={id}
          label="Your password"
          type="password"
          autoComplete="current-password"
          autoFocus
          error={error}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="min-h-11 sm:min-h-0"
        />
      ) : (
        <TextField
          id={id}
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          error={error}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="min-h-11 sm:min-h-0"
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={danger ? 'destructive' : 'primary'}
          className="min-h-11 sm:min-h-0"
          pending={pending}
        >
          {pending ? 'Please wait...' : submitLabel}
        </Button>
        <Button variant="secondary" className="min-h-11 sm:min-h-0" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
