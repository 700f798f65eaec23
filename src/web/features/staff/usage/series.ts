import { daysIn, type DayRange } from './range';
import type { UsageResponse } from '../../../../shared/staff/usage-contract';

/** Series colours, all theme tokens (src/web/styles.css), so every theme redraws the charts. */
export const SERIES_COLOURS = [
  'var(--accent)',
  'var(--accent-2)',
  'var(--status-success)',
  'var(--status-warning)',
  'var(--status-online)',
  'var(--text-secondary)',
] as const;
export const colourAt = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length]!;
export const FAILURE_COLOUR = 'var(--status-error)';

/** Each model the report names, with its label, in the report's order. */
export function modelsOf(report: UsageResponse): { model: string; label: string }[] {
  const seen = new Map(report.models.map((m) => [m.model, m.label || m.model]));
  for (const day of report.days) if (!seen.has(day.model)) seen.set(day.model, day.model);
  return [...seen].map(([model, label]) => ({ model, label }));
}

export interface DayPoint {
  day: string;
  replies: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  /** Replies per model, by the model's index in modelsOf (keys `m0`, `m1`…). */
  [key: `m${number}`]: number;
}

/** One point per day of the range (a quiet day is zero), the models' rows added up. */
export function dayPoints(report: UsageResponse, range: DayRange): DayPoint[] {
  const models = modelsOf(report).map((m) => m.model);
  const points = new Map<string, DayPoint>();
  for (const day of daysIn(range)) {
    const point: DayPoint = { day, replies: 0, failures: 0, inputTokens: 0, outputTokens: 0 };
    models.forEach((_, i) => (point[`m${i}`] = 0));
    points.set(day, point);
  }
  for (const row of report.days) {
    const point = points.get(row.day);
    if (!point) continue;
    const key = `m${models.indexOf(row.model)}` as const;
    point[key] = (point[key] ?? 0) + row.replies;
    point.replies += row.replies;
    point.failures += row.failures;
    point.inputTokens += row.inputTokens;
    point.outputTokens += row.outputTokens;
  }
  return [...points.values()];
}

/** The day with the most replies, for the charts' text alternatives. */
export function busiest(points: DayPoint[]): DayPoint | undefined {
  return points.reduce<DayPoint | undefined>(
    (best, p) => (p.replies > (best?.replies ?? 0) ? p : best),
    undefined,
  );
}
