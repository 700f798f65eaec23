import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { DecisionAction } from '../../../../shared/reports/contract';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useSession } from '../../auth/session';
import { formatDateTime } from '../format';
import { ReasonDialog } from '../users/ReasonDialog';
import { DECISION_LABELS } from './labels';
import { useReverseDecision } from './reports-api';

interface Decision {
  id: number;
  action: DecisionAction;
  note: string;
  createdAt: string;
  reversedAt: string | null;
  /** Who decided (a report's page says). */
  actorId?: string;
  /** Its report (a user's page links to it): null once the report went with its reporter. */
  reportId?: number | null;
}

/**
 * Decisions with their notes, on a report's page or a user's; an admin may reverse a standing
 * one.
 */
export function DecisionList({ decisions }: { decisions: Decision[] }) {
  const { user } = useSession();
  const reverse = useReverseDecision();
  const [open, setOpen] = useState<Decision | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const admin = user?.role === 'admin';
  if (decisions.length === 0) return <p className="text-sm text-muted">None yet.</p>;
  return (
    <>
      <ol aria-label="Decisions" className="space-y-2 text-sm">
        {decisions.map((d) => (
          <li
            key={d.id}
            className="flex flex-col gap-2 rounded-lg border border-border px-3 py-2 sm:flex-row sm:items-start"
          >
            <div className="min-w-0 flex-1 break-words">
              <p>
                <span className={`font-semibold ${d.reversedAt ? 'line-through' : ''}`}>
                  {DECISION_LABELS[d.action]}
                </span>{' '}
                <span className="text-muted">
                  {formatDateTime(d.createdAt)}
                  {d.actorId && ` by ${d.actorId}`}
                </span>
                {d.reversedAt && (
                  <span className="font-semibold text-warning">
                    {' '}
                    · Reversed {formatDateTime(d.reversedAt)}
                  </span>
                )}
              </p>
              <p className="break-words whitespace-pre-wrap">{d.note}</p>
              {d.reportId !== undefined &&
                (d.reportId === null ? (
                  <p className="text-muted">Its report went with the reporter’s account.</p>
                ) : (
                  <Link
                    href={`/admin/reports/${d.reportId}`}
                    className="inline-flex min-h-11 items-center text-accent underline"
                  >
                    Report #{d.reportId}
                  </Link>
                ))}
            </div>
            {admin && !d.reversedAt && (
              <Button
                variant="secondary"
                className="h-11 shrink-0"
                aria-label={`Reverse: ${DECISION_LABELS[d.action]}`}
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  reverse.reset();
                  setOpen(d);
                }}
              >
                Reverse
              </Button>
            )}
          </li>
        ))}
      </ol>
      {open && (
        <ReasonDialog
          title="Reverse the decision"
          description={`${DECISION_LABELS[open.action]}: what was removed or suspended comes back.`}
          confirmLabel="Reverse"
          run={({ reason }) =>
            reverse
              .mutateAsync({ decisionId: open.id, note: reason })
              .then(() => toast({ title: 'Decision reversed' }))
          }
          pending={reverse.isPending}
          error={reverse.error}
          onClose={() => setOpen(null)}
          opener={opener}
        />
      )}
    </>
  );
}
