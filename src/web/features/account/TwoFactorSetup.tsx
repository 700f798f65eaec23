import { useState, type FormEvent } from 'react';
import { twoFactorCodeBody } from '../../../shared/auth/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { readBrand } from '../../lib/brand';
import { BackupCodes } from './BackupCodes';
import { QrCode } from './QrCode';
import { useConfirmTwoFactor, type QrMatrix } from './two-factor-api';

/** The authenticator's secret as a person types it: groups of four. */
const groupedSecret = (totpURI: string) =>
  (new URL(totpURI).searchParams.get('secret') ?? '').match(/.{1,4}/g)?.join(' ') ?? '';

const STEP_TITLE = 'text-sm font-semibold';

/**
 * Enrolment after the password: scan (or type) the secret, keep the backup codes, then the
 * first code from the app turns two-factor on. Until then nothing changes for sign-in.
 */
export function TwoFactorSetup({
  totpURI,
  backupCodes,
  qr,
  onCancel,
}: {
  totpURI: string;
  backupCodes: string[];
  qr: QrMatrix;
  onCancel: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const confirm = useConfirmTwoFactor();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorCodeBody.safeParse({ code: code.replace(/\s/g, '') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await confirm.mutateAsync(parsed.data.code);
      toast({
        title: 'Two-factor authentication is on',
        description: 'Signing in now asks for a code from your authenticator app.',
      });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status < 500) setError(failure.message);
      else toast({ title: 'Could not turn two-factor on', variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <h3 className={STEP_TITLE}>1. Add {readBrand().name} to your authenticator app</h3>
        <p className="text-sm text-muted">
          Scan this QR code with an app such as Google Authenticator, Microsoft Authenticator,
          1Password or Aegis. On this phone, open the link instead, or type the key.
        </p>
        <QrCode matrix={qr} label="QR code for your authenticator app" />
        <p className="text-sm">
          Key:{' '}
          <code data-testid="two-factor-secret" className="font-mono break-all select-all">
            {groupedSecret(totpURI)}
          </code>
        </p>
        <a
          href={totpURI}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-accent underline sm:min-h-0"
        >
          Open in your authenticator app
        </a>
      </div>
      <div className="space-y-3">
        <h3 className={STEP_TITLE}>2. Save your backup codes</h3>
        <BackupCodes codes={backupCodes} />
        {!saved && (
          <Button className="min-h-11 sm:min-h-0" onClick={() => setSaved(true)}>
            I have saved them
          </Button>
        )}
      </div>
      {saved && (
        <form onSubmit={submit} noValidate className="space-y-3">
          <h3 className={STEP_TITLE}>3. Enter the code your app shows</h3>
          <TextField
            id="two-factor-setup-code"
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            error={error}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className="min-h-11 sm:min-h-0"
          />
          <Button type="submit" className="min-h-11 sm:min-h-0" pending={confirm.isPending}>
            {confirm.isPending ? 'Checking...' : 'Turn on'}
          </Button>
        </form>
      )}
      <Button variant="ghost" className="min-h-11 sm:min-h-0" onClick={onCancel}>
        Cancel set-up
      </Button>
    </div>
  );
}
