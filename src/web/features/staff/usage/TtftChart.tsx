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
import { formatCount, formatMs, formatUsd } from './format';
import type { UsageModel } from '../../../../shared/staff/usage-contract';

/** Time to first token per model, the median and the slowest twentieth. */
export function TtftChart({ models }: { models: UsageModel[] }) {
  const measured = models.filter((m) => m.ttftP50Ms !== null);
  const summary = measured.length
    ? measured
        .map((m) => `${m.label}: ${formatMs(m.ttftP50Ms)} median, ${formatMs(m.ttftP95Ms)} at p95`)
        .join('; ') + '.'
    : 'No reply measured its time to first token in this range.';
  return (
    <ChartCard
      title="Time to first token per model"
      summary={summary}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={models} margin={CHART_MARGIN} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID_STROKE} vertical={false} />
            <XAxis dataKey="label" tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} />
            <YAxis unit=" ms" tick={AXIS_TICK} axisLine={false} tickLine={false} width={64} />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              cursor={TOOLTIP_CURSOR}
              formatter={(v) => formatMs(Number(v))}
            />
            <Legend wrapperStyle={LEGEND_STYLE} itemSorter={null} />
            <Bar dataKey="ttftP50Ms" name="p50" fill="var(--accent)" />
            <Bar dataKey="ttftP95Ms" name="p95" fill="var(--accent-2)" />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <NumberTable
          caption="Per model"
          head={[
            'Model',
            'Replies',
            'Failures',
            'Tokens in',
            'Tokens out',
            'Cost',
            'TTFT p50',
            'TTFT p95',
          ]}
          rows={models.map((m) => [
            m.label,
            formatCount(m.replies),
            formatCount(m.failures),
            formatCount(m.inputTokens),
            formatCount(m.outputTokens),
            formatUsd(m.costUsd),
            formatMs(m.ttftP50Ms),
            formatMs(m.ttftP95Ms),
          ])}
        />
      }
    />
  );
}
