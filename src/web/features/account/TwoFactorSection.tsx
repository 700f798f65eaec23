import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useSession } from '../auth/session';
import { BackupCodes } from './BackupCodes';
import { Notice, Section } from './Section';
import { TwoFactorConfirm } from './TwoFactorConfirm';
import { TwoFactorSetup } from './TwoFactorSetup';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewBackupCodes,
  type TwoFactorConfirmation,
} from './two-factor-api';

/** The section's anchor: the staff console links to /account#two-factor. */
const ANCHOR = 'two-factor';

/**
 * Two-factor authentication, for every account: off → set up (password, QR code, backup codes,
 * first code) → on, where it can be turned off or given new backup codes.
 */
export function TwoFactorSection({ hasPassword }: { hasPassword: boolean }) {
  const { user } = useSession();
  // The sections arrive after the page: the browser's own jump to the anchor came too early.
  useEffect(() => {
    if (window.location.hash === `#${ANCHOR}`) document.getElementById(ANCHOR)?.scrollIntoView();
  }, []);
  return (
    <Section
      id={ANCHOR}
      title="Two-factor authentication"
      description="Signing in asks for a code from an authenticator app on your phone as well, so your password alone is not enough."
    >
      {user?.twoFactorEnabled ? (
        <TwoFactorOn hasPassword={hasPassword} />
      ) : (
        <TwoFactorOff hasPassword={hasPassword} />
      )}
    </Section>
  );
}

function TwoFactorOff({ hasPassword }: { hasPassword: boolean }) {
  const [asking, setAsking] = useState(false);
  const enable = useEnableTwoFactor();
  const start = (password?: string) => enable.mutateAsync(password);

  const cancel = () => {
    enable.reset();
    setAsking(false);
  };
  if (enable.data) return <TwoFactorSetup {...enable.data} onCancel={cancel} />;
  if (asking && hasPassword) {
    return (
      <TwoFactorConfirm
        id="two-factor-password"
        hasPassword
        submitLabel="Continue"
        pending={enable.isPending}
        onConfirm={(c) => start('password' in c ? c.password : undefined)}
        onCancel={() => setAsking(false)}
      />
    );
  }
  const setUp = () => {
    if (hasPassword) return setAsking(true);
    // Google only: no password to give.
    start().catch((error: unknown) =>
      toast({
        title: 'Could not start the set-up',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      }),
    );
  };
  return (
    <div className="space-y-3">
      <p className="text-sm">
        Status: <strong>Off</strong>
      </p>
      <Button className="min-h-11 sm:min-h-0" pending={enable.isPending} onClick={setUp}>
        {enable.isPending ? 'Starting...' : 'Set up'}
      </Button>
    </div>
  );
}

function TwoFactorOn({ hasPassword }: { hasPassword: boolean }) {
  const [action, setAction] = useState<'idle' | 'codes' | 'off'>('idle');
  const newCodes = useNewBackupCodes();
  const disable = useDisableTwoFactor();

  if (newCodes.data) {
    return (
      <div className="space-y-3">
        <Notice>New backup codes made. The old ones no longer work.</Notice>
        <BackupCodes codes={newCodes.data.backupCodes} />
        <Button className="min-h-11 sm:min-h-0" onClick={() => newCodes.reset()}>
          Done
        </Button>
      </div>
    );
  }
  const confirmWith = (run: (c: TwoFactorConfirmation) => Promise<unknown>) => ({
    id: 'two-factor-confirm',
    hasPassword,
    onConfirm: run,
    onCancel: () => setAction('idle'),
  });
  if (action === 'codes') {
    return (
      <TwoFactorConfirm
        {...confirmWith((c) => newCodes.mutateAsync(c).then(() => setAction('idle')))}
        submitLabel="Make new backup codes"
        pending={newCodes.isPending}
      />
    );
  }
  if (action === 'off') {
    return (
      <TwoFactorConfirm
        {...confirmWith(async (c) => {
          await disable.mutateAsync(c);
          toast({ title: 'Two-factor authentication is off' });
        })}
        submitLabel="Turn off"
        danger
        pending={disable.isPending}
      />
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm">
        Status: <strong>On</strong>. Signing in asks for a code from your authenticator app.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="min-h-11 sm:min-h-0"
          onClick={() => setAction('codes')}
        >
          New backup codes
        </Button>
        <Button
          variant="secondary"
          className="min-h-11 sm:min-h-0"
          onClick={() => setAction('off')}
        >
          Turn off
        </Button>
      </div>
    </div>
  );
}
