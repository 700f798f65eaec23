import { toCsv } from '../csv';
import { modelsOf } from './series';
import type { UsageResponse } from '../../../../shared/staff/usage-contract';

/** The days table as stored: one row per day and model, numbers unformatted. */
export function daysCsv(report: UsageResponse): string {
  const labels = new Map(modelsOf(report).map((m) => [m.model, m.label]));
  return toCsv(
    [
      'day',
      'model',
      'label',
      'replies',
      'failures',
      'input_tokens',
      'output_tokens',
      'estimated_calls',
      'ttft_p50_ms',
      'ttft_p95_ms',
      'cost_usd',
    ],
    report.days.map((d) => [
      d.day,
      d.model,
      labels.get(d.model) ?? d.model,
      d.replies,
      d.failures,
      d.inputTokens,
      d.outputTokens,
      d.estimatedCalls,
      d.ttftP50Ms,
      d.ttftP95Ms,
      d.costUsd.toFixed(2),
    ]),
  );
}

/** The plans table: revenue (an estimate when the report says so), cost and margin. */
export function plansCsv(report: UsageResponse): string {
  return toCsv(
    [
      'plan',
      'active_users',
      'replies',
      'input_tokens',
      'output_tokens',
      report.revenueIsEstimate ? 'revenue_usd_estimated' : 'revenue_usd',
      'cost_usd',
      'margin_usd',
    ],
    report.plans.map((p) => [
      p.plan,
      p.activeUsers,
      p.replies,
      p.inputTokens,
      p.outputTokens,
      p.revenueUsd.toFixed(2),
      p.costUsd.toFixed(2),
      p.marginUsd.toFixed(2),
    ]),
  );
}
