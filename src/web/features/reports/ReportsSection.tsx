import { useQuery } from '@tanstack/react-query';
import type { MyReports } from '../../../shared/reports/contract';
import { REPORT_REASON_LABELS } from '../../../shared/reports/contract';
import { Section } from '../account/Section';
import { myReportsQuery } from './reports-api';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const OUTCOMES = {
  dismiss: 'Looked at: no action was needed',
  'remove-message': 'The message was removed',
  'remove-character': 'The character was removed',
  'suspend-user': 'The account was suspended',
} as const;

type Removal = MyReports['removals'][number];
const removalText = (r: Removal) =>
  r.kind === 'message'
    ? `A message${r.characterName ? ` with ${r.characterName}` : ''} was removed by moderation`
    : r.kind === 'character'
      ? `${r.characterName ?? 'A character'} was removed by moderation: it can no longer reply`
      : 'Your account was suspended by moderation';

/**
 * Account → Reports (issue 49): what the user reported and what became of it, and anything of
 * theirs that moderation removed (or gave back).
 */
export function ReportsSection() {
  const mine = useQuery(myReportsQuery);
  const reports = mine.data?.reports ?? [];
  const removals = mine.data?.removals ?? [];
  return (
    <Section
      id="account-reports"
      title="Reports"
      description="What you reported to the moderators, and what they decided."
    >
      {mine.isPending ? (
        <p role="status" className="text-sm text-muted">
          Loading…
        </p>
      ) : mine.isError ? (
        <p className="text-sm text-muted">
          Could not load your reports. Reload the page to try again.
        </p>
      ) : reports.length === 0 && removals.length === 0 ? (
        <p className="text-sm text-muted">You have not reported anything.</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {removals.map((r) => (
            <li key={`removal-${r.decisionId}`} className="rounded-lg border border-border p-3">
              <p className="font-semibold">
                {r.reversedAt ? `${removalText(r)} — and then restored` : removalText(r)}
              </p>
              <p className="text-muted">{when(r.reversedAt ?? r.createdAt)}</p>
            </li>
          ))}
          {reports.map((r) => (
            <li key={r.id} className="rounded-lg border border-border p-3">
              <p className="font-semibold">
                {r.kind === 'message' ? 'A message' : 'A character'} ·{' '}
                {REPORT_REASON_LABELS[r.reason]}
              </p>
              <p className="text-muted">
                Sent {when(r.createdAt)} ·{' '}
                {r.status === 'open' || !r.outcome
                  ? 'Waiting for a moderator'
                  : `${OUTCOMES[r.outcome]} (${when(r.decidedAt ?? r.createdAt)})`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
