import { useRef, useState } from 'react';
import type { UserPage } from '../../../../shared/staff/contract';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { DeleteUser } from './DeleteUser';
import { ReasonDialog, type ReasonValues } from './ReasonDialog';
import {
  useGrantCredits,
  useLiftPause,
  useOpenHolds,
  useRevokeSessions,
  useSuspension,
} from './users-api';

type Action = 'credits' | 'sessions' | 'suspension' | 'pause';

/** What staff can do to an account, each with a reason in a dialog; the page reads again after. */
export function UserActions({ user }: { user: UserPage }) {
  const grant = useGrantCredits(user.id);
  const revoke = useRevokeSessions(user.id);
  const suspension = useSuspension(user.id);
  const lift = useLiftPause(user.id);
  const holds = useOpenHolds();
  const paused = holds.data?.some((h) => h.userId === user.id) ?? false;
  const [open, setOpen] = useState<Action | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const mutations = { credits: grant, sessions: revoke, suspension, pause: lift };

  const start = (action: Action, event: React.MouseEvent<HTMLButtonElement>) => {
    opener.current = event.currentTarget;
    mutations[action].reset();
    setOpen(action);
  };
  const done = (title: string) => () => toast({ title });
  const runs: Record<Action, (v: ReasonValues) => Promise<unknown>> = {
    credits: (v) =>
      grant.mutateAsync({ amount: v.amount, reason: v.reason }).then((r) => {
        toast({ title: `Credits updated: ${r.credits} left` });
      }),
    sessions: (v) => revoke.mutateAsync({ reason: v.reason }).then(done('Sessions ended')),
    suspension: (v) =>
      suspension
        .mutateAsync({ suspended: !user.suspended, reason: v.reason })
        .then(done(user.suspended ? 'Account restored' : 'Account suspended')),
    pause: (v) => lift.mutateAsync({ reason: v.reason }).then(done('Pause lifted')),
  };
  const dialogs: Record<
    Action,
    { title: string; description: string; confirm: string; danger?: boolean }
  > = {
    credits: {
      title: 'Give or take credits',
      description: `${user.email} has ${user.credits.left} credits.`,
      confirm: 'Save credits',
    },
    sessions: {
      title: 'End all sessions',
      description: `${user.email} is signed out on every device.`,
      confirm: 'End sessions',
      danger: true,
    },
    suspension: user.suspended
      ? { title: 'Restore account', description: 'They can sign in again.', confirm: 'Restore' }
      : {
          title: 'Suspend account',
          description: 'They are signed out and cannot sign in until restored.',
          confirm: 'Suspend',
          danger: true,
        },
    pause: {
      title: 'Lift the adults-only pause',
      description: 'They can chat again. Say why the pause was wrong.',
      confirm: 'Lift pause',
    },
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={(e) => start('credits', e)}>
        Give or take credits
      </Button>
      <Button variant="secondary" onClick={(e) => start('sessions', e)}>
        End all sessions
      </Button>
      <Button
        variant={user.suspended ? 'secondary' : 'destructive'}
        onClick={(e) => start('suspension', e)}
      >
        {user.suspended ? 'Restore account' : 'Suspend account'}
      </Button>
      {paused && (
        <Button variant="secondary" onClick={(e) => start('pause', e)}>
          Lift the adults-only pause
        </Button>
      )}
      <DeleteUser user={user} />
      {open && (
        <ReasonDialog
          title={dialogs[open].title}
          description={dialogs[open].description}
          confirmLabel={dialogs[open].confirm}
          variant={dialogs[open].danger ? 'destructive' : 'primary'}
          withAmount={open === 'credits'}
          run={runs[open]}
          pending={mutations[open].isPending}
          error={mutations[open].error}
          onClose={() => setOpen(null)}
          opener={opener}
        />
      )}
    </div>
  );
}
