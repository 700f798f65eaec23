import type { SafetyReport } from '../../../../shared/safety/contract';
import { toCsv } from '../csv';

/** The report as CSV (one row a month), for a spreadsheet or the yearly filing. */
export function reportCsv(report: SafetyReport): string {
  return toCsv(
    ['month', 'crisis_referrals', 'ai_notices', 'minors_paused'],
    report.months.map((m) => [m.month, m.crisisReferrals, m.aiNotices, m.minorsPaused]),
  );
}
