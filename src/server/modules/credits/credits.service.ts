import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import type { TopUpResponse } from '../../../shared/credits/contract';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import * as grants from './credit-grants.repo';
import * as repo from './credits.repo';

/** What the credit rules need; the full AppContext fits, and so does a small test double. */
export type CreditsContext = Pick<AppContext, 'db' | 'log'>;
export type SweeperContext = Pick<AppContext, 'db' | 'log' | 'metrics'> & {
  config: Pick<Config, 'llm'>;
};

/**
 * A pending charge older than this can only belong to a reply that died with its server: a live
 * reply either finishes or hits the LLM timeout, and a minute of slack covers storing it.
 */
export function STALE_CHARGE_MS(config: Pick<Config, 'llm'>): number {
  return (config.llm?.timeoutMs ?? 120_000) + 60_000;
}

/** Every read goes through this, so a due period reset is never missed whichever call comes first. */
async function prepareAccount(ctx: CreditsContext, userId: string) {
  await repo.ensureAccount(ctx.db, userId);
  await repo.applyPeriodReset(ctx.db, userId);
}

export async function getCredits(ctx: CreditsContext, userId: string): Promise<number> {
  await prepareAccount(ctx, userId);
  return (await repo.readCredits(ctx.db, userId)) ?? 0;
}

/** Applies the period reset when due (idempotent: the chat page calls this on every visit). */
export async function topUp(ctx: CreditsContext, userId: string): Promise<TopUpResponse> {
  await prepareAccount(ctx, userId);
  const account = await repo.readAccount(ctx.db, userId);
  if (!account) throw new Error(`credit account of ${userId} vanished`);
  return {
    credits: account.credits,
    plan: account.plan,
    periodStart: account.periodStart.toISOString(),
    nextResetAt: account.nextResetAt.toISOString(),
  };
}

/**
 * Takes an AI reply's credits (`amount`: its model's credits per reply) before the model is
 * called; returns the charge id, which the caller settles when the reply is stored or refunds
 * when it fails.
 */
export async function takeCredit(
  ctx: CreditsContext,
  userId: string,
  conversationId: number | null,
  amount = 1,
): Promise<number> {
  const quick = await repo.takeCreditAtOnce(ctx.db, userId, conversationId, amount);
  if (quick !== null) return quick;
  await prepareAccount(ctx, userId);
  const chargeId = await repo.takeCredit(ctx.db, userId, conversationId, amount);
  if (chargeId === null) throw new HttpError(403, OUT_OF_CREDITS_MESSAGE);
  return chargeId;
}

/**
 * Marks the reply as paid for. Never throws: the reply is already stored and must not fail now.
 * If this fails the charge stays pending and the sweeper later refunds it — the user gets that
 * reply free, which is the safe side. Returns true when the charge was settled.
 */
export async function settleCharge(ctx: CreditsContext, chargeId: number): Promise<boolean> {
  try {
    return await repo.settleCharge(ctx.db, chargeId);
  } catch (err) {
    ctx.log.error({ err, chargeId }, 'could not settle reply charge');
    return false;
  }
}

/**
 * Gives the credit of a failed reply back, at most once per charge. Never throws: it runs on
 * error paths; if it fails the charge stays pending and the sweeper refunds it later.
 * Returns true when a credit was given back.
 */
export async function refundCharge(ctx: CreditsContext, chargeId: number): Promise<boolean> {
  try {
    return await repo.refundCharge(ctx.db, chargeId);
  } catch (err) {
    ctx.log.error({ err, chargeId }, 'could not refund reply charge; the sweeper will retry');
    return false;
  }
}

/**
 * Makes the allowance follow the user's plan (see repo.applyPlan for the rules). Billing calls it
 * inside the transaction that stores a subscription change.
 */
export async function applyPlan(
  ctx: CreditsContext,
  userId: string,
  resolveTarget: (db: CreditsContext['db']) => Promise<repo.PlanTarget>,
): Promise<repo.PlanChange> {
  return repo.applyPlan(ctx.db, userId, resolveTarget);
}

/** Refunds every charge still pending after `olderThanMs`; returns how many were refunded. */
export async function refundStaleCharges(ctx: CreditsContext, olderThanMs: number) {
  let total = 0;
  for (;;) {
    const refunded = await repo.refundStaleCharges(ctx.db, olderThanMs);
    total += refunded;
    if (refunded < repo.STALE_REFUND_BATCH) return total;
  }
}

/**
 * Refunds the charges of replies that died (server crash or stop); returns how many. The
 * charge-sweep job runs it every minute and at start-up, which settles what a stopped server left
 * pending. Replies still in flight on other servers are younger than STALE_CHARGE_MS and are left
 * alone.
 */
export async function sweepStaleCharges(ctx: SweeperContext): Promise<number> {
  const refunded = await refundStaleCharges(ctx, STALE_CHARGE_MS(ctx.config));
  ctx.metrics.creditsRefunded.inc(refunded);
  if (refunded > 0) ctx.log.warn({ refunded }, 'refunded credits of unfinished replies');
  return refunded;
}

/** The message when a take would leave less than nothing. */
export const GRANT_ABOVE_MAX_MESSAGE = `The balance cannot go above ${grants.CREDIT_BALANCE_MAX.toLocaleString('en-US')} credits.`;

export const takeBelowZeroMessage = (left: number) =>
  `The balance cannot go below 0: this account has ${left} credit${left === 1 ? '' : 's'} left.`;

/**
 * Gives (positive) or takes (negative) credits on a staff member's word, written to the credit
 * ledger with the reason (decision 0056). Answers the new balance; 400 when a take would bring it
 * below 0, or a grant above CREDIT_BALANCE_MAX.
 */
export async function grantCredits(
  ctx: CreditsContext,
  userId: string,
  request: grants.GrantRequest,
): Promise<number> {
  await prepareAccount(ctx, userId);
  const balance = await grants.grantCredits(ctx.db, userId, request);
  if (balance === null) {
    if (request.amount > 0) throw new HttpError(400, GRANT_ABOVE_MAX_MESSAGE);
    throw new HttpError(400, takeBelowZeroMessage((await repo.readCredits(ctx.db, userId)) ?? 0));
  }
  return balance;
}

/** What the staff console shows of an account's credits (decision 0056). */
export async function creditsOverview(ctx: CreditsContext, userId: string) {
  await prepareAccount(ctx, userId);
  const [account, periodEnd, recent, perDay] = await Promise.all([
    repo.readAccount(ctx.db, userId),
    repo.readPeriodEnd(ctx.db, userId),
    grants.recentGrants(ctx.db, userId),
    grants.repliesChargedPerDay(ctx.db, userId, CHARGE_DAYS_SHOWN),
  ]);
  if (!account) throw new Error(`credit account of ${userId} vanished`);
  return { account, periodEnd, grants: recent, repliesPerDay: perDay };
}

/** The days of replies charged that the staff console shows. */
export const CHARGE_DAYS_SHOWN = 30;
