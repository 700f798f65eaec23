import { useState } from 'react';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportQueue as Queue,
} from '../../../../shared/reports/contract';
import { messageOf } from '../console/access';
import { ReportRows } from './ReportRows';
import { useReportQueue, type QueueStatus } from './reports-api';
import { Tabs } from './Tabs';

const TABS = [
  { id: 'open', label: 'Open' },
  { id: 'closed', label: 'Closed' },
] as const;

/** The tab last shown, kept for the way back from a report's page. */
let lastStatus: QueueStatus = 'open';

/** The review queue: open or closed reports, most serious and newest first, as the server orders. */
export function ReportQueue() {
  const [status, setStatus] = useState<QueueStatus>(lastStatus);
  const queue = useReportQueue(status);
  const choose = (next: QueueStatus) => {
    lastStatus = next;
    setStatus(next);
  };
  return (
    <div className="space-y-4">
      {queue.data && <ReasonCounts counts={queue.data.openByReason} />}
      <Tabs
        label="Reports"
        options={TABS}
        value={status}
        onChange={choose}
        panelId="staff-report-queue"
      />
      <div role="tabpanel" id="staff-report-queue" aria-labelledby={`staff-report-queue-${status}`}>
        {queue.isPending ? (
          <p className="text-muted">Loading the reports...</p>
        ) : queue.isError ? (
          <p role="alert" className="text-error">
            {messageOf(queue.error)}
          </p>
        ) : queue.data.reports.length === 0 ? (
          <p className="text-muted">
            {status === 'open' ? 'Nothing to review.' : 'No closed reports.'}
          </p>
        ) : (
          <ReportRows label="Report queue" reports={queue.data.reports} />
        )}
      </div>
    </div>
  );
}

/** Open reports by reason, as chips (the most serious first). */
function ReasonCounts({ counts }: { counts: Queue['openByReason'] }) {
  return (
    <ul aria-label="Open reports by reason" className="flex flex-wrap gap-2">
      {REPORT_REASONS.map((reason) => (
        <li
          key={reason}
          className={`rounded-full border px-3 py-1 text-xs font-medium ${
            counts[reason] ? 'border-accent text-fg' : 'border-border text-muted'
          }`}
        >
          {REPORT_REASON_LABELS[reason]}: <span className="font-bold">{counts[reason] ?? 0}</span>
        </li>
      ))}
    </ul>
  );
}
