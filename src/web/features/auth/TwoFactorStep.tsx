import { useState, type FormEvent } from 'react';
import {
  backupCodeBody,
  TWO_FACTOR_ERROR_CODES,
  twoFactorCodeBody,
} from '../../../shared/auth/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { readBrand } from '../../lib/brand';
import { useVerifySignInCode, type SignInCode } from './auth-api';

/** Answers that mean "that code was wrong, try another": the step stays, the message under it. */
const WRONG_CODE = new Set<string>([TWO_FACTOR_ERROR_CODES.wrongCode, 'INVALID_BACKUP_CODE']);

// Phones get 44 px targets (DESIGN.md); the inputs and buttons here are the whole step.
const TARGET = 'min-h-11';

/**
 * The sign-in's second step for an account with two-factor on: the password was right, and a
 * code from the authenticator app (or a backup code) finishes it. A timed-out or locked challenge
 * cannot be retried here: `onRestart` goes back to the password with the server's message.
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void>;
  onRestart: (message?: string) => void;
}) {
  const [kind, setKind] = useState<SignInCode['kind']>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifySignInCode();
  // The code was right and the session is being read: still busy, or a second Enter would send
  // the used code again and be told it is wrong.
  const [finishing, setFinishing] = useState(false);
  const busy = verify.isPending || finishing;

  const switchKind = () => {
    setKind(kind === 'totp' ? 'backup' : 'totp');
    setCode('');
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Authenticator apps show "123 456"; a pasted code may carry the space.
    const typed = kind === 'totp' ? code.replace(/\s/g, '') : code.trim();
    const parsed = (kind === 'totp' ? twoFactorCodeBody : backupCodeBody).safeParse({
      code: typed,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync({ kind, code: parsed.data.code });
      setFinishing(true);
      await onSignedIn();
    } catch (failure) {
      setFinishing(false);
      if (!(failure instanceof ApiError) || failure.status >= 500) {
        toast({
          title: 'Sign in failed',
          description: failure instanceof Error ? failure.message : 'Please try again.',
          variant: 'destructive',
        });
      } else if (WRONG_CODE.has(failure.code ?? '') || failure.issues?.length) {
        setError(failure.issues?.[0]?.message ?? failure.message);
      } else {
        // Timed out, too many wrong codes, suspended: this challenge is over.
        onRestart(failure.message);
      }
    }
  };

  const fieldId = kind === 'totp' ? 'signin-code' : 'signin-backup-code';
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Two-factor code">
      <p className="text-sm text-muted">
        {kind === 'totp'
          ? `Your account has two-factor authentication on. Enter the 6-digit code your authenticator app shows for ${readBrand().name}.`
          : 'Enter one of the backup codes you saved when you set up two-factor authentication. Each works once.'}
      </p>
      {kind === 'totp' ? (
        <TextField
          key="totp"
          id={fieldId}
          label="Code from your authenticator app"
          error={error}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          placeholder="123456"
          autoFocus
          className={`${TARGET} text-lg tracking-widest`}
        />
      ) : (
        <TextField
          key="backup"
          id={fieldId}
          label="Backup code"
          error={error}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={11}
          placeholder="xxxxx-xxxxx"
          autoFocus
          className={`${TARGET} font-mono text-lg`}
        />
      )}
      <button
        type="button"
        className={`${TARGET} text-sm font-semibold text-accent underline-offset-2 hover:underline`}
        onClick={switchKind}
      >
        {kind === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
      </button>
      <div className="flex gap-2">
        <Button variant="secondary" className={TARGET} onClick={() => onRestart()}>
          Back
        </Button>
        <Button type="submit" className={`${TARGET} flex-1`} pending={busy}>
          {busy ? 'Checking...' : 'Verify'}
        </Button>
      </div>
    </form>
  );
}
