import type { SafetyReport } from '../../../../shared/safety/contract';

/** The report as CSV (one row a month), for a spreadsheet or the yearly filing. */
export function reportCsv(report: SafetyReport): string {
  const rows = [
    ['month', 'crisis_referrals', 'ai_notices', 'minors_paused'],
    ...report.months.map((m) => [m.month, m.crisisReferrals, m.aiNotices, m.minorsPaused]),
  ];
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}

/** Saves text as a file, from the browser (no request). */
export function downloadText(text: string, fileName: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
