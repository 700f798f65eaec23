import { PLANS, type PlanId } from '../../../shared/plans';
import {
  USAGE_DEFAULT_DAYS,
  USAGE_MAX_DAYS,
  USAGE_MESSAGES,
  type UsageQuery,
  type UsageResponse,
} from '../../../shared/staff/usage-contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { planForPrice } from '../billing';
import * as repo from './usage.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A month of a subscription, for its share of the range (the rule in usage-contract.ts). */
const MONTH_DAYS = 30;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const cents = (usd: number) => Math.round(usd * 100) / 100;

/** The UTC days asked for (both included), or the last 30 ending today; 400 when unusable. */
export function usageRange(query: UsageQuery, now = new Date()) {
  const to = query.to ?? dayOf(now);
  const from =
    query.from ?? dayOf(new Date(startOf(to).getTime() - (USAGE_DEFAULT_DAYS - 1) * DAY_MS));
  const start = startOf(from);
  const end = new Date(startOf(to).getTime() + DAY_MS);
  if (start > startOf(to)) throw badRequest(USAGE_MESSAGES.order);
  if ((end.getTime() - start.getTime()) / DAY_MS > USAGE_MAX_DAYS)
    throw badRequest(USAGE_MESSAGES.tooLong);
  return { from, to, start, end };
}

type Prices = Awaited<ReturnType<typeof repo.modelPrices>>;

/** Input and output tokens at the model's prices; a model the Models page does not list costs 0. */
function costOf(prices: Prices, model: string, inputTokens: number, outputTokens: number) {
  const price = prices.get(model);
  if (!price) return 0;
  return (inputTokens * price.input + outputTokens * price.output) / 1e6;
}

/** A plan of PLANS; a plan name stored before a rename (none today) counts as Free. */
const planIdOf = (plan: string): PlanId => (plan in PLANS ? (plan as PlanId) : 'free');

/**
 * Each paid plan's revenue in the range, estimated from the stored subscriptions: the monthly
 * price × the days of the range the subscription's current period covers / 30. A price that is
 * neither configured one counts as Basic, the allowance it earns (billing's rule).
 */
async function revenueByPlan(ctx: Pick<AppContext, 'db' | 'config'>, range: repo.UsageRange) {
  const revenue = new Map<PlanId, number>();
  for (const sub of await repo.payingSubscriptions(ctx.db, range)) {
    const mapped = planForPrice(ctx.config.stripe?.prices, sub.priceId);
    const plan: PlanId = mapped === 'unknown' ? 'basic' : mapped;
    const from = Math.max(sub.periodStart.getTime(), range.start.getTime());
    const to = Math.min(sub.periodEnd.getTime(), range.end.getTime());
    const days = Math.max(0, to - from) / DAY_MS;
    revenue.set(plan, (revenue.get(plan) ?? 0) + (PLANS[plan].priceUsd * days) / MONTH_DAYS);
  }
  return revenue;
}

/** GET /api/admin/usage: what the models did and cost, and what each plan brought in. */
export async function usageReport(
  ctx: Pick<AppContext, 'db' | 'config'>,
  query: UsageQuery,
): Promise<UsageResponse> {
  const { from, to, start, end } = usageRange(query);
  const range = { start, end };
  const [days, models, byPlanModel, active, prices, revenue] = await Promise.all([
    repo.usageByDayAndModel(ctx.db, range),
    repo.usageByModel(ctx.db, range),
    repo.usageByPlanAndModel(ctx.db, range),
    repo.activeUsersByPlan(ctx.db, range),
    repo.modelPrices(ctx.db),
    revenueByPlan(ctx, range),
  ]);

  const plans = new Map(
    Object.values(PLANS).map((plan) => [
      plan.id as PlanId,
      { activeUsers: 0, replies: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 },
    ]),
  );
  for (const row of byPlanModel) {
    const plan = plans.get(planIdOf(row.plan))!;
    plan.replies += row.replies;
    plan.inputTokens += row.inputTokens;
    plan.outputTokens += row.outputTokens;
    plan.costUsd += costOf(prices, row.model, row.inputTokens, row.outputTokens);
  }
  for (const row of active) plans.get(planIdOf(row.plan))!.activeUsers += row.users;

  const modelRows = models.map((row) => {
    const price = prices.get(row.model);
    return {
      ...row,
      label: price?.label ?? row.model,
      costUsd: costOf(prices, row.model, row.inputTokens, row.outputTokens),
      inputUsdPerMillion: price?.input ?? 0,
      outputUsdPerMillion: price?.output ?? 0,
    };
  });
  const sum = (pick: (row: (typeof modelRows)[number]) => number) =>
    modelRows.reduce((total, row) => total + pick(row), 0);
  const costUsd = sum((row) => row.costUsd);
  const revenueUsd = [...revenue.values()].reduce((total, usd) => total + usd, 0);

  return {
    from,
    to,
    days: days.map((row) => ({
      ...row,
      costUsd: cents(costOf(prices, row.model, row.inputTokens, row.outputTokens)),
    })),
    models: modelRows.map((row) => ({ ...row, costUsd: cents(row.costUsd) })),
    plans: [...plans].map(([plan, figures]) => {
      const planRevenue = revenue.get(plan) ?? 0;
      return {
        plan,
        ...figures,
        revenueUsd: cents(planRevenue),
        costUsd: cents(figures.costUsd),
        marginUsd: cents(planRevenue - figures.costUsd),
      };
    }),
    totals: {
      replies: sum((row) => row.replies),
      failures: sum((row) => row.failures),
      inputTokens: sum((row) => row.inputTokens),
      outputTokens: sum((row) => row.outputTokens),
      estimatedCalls: sum((row) => row.estimatedCalls),
      revenueUsd: cents(revenueUsd),
      costUsd: cents(costUsd),
      marginUsd: cents(revenueUsd - costUsd),
    },
    revenueIsEstimate: true,
  };
}
