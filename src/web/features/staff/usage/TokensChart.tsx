import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
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
  TOOLTIP_STYLE,
} from './chart-style';
import { ChartCard, NumberTable } from './ChartCard';
import { formatCount, shortDay } from './format';
import type { DayPoint } from './series';

/** Tokens sent to the models and received from them, per day. */
export function TokensChart({ points }: { points: DayPoint[] }) {
  const input = points.reduce((n, p) => n + p.inputTokens, 0);
  const output = points.reduce((n, p) => n + p.outputTokens, 0);
  return (
    <ChartCard
      title="Tokens per day"
      summary={`${formatCount(input)} tokens in and ${formatCount(output)} tokens out over ${points.length} days.`}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={CHART_MARGIN} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID_STROKE} vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={shortDay}
              tick={AXIS_TICK}
              axisLine={AXIS_LINE}
              tickLine={false}
              minTickGap={16}
            />
            <YAxis
              tickFormatter={(v: number) => compact(v)}
              tick={AXIS_TICK}
              axisLine={false}
              tickLine={false}
              width={48}
            />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              labelFormatter={(d) => shortDay(String(d))}
              formatter={(v) => formatCount(Number(v))}
            />
            <Legend wrapperStyle={LEGEND_STYLE} itemSorter={null} />
            <Line
              dataKey="inputTokens"
              name="Tokens in"
              stroke="var(--accent)"
              strokeWidth={2}
              dot={false}
            />
            <Line
              dataKey="outputTokens"
              name="Tokens out"
              stroke="var(--accent-2)"
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <NumberTable
          caption="Tokens per day"
          head={['Day', 'Tokens in', 'Tokens out']}
          rows={points.map((p) => [p.day, formatCount(p.inputTokens), formatCount(p.outputTokens)])}
        />
      }
    />
  );
}

/** An axis label: 1,200 → 1.2k, 3,400,000 → 3.4M. */
function compact(n: number): string {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return formatCount(n);
}
