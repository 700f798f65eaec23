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
import { formatCount, shortDay } from './format';
import { busiest, colourAt, FAILURE_COLOUR, type DayPoint } from './series';

/** Replies per day stacked by model, failures beside them; the days table as CSV. */
export function RepliesChart({
  points,
  models,
  onDownload,
}: {
  points: DayPoint[];
  models: { model: string; label: string }[];
  onDownload: () => void;
}) {
  const replies = points.reduce((n, p) => n + p.replies, 0);
  const failures = points.reduce((n, p) => n + p.failures, 0);
  const peak = busiest(points);
  const summary =
    `${formatCount(replies)} replies and ${formatCount(failures)} failures over ${points.length} days` +
    (peak
      ? `; the busiest day was ${shortDay(peak.day)} with ${formatCount(peak.replies)} replies.`
      : '.');
  return (
    <ChartCard
      title="Replies and failures per day"
      summary={summary}
      onDownload={onDownload}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={CHART_MARGIN} accessibilityLayer={false}>
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
              allowDecimals={false}
              tick={AXIS_TICK}
              axisLine={false}
              tickLine={false}
              width={48}
            />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              cursor={TOOLTIP_CURSOR}
              labelFormatter={(d) => shortDay(String(d))}
            />
            <Legend wrapperStyle={LEGEND_STYLE} itemSorter={null} />
            {models.map((m, i) => (
              <Bar
                key={m.model}
                dataKey={`m${i}`}
                name={m.label}
                stackId="replies"
                fill={colourAt(i)}
              />
            ))}
            <Bar dataKey="failures" name="Failures" fill={FAILURE_COLOUR} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <NumberTable
          caption="Replies and failures per day"
          head={['Day', ...models.map((m) => m.label), 'Replies', 'Failures']}
          rows={points.map((p) => [
            p.day,
            ...models.map((_, i) => formatCount(p[`m${i}`] ?? 0)),
            formatCount(p.replies),
            formatCount(p.failures),
          ])}
        />
      }
    />
  );
}
