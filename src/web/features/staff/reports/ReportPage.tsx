import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { REPORT_REASON_LABELS, type ReportDetail } from '../../../../shared/reports/contract';
import { messageOf } from '../console/access';
import { formatDateTime } from '../format';
import { CharacterDefinition } from './CharacterDefinition';
import { DecisionList } from './DecisionList';
import { KIND_LABELS } from './labels';
import { MessageContext } from './MessageContext';
import { ReportActions } from './ReportActions';
import { ReportRows } from './ReportRows';
import { useReport } from './reports-api';

/** One report: what was reported and why, its context, the decisions, and the actions. */
export function ReportPage({ reportId }: { reportId: number }) {
  const page = useReport(reportId);
  return (
    <div className="space-y-6">
      <Link
        href="/admin/reports"
        className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden /> All reports
      </Link>
      {page.isPending ? (
        <p className="text-muted">Loading the report...</p>
      ) : page.isError ? (
        <p role="alert" className="text-error">
          {messageOf(page.error)}
        </p>
      ) : (
        <ReportFacts detail={page.data} />
      )}
    </div>
  );
}

function ReportFacts({ detail }: { detail: ReportDetail }) {
  const { report } = detail;
  return (
    <>
      <div>
        <h3 className="text-lg font-bold">{REPORT_REASON_LABELS[report.reason]}</h3>
        <p className="text-muted">
          {KIND_LABELS[report.kind]} report · {formatDateTime(report.createdAt)} ·{' '}
          <span className={report.status === 'open' ? 'font-semibold text-warning' : ''}>
            {report.status === 'open' ? 'Open' : 'Closed'}
          </span>
        </p>
        <p className="mt-2 break-words whitespace-pre-wrap">
          {report.details ?? <span className="text-muted">The reporter added no details.</span>}
        </p>
      </div>
      <ReportActions detail={detail} />
      {report.kind === 'message' && (
        <Part title="The message in its conversation">
          <MessageContext detail={detail} />
        </Part>
      )}
      <Part title="The character">
        <CharacterDefinition character={detail.character} />
      </Part>
      <Part title="Decisions">
        <DecisionList decisions={detail.decisions} />
      </Part>
      <Part title="Earlier reports about this user or character">
        {detail.earlier.length === 0 ? (
          <p className="text-sm text-muted">None.</p>
        ) : (
          <ReportRows label="Earlier reports" reports={detail.earlier} />
        )}
      </Part>
    </>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-bold">{title}</h3>
      <div className="mt-2">{children}</div>
    </div>
  );
}
