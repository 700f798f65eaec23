import { z } from 'zod';
import { twoFactorRequiredResponse } from './contract';

/**
 * The staff console's usage and cost (issue 48 part 3), staff with two-factor:
 *
 *   GET /api/admin/usage?from=YYYY-MM-DD&to=YYYY-MM-DD   → usageResponse
 *
 * Both days are UTC and included; without them, the last 30 days ending today. `from` after `to`
 * or a range over 366 days is a 400 with a human message.
 *
 * What is counted, from `model_usage` (one row per model call, no text):
 * - replies: calls for a chat reply that answered; failures: those that did not;
 * - tokens and cost: every call, whatever it was for (a summary or a review costs money too);
 *   a call whose provider sent no usage report counts our estimate and is an `estimatedCalls`;
 * - cost: input tokens × the model's input price + output tokens × its output price, per million
 *   (`model_offering`; a model without a row costs 0);
 * - time to first token: the 50th and 95th percentiles over the replies (null without any);
 * - a plan's active users: the accounts with a reply in the range, by the plan they had when they
 *   made it (a call with no plan recorded: the account's plan now, else Free); a deleted
 *   account's calls keep counting in every figure but this one (they name no account).
 *
 * Revenue is an estimate (`revenueIsEstimate`), not Stripe's ledger: for each stored subscription
 * of a paid plan whose status is active, trialing or past_due, the plan's monthly price × the days
 * of the range its current period overlaps / 30. A price that is neither configured one counts as
 * Basic (the allowance it earns). Refunds, discounts, taxes and earlier periods are not seen.
 * Money is in US dollars, rounded to cents; margin = revenue − cost.
 */

export { twoFactorRequiredResponse };

/** The longest range one answer covers. */
export const USAGE_MAX_DAYS = 366;
/** The range without `from` and `to`: this many days ending today (UTC). */
export const USAGE_DEFAULT_DAYS = 30;

export const USAGE_MESSAGES = {
  day: 'Give dates as YYYY-MM-DD.',
  order: 'The start date must not be after the end date.',
  tooLong: `Choose a range of at most ${USAGE_MAX_DAYS} days.`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day, 'YYYY-MM-DD'. */
const daySchema = z
  .string({ error: USAGE_MESSAGES.day })
  .regex(DAY, USAGE_MESSAGES.day)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, USAGE_MESSAGES.day);

/** Each optional; the order and the length are checked once the defaults are known. */
export const usageQuery = z.object({
  from: daySchema.optional(),
  to: daySchema.optional(),
});
export type UsageQuery = z.input<typeof usageQuery>;

const counts = {
  replies: z.number(),
  failures: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Calls whose tokens are our estimate (the provider sent no usage report). */
  estimatedCalls: z.number(),
  ttftP50Ms: z.number().nullable(),
  ttftP95Ms: z.number().nullable(),
  costUsd: z.number(),
};

/** One UTC day and model with any call. */
export const usageDaySchema = z.object({ day: z.string(), model: z.string(), ...counts });
export type UsageDay = z.infer<typeof usageDaySchema>;

/** One model over the range, with the prices its cost was computed from. */
export const usageModelSchema = z.object({
  model: z.string(),
  /** The model's label on the Models page; the model's name when it has no row there. */
  label: z.string(),
  ...counts,
  inputUsdPerMillion: z.number(),
  outputUsdPerMillion: z.number(),
});
export type UsageModel = z.infer<typeof usageModelSchema>;

/** One plan over the range; every plan is listed, also with zeros. */
export const usagePlanSchema = z.object({
  plan: z.string(),
  activeUsers: z.number(),
  replies: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  revenueUsd: z.number(),
  costUsd: z.number(),
  marginUsd: z.number(),
});
export type UsagePlan = z.infer<typeof usagePlanSchema>;

export const usageResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(usageDaySchema),
  models: z.array(usageModelSchema),
  plans: z.array(usagePlanSchema),
  totals: z.object({
    replies: z.number(),
    failures: z.number(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    estimatedCalls: z.number(),
    revenueUsd: z.number(),
    costUsd: z.number(),
    marginUsd: z.number(),
  }),
  revenueIsEstimate: z.literal(true),
});
export type UsageResponse = z.infer<typeof usageResponse>;
