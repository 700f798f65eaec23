import { Download } from 'lucide-react';
import { safetyReport } from '../../../../shared/safety/admin-endpoints';
import { Button } from '../../../components/ui/button';
import { call } from '../../../lib/api';
import { messageOf, useStaffQuery } from '../console/access';
import { downloadCsv } from '../csv';
import { reportCsv } from './report-csv';
import { SafetyHolds } from './SafetyHolds';

/** The crisis protocol's monthly counts (with a CSV download) and the paused accounts. */
export function SafetySection() {
  const report = useStaffQuery(['safety-report'], () => call(safetyReport));
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-bold">Monthly report</h3>
          {report.data && (
            <Button
              variant="secondary"
              className="h-11"
              onClick={() => downloadCsv('safety-report.csv', reportCsv(report.data))}
            >
              <Download className="size-4" aria-hidden /> Download CSV
            </Button>
          )}
        </div>
        {report.isPending ? (
          <p className="text-muted">Loading the report...</p>
        ) : report.isError ? (
          <p role="alert" className="text-error">
            {messageOf(report.error)}
          </p>
        ) : (
          <div>
            <table className="w-full text-sm">
              <thead className="text-left text-muted">
                <tr>
                  <th className="py-2 font-medium">Month</th>
                  <th className="py-2 text-right font-medium">Crisis referrals</th>
                  <th className="py-2 text-right font-medium">AI notices</th>
                  <th className="py-2 text-right font-medium">Minors paused</th>
                </tr>
              </thead>
              <tbody>
                {report.data.months.map((m) => (
                  <tr key={m.month} className="border-t border-border">
                    <td className="py-2">{m.month}</td>
                    <td className="py-2 text-right">{m.crisisReferrals}</td>
                    <td className="py-2 text-right">{m.aiNotices}</td>
                    <td className="py-2 text-right">{m.minorsPaused}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <SafetyHolds />
    </div>
  );
}
