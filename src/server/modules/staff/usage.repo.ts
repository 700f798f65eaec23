import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The usage page's reads (issue 48 part 3) over `model_usage`, `model_offering` and the stored
 * subscriptions. Every figure is summed by the database; the service prices and rounds.
 */

/** A half-open range of instants: [start, end). */
export interface UsageRange {
  start: Date;
  end: Date;
}

/** What each group of calls adds up to. */
export interface CallCounts {
  replies: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  estimatedCalls: number;
  ttftP50Ms: number | null;
  ttftP95Ms: number | null;
}

type RawCounts = {
  replies: number | string;
  failures: number | string;
  input_tokens: number | string;
  output_tokens: number | string;
  estimated_calls: number | string;
  ttft_p50: number | string | null;
  ttft_p95: number | string | null;
};

const REPLY = sql`purpose = 'reply' and ok`;

/** The aggregates every grouping shares; time to first token over the replies only. */
const COUNTS = sql`
  count(*) filter (where ${REPLY})::int as replies,
  count(*) filter (where purpose = 'reply' and not ok)::int as failures,
  coalesce(sum(input_tokens), 0)::float8 as input_tokens,
  coalesce(sum(output_tokens), 0)::float8 as output_tokens,
  count(*) filter (where estimated)::int as estimated_calls,
  percentile_cont(0.5) within group (order by ttft_ms) filter (where ${REPLY}) as ttft_p50,
  percentile_cont(0.95) within group (order by ttft_ms) filter (where ${REPLY}) as ttft_p95`;

const inRange = ({ start, end }: UsageRange) =>
  sql`at >= ${start.toISOString()}::timestamptz and at < ${end.toISOString()}::timestamptz`;

const ms = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

function countsOf(row: RawCounts): CallCounts {
  return {
    replies: Number(row.replies),
    failures: Number(row.failures),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    estimatedCalls: Number(row.estimated_calls),
    ttftP50Ms: ms(row.ttft_p50),
    ttftP95Ms: ms(row.ttft_p95),
  };
}

/** One row per UTC day and model with any call, oldest day first. */
export async function usageByDayAndModel(db: Database, range: UsageRange) {
  const { rows } = await db.execute<RawCounts & { day: string; model: string }>(sql`
    select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, model, ${COUNTS}
    from model_usage where ${inRange(range)}
    group by 1, 2 order by 1, 2`);
  return rows.map((row) => ({ day: row.day, model: row.model, ...countsOf(row) }));
}

/** One row per model with any call over the whole range (its percentiles are the range's). */
export async function usageByModel(db: Database, range: UsageRange) {
  const { rows } = await db.execute<RawCounts & { model: string }>(sql`
    select model, ${COUNTS} from model_usage where ${inRange(range)}
    group by 1 order by 1`);
  return rows.map((row) => ({ model: row.model, ...countsOf(row) }));
}

/**
 * The plan a call is counted under: the one recorded with it, else (a call recorded without one)
 * the account's plan now, else Free.
 */
const PLAN_OF_CALL = sql`coalesce(u.plan, ca.plan, 'free')`;

/** Replies and tokens by plan and model (a model's price makes a plan's cost). */
export async function usageByPlanAndModel(db: Database, range: UsageRange) {
  const { rows } = await db.execute<{
    plan: string;
    model: string;
    replies: number | string;
    input_tokens: number | string;
    output_tokens: number | string;
  }>(sql`
    select ${PLAN_OF_CALL} as plan, u.model,
      count(*) filter (where u.purpose = 'reply' and u.ok)::int as replies,
      coalesce(sum(u.input_tokens), 0)::float8 as input_tokens,
      coalesce(sum(u.output_tokens), 0)::float8 as output_tokens
    from model_usage u left join credit_account ca on ca.user_id = u.user_id
    where ${inRange(range)}
    group by 1, 2`);
  return rows.map((row) => ({
    plan: row.plan,
    model: row.model,
    replies: Number(row.replies),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
  }));
}

/**
 * The accounts with a reply in the range, by plan. A deleted account's calls have no id any more
 * and are not counted here (their replies and tokens still are).
 */
export async function activeUsersByPlan(db: Database, range: UsageRange) {
  const { rows } = await db.execute<{ plan: string; users: number | string }>(sql`
    select ${PLAN_OF_CALL} as plan, count(distinct u.user_id)::int as users
    from model_usage u left join credit_account ca on ca.user_id = u.user_id
    where ${inRange(range)} and u.purpose = 'reply' and u.ok and u.user_id is not null
    group by 1`);
  return rows.map((row) => ({ plan: row.plan, users: Number(row.users) }));
}

/** Each model's label and token prices (US dollars per million tokens). */
export async function modelPrices(db: Database) {
  const { rows } = await db.execute<{
    model: string;
    label: string;
    input: number | string;
    output: number | string;
  }>(sql`
    select model, label, input_usd_per_million as input, output_usd_per_million as output
    from model_offering`);
  return new Map(
    rows.map((row) => [
      row.model,
      { label: row.label, input: Number(row.input), output: Number(row.output) },
    ]),
  );
}

/** The stored subscriptions that keep a paid plan and whose current period meets the range. */
export async function payingSubscriptions(db: Database, range: UsageRange) {
  const { rows } = await db.execute<{
    price_id: string;
    period_start: string | Date;
    period_end: string | Date;
  }>(sql`
    select price_id, current_period_start as period_start, current_period_end as period_end
    from subscription
    where status in ('active', 'trialing', 'past_due')
      and current_period_start < ${range.end.toISOString()}::timestamptz
      and current_period_end > ${range.start.toISOString()}::timestamptz`);
  return rows.map((row) => ({
    priceId: row.price_id,
    periodStart: new Date(row.period_start),
    periodEnd: new Date(row.period_end),
  }));
}
