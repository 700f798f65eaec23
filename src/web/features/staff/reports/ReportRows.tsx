import { Link } from 'wouter';
import { REPORT_REASON_LABELS, type ReportQueue } from '../../../../shared/reports/contract';
import { formatDateTime } from '../format';
import { KIND_LABELS } from './labels';

/** Reports as links to their pages: reason, character, kind, when. */
export function ReportRows({ label, reports }: { label: string; reports: ReportQueue['reports'] }) {
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-xl border border-border">
      {reports.map((r) => (
        <li key={r.id}>
          <Link
            href={`/admin/reports/${r.id}`}
            className="flex min-h-11 flex-col gap-0.5 px-4 py-3 hover:bg-hover-strong sm:flex-row sm:items-center sm:gap-4"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{REPORT_REASON_LABELS[r.reason]}</span>
              <span className="block truncate text-sm text-muted">
                {r.characterName ?? 'Character deleted'}
              </span>
            </span>
            <span className="flex flex-wrap gap-x-3 text-sm text-muted">
              <span>{KIND_LABELS[r.kind]}</span>
              <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              {r.hasDetails && <span>with details</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
