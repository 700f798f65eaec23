import { useRef, useState, type MouseEvent } from 'react';
import type { DecisionAction, ReportDetail } from '../../../../shared/reports/contract';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ReasonDialog } from '../users/ReasonDialog';
import { DECISION_LABELS } from './labels';
import { useDecideReport } from './reports-api';

const ACTIONS: Record<DecisionAction, { button: string; description: string; danger: boolean }> = {
  dismiss: {
    button: 'Dismiss',
    description: 'Nothing is changed; the reporter is told the report was reviewed.',
    danger: false,
  },
  'remove-message': {
    button: 'Remove message',
    description: "Its owner sees 'Removed by moderation' in its place.",
    danger: true,
  },
  'remove-character': {
    button: 'Remove character',
    description: 'Its conversations stay readable, but it can no longer reply.',
    danger: true,
  },
  'suspend-user': {
    button: 'Suspend user',
    description: 'They are signed out and cannot sign in until an admin reverses this.',
    danger: true,
  },
};

/** The decisions open to staff on an open report, each with a note in a dialog. */
export function ReportActions({ detail }: { detail: ReportDetail }) {
  const decide = useDecideReport(detail.report.id);
  const [open, setOpen] = useState<DecisionAction | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (detail.report.status !== 'open') return null;
  const offered: DecisionAction[] = [
    'dismiss',
    ...(detail.report.kind === 'message' && detail.message && !detail.message.removed
      ? (['remove-message'] as const)
      : []),
    ...(detail.character && !detail.character.removed ? (['remove-character'] as const) : []),
    ...(detail.report.subjectUserId ? (['suspend-user'] as const) : []),
  ];
  const start = (action: DecisionAction, event: MouseEvent<HTMLButtonElement>) => {
    opener.current = event.currentTarget;
    decide.reset();
    setOpen(action);
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {offered.map((action) => (
        <Button
          key={action}
          variant={ACTIONS[action].danger ? 'destructive' : 'secondary'}
          className="h-11"
          onClick={(e) => start(action, e)}
        >
          {ACTIONS[action].button}
        </Button>
      ))}
      {open && (
        <ReasonDialog
          title={ACTIONS[open].button}
          description={ACTIONS[open].description}
          confirmLabel={ACTIONS[open].button}
          variant={ACTIONS[open].danger ? 'destructive' : 'primary'}
          run={({ reason }) =>
            decide
              .mutateAsync({ action: open, note: reason })
              .then(() => toast({ title: DECISION_LABELS[open] }))
          }
          pending={decide.isPending}
          error={decide.error}
          onClose={() => setOpen(null)}
          opener={opener}
        />
      )}
    </div>
  );
}
