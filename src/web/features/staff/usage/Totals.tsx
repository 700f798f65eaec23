import { formatCount, formatUsd } from './format';
import type { UsageResponse } from '../../../../shared/staff/usage-contract';

/** The range's figures at a glance; estimates said as such. */
export function Totals({ report }: { report: UsageResponse }) {
  const { totals } = report;
  const figures: [string, string][] = [
    ['Replies', formatCount(totals.replies)],
    ['Failures', formatCount(totals.failures)],
    ['Tokens in', formatCount(totals.inputTokens)],
    ['Tokens out', formatCount(totals.outputTokens)],
    [report.revenueIsEstimate ? 'Revenue (estimated)' : 'Revenue', formatUsd(totals.revenueUsd)],
    ['Model cost', formatUsd(totals.costUsd)],
    ['Margin', formatUsd(totals.marginUsd)],
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-border bg-surface p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {totals.estimatedCalls > 0 && (
        <p className="text-sm text-warning">
          ≈ estimated for {formatCount(totals.estimatedCalls)}{' '}
          {totals.estimatedCalls === 1 ? 'call' : 'calls'} (the provider sent no usage report)
        </p>
      )}
    </div>
  );
}
