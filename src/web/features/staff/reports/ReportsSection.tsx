import { REPORT_NOT_FOUND } from '../../../../shared/reports/contract';
import { ReportPage } from './ReportPage';
import { ReportQueue } from './ReportQueue';

/** Reports: the review queue, or one report's page (/admin/reports/<reportId>). */
export function ReportsSection({ userId: reportId }: { userId: string | null }) {
  if (reportId === null) return <ReportQueue />;
  const id = Number(reportId);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <p role="alert" className="text-error">
        {REPORT_NOT_FOUND}
      </p>
    );
  }
  return <ReportPage reportId={id} />;
}
