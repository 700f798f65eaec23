import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  AXIS_LINE,
  CHART_MARGIN,
  AXIS_TICK,
  GRID_STROKE,
  LEGEND_STYLE,
  TOOLTIP_CURSOR,
  TOOLTIP_STYLE,
} from './chart-style';
import { ChartCard, NumberTable } from './ChartCard';
import { formatCount, formatUsd } from './format';
import type { UsagePlan } from '../../../../shared/staff/usage-contract';

/** Each plan's revenue against what its replies cost, and the margin left. */
export function PlansChart({
  plans,
  revenueIsEstimate,
  onDownload,
}: {
  plans: UsagePlan[];
  revenueIsEstimate: boolean;
  onDownload: () => void;
}) {
  const summary =
    plans
      .map(
        (p) =>
          `${p.plan}: ${formatUsd(p.revenueUsd)} revenue, ${formatUsd(p.costUsd)} cost, ${formatUsd(p.marginUsd)} margin`,
      )
      .join('; ') + (revenueIsEstimate ? '. Revenue is estimated from the plans’ prices.' : '.');
  return (
    <ChartCard
      title="Revenue and cost per plan"
      summary={summary}
      onDownload={onDownload}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={plans} margin={CHART_MARGIN} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID_STROKE} vertical={false} />
            <XAxis dataKey="plan" tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} />
            <YAxis
              tickFormatter={(v: number) => `$${formatCount(v)}`}
              tick={AXIS_TICK}
              axisLine={false}
              tickLine={false}
              width={64}
            />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              cursor={TOOLTIP_CURSOR}
              formatter={(v) => formatUsd(Number(v))}
            />
            <Legend wrapperStyle={LEGEND_STYLE} itemSorter={null} />
            <Bar
              dataKey="revenueUsd"
              name={revenueIsEstimate ? 'Revenue (estimated)' : 'Revenue'}
              fill="var(--status-success)"
            />
            <Bar dataKey="costUsd" name="Cost" fill="var(--status-warning)" />
            <Bar dataKey="marginUsd" name="Margin" fill="var(--accent)" />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <NumberTable
          caption="Revenue and cost per plan"
          head={[
            'Plan',
            'Active users',
            'Replies',
            'Tokens in',
            'Tokens out',
            'Revenue',
            'Cost',
            'Margin',
          ]}
          rows={plans.map((p) => [
            p.plan,
            formatCount(p.activeUsers),
            formatCount(p.replies),
            formatCount(p.inputTokens),
            formatCount(p.outputTokens),
            formatUsd(p.revenueUsd),
            formatUsd(p.costUsd),
            formatUsd(p.marginUsd),
          ])}
        />
      }
    />
  );
}
