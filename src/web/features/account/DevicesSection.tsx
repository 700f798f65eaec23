import { Loader2, Monitor } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './account-api';
import { Section } from './Section';
import { approximateTime, describeUserAgent } from './user-agent';

const failed = (error: unknown) =>
  toast({
    title: 'Could not sign the device out',
    description: error instanceof Error ? error.message : 'Please try again.',
    variant: 'destructive',
  });

/** Where the account is signed in, with 'Sign out' per device and for all others at once. */
export function DevicesSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Section
      id="account-devices"
      title="Signed-in devices"
      description="Sign out anywhere you no longer use, or that you do not recognise."
    >
      {sessions.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading devices...
        </p>
      ) : sessions.isError ? (
        <p className="text-sm text-muted">
          Could not load your devices. Reload the page to try again.
        </p>
      ) : (
        <ul aria-label="Signed-in devices" className="divide-y divide-border">
          {list.map((s) => (
            <li key={s.id} data-testid="device" className="flex items-center gap-3 py-3">
              <Monitor className="size-5 shrink-0 text-muted" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold">
                  {describeUserAgent(s.userAgent)}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-accent-strong px-2 py-0.5 text-xs text-on-accent">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-xs text-muted">
                  Signed in {approximateTime(s.createdAt)} · last active{' '}
                  {approximateTime(s.updatedAt)}
                </p>
              </div>
              {!s.current && (
                <Button
                  size="sm"
                  variant="secondary"
                  pending={revoke.isPending}
                  aria-label={`Sign out ${describeUserAgent(s.userAgent)}, signed in ${approximateTime(s.createdAt)}`}
                  onClick={() =>
                    revoke
                      .mutateAsync({ id: s.id })
                      .then(() => toast({ title: 'Device signed out' }), failed)
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button
          variant="secondary"
          pending={revokeOthers.isPending}
          onClick={() =>
            revokeOthers
              .mutateAsync()
              .then(() => toast({ title: 'Signed out everywhere else' }), failed)
          }
        >
          Sign out everywhere else
        </Button>
      )}
    </Section>
  );
}
