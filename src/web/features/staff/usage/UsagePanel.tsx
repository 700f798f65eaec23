import { Loader2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadCsv } from '../csv';
import { PlansChart } from './PlansChart';
import { lastDays, type DayRange } from './range';
import { RangePicker } from './RangePicker';
import { RepliesChart } from './RepliesChart';
import { dayPoints, modelsOf } from './series';
import { TokensChart } from './TokensChart';
import { Totals } from './Totals';
import { TtftChart } from './TtftChart';
import { useUsage } from './usage-api';
import { daysCsv, plansCsv } from './usage-csv';
import type { UsageResponse } from '../../../../shared/staff/usage-contract';

/**
 * The console's Usage section (issue 48 part 3): replies, failures, tokens, time to first token
 * and what each plan brings in against what its replies cost, over a range of days.
 */
export function UsagePanel() {
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const usage = useUsage(range);
  return (
    <div className="space-y-6">
      <RangePicker range={range} onChange={setRange} />
      {usage.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Loading usage…
        </p>
      ) : usage.isError ? (
        <div role="alert" className="space-y-3 rounded-2xl border border-error/60 bg-surface p-6">
          <p className="text-sm">The usage could not be loaded: {usage.error.message}</p>
          <Button variant="secondary" className="h-11" onClick={() => void usage.refetch()}>
            Try again
          </Button>
        </div>
      ) : usage.data.totals.replies + usage.data.totals.failures === 0 ? (
        <p className="rounded-2xl border border-border bg-surface p-6 text-sm text-muted">
          No model calls in this range.
        </p>
      ) : (
        <Report report={usage.data} range={range} stale={usage.isPlaceholderData} />
      )}
    </div>
  );
}

function Report({
  report,
  range,
  stale,
}: {
  report: UsageResponse;
  range: DayRange;
  stale: boolean;
}) {
  const points = useMemo(() => dayPoints(report, range), [report, range]);
  const models = useMemo(() => modelsOf(report), [report]);
  const name = (table: string) => `reverie-${table}-${range.from}-to-${range.to}.csv`;
  return (
    <div className={`space-y-6 transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
      <Totals report={report} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <RepliesChart
          points={points}
          models={models}
          onDownload={() => downloadCsv(name('usage-days'), daysCsv(report))}
        />
        <TokensChart points={points} />
        <TtftChart models={report.models} />
        <PlansChart
          plans={report.plans}
          revenueIsEstimate={report.revenueIsEstimate}
          onDownload={() => downloadCsv(name('usage-plans'), plansCsv(report))}
        />
      </div>
    </div>
  );
}
