import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { SafetyHold } from '../../../../shared/safety/contract';
import { listSafetyHolds, reviewSafetyHold } from '../../../../shared/safety/admin-endpoints';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { call } from '../../../lib/api';
import { messageOf, useStaffQuery } from '../console/access';
import { formatDateTime } from '../format';
import { ReasonDialog } from '../users/ReasonDialog';

/** Accounts paused as self-declared minors, waiting for a review: lift the pause or keep it. */
export function SafetyHolds() {
  const holds = useStaffQuery(['safety-holds', 'open'], () =>
    call(listSafetyHolds, { query: { status: 'open' } }),
  );
  const client = useQueryClient();
  const review = useMutation({
    mutationFn: (v: { userId: string; outcome: 'released' | 'upheld'; note: string }) =>
      call(reviewSafetyHold, {
        params: { userId: v.userId },
        body: { outcome: v.outcome, note: v.note },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
  const [open, setOpen] = useState<{ hold: SafetyHold; outcome: 'released' | 'upheld' } | null>(
    null,
  );
  const opener = useRef<HTMLButtonElement | null>(null);
  const start = (
    hold: SafetyHold,
    outcome: 'released' | 'upheld',
    e: React.MouseEvent<HTMLButtonElement>,
  ) => {
    opener.current = e.currentTarget;
    review.reset();
    setOpen({ hold, outcome });
  };

  return (
    <div className="space-y-3">
      <h3 className="text-lg font-bold">Paused accounts</h3>
      {holds.isPending ? (
        <p className="text-muted">Loading...</p>
      ) : holds.isError ? (
        <p role="alert" className="text-error">
          {messageOf(holds.error)}
        </p>
      ) : holds.data.length === 0 ? (
        <p className="text-muted">No account is waiting for a review.</p>
      ) : (
        <ul
          aria-label="Paused accounts"
          className="divide-y divide-border rounded-xl border border-border"
        >
          {holds.data.map((h) => (
            <li
              key={h.userId}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1 text-sm">
                <Link
                  href={`/admin/users/${encodeURIComponent(h.userId)}`}
                  className="font-medium break-all underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
                >
                  {h.email}
                </Link>
                <p className="text-muted">
                  Paused {formatDateTime(h.pausedAt)} · found by{' '}
                  {h.detectedBy === 'rule' ? 'the rule' : 'the model'}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  className="h-11"
                  onClick={(e) => start(h, 'released', e)}
                >
                  Lift pause
                </Button>
                <Button variant="secondary" className="h-11" onClick={(e) => start(h, 'upheld', e)}>
                  Keep pause
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <ReasonDialog
          title={open.outcome === 'released' ? 'Lift the pause' : 'Keep the pause'}
          description={`${open.hold.email}: say why, for the audit log.`}
          confirmLabel={open.outcome === 'released' ? 'Lift pause' : 'Keep pause'}
          run={({ reason }) =>
            review
              .mutateAsync({ userId: open.hold.userId, outcome: open.outcome, note: reason })
              .then(() =>
                toast({ title: open.outcome === 'released' ? 'Pause lifted' : 'Pause kept' }),
              )
          }
          pending={review.isPending}
          error={review.error}
          onClose={() => setOpen(null)}
          opener={opener}
        />
      )}
    </div>
  );
}
