import { and, asc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { PLANS } from '../../../shared/plans';
import type { Database } from '../../db/client';
import { creditAccount, replyCharge } from '../../db/schema';

export interface CreditAccountRow {
  plan: string;
  credits: number;
  periodStart: Date;
  /** When the next period starts, computed by PostgreSQL's own month arithmetic. */
  nextResetAt: Date;
}

/** Stale charges refunded per statement, so one sweep never holds thousands of row locks. */
export const STALE_REFUND_BATCH = 500;

/** Creates the user's account on first use: the free plan, a full allowance, a period from now. */
export async function ensureAccount(db: Database, userId: string) {
  await db
    .insert(creditAccount)
    .values({
      userId,
      plan: 'free',
      credits: PLANS.free.monthlyMessages,
      // The database clock, like every other period computation, so app-server skew never matters.
      periodStart: sql`now()`,
    })
    .onConflictDoNothing({ target: creditAccount.userId });
}

/**
 * Starts a new allowance period when one is due, in one UPDATE: the row lock makes concurrent
 * calls queue, and a queued call re-checks the WHERE against the updated row and finds nothing
 * due — so it is idempotent and never advances twice. Credits are set (not added): allowances
 * never roll over. period_start moves forward by whole months, so the reset day stays the same
 * (except where a short month clamps it, e.g. 31 January → 28 February; PostgreSQL then keeps
 * counting from the 28th, as the schema stores no separate anchor day).
 *
 * `at` replaces the database clock (tests only). Returns true when a reset happened.
 */
export async function applyPeriodReset(db: Database, userId: string, at?: Date) {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const start = creditAccount.periodStart;
  const monthsAfter = (months: SQL) => sql`(${start} + make_interval(months => ${months}))`;
  // age() gives whole months elapsed, but can be one off at month ends (31 January + 1 month is
  // 28 February, yet age('28 Feb', '31 Jan') is 28 days), so the estimate is corrected to the
  // largest n with period_start + n months <= now — the same rule as the WHERE below.
  const age = sql`age(${now}, ${start})`;
  const estimate = sql`((extract(year from ${age}) * 12 + extract(month from ${age}))::int)`;
  const elapsed = sql`(${estimate} + CASE
    WHEN ${monthsAfter(sql`${estimate} + 1`)} <= ${now} THEN 1
    WHEN ${monthsAfter(estimate)} > ${now} THEN -1
    ELSE 0 END)`;
  const rows = await db
    .update(creditAccount)
    .set({
      // Parameters are cast: a CASE of untyped parameters would otherwise resolve to text.
      credits: sql`CASE ${creditAccount.plan}
        WHEN 'basic' THEN ${PLANS.basic.monthlyMessages}::int
        WHEN 'pro' THEN ${PLANS.pro.monthlyMessages}::int
        ELSE ${PLANS.free.monthlyMessages}::int END`,
      periodStart: monthsAfter(elapsed),
      updatedAt: sql`now()`,
    })
    .where(and(eq(creditAccount.userId, userId), sql`${now} >= ${monthsAfter(sql`1`)}`))
    .returning({ userId: creditAccount.userId });
  return rows.length > 0;
}

export async function readAccount(db: Database, userId: string): Promise<CreditAccountRow | null> {
  const [row] = await db
    .select({
      plan: creditAccount.plan,
      credits: creditAccount.credits,
      periodStart: creditAccount.periodStart,
      nextResetAt: sql`${creditAccount.periodStart} + interval '1 month'`.mapWith(
        creditAccount.periodStart,
      ),
    })
    .from(creditAccount)
    .where(eq(creditAccount.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function readCredits(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ credits: creditAccount.credits })
    .from(creditAccount)
    .where(eq(creditAccount.userId, userId))
    .limit(1);
  return row?.credits ?? null;
}

/**
 * Takes one credit and records the pending charge, or returns null when none is left. The
 * conditional decrement is what makes N credits give exactly N replies under concurrency: the row
 * lock serialises decrements and `credits > 0` is re-checked on the latest row.
 */
export async function takeCredit(
  db: Database,
  userId: string,
  conversationId: number | null,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(creditAccount)
      .set({ credits: sql`${creditAccount.credits} - 1`, updatedAt: sql`now()` })
      .where(and(eq(creditAccount.userId, userId), gt(creditAccount.credits, 0)))
      .returning({ credits: creditAccount.credits });
    if (taken.length === 0) return null;
    const [charge] = await tx
      .insert(replyCharge)
      .values({ userId, conversationId, status: 'pending' })
      .returning({ id: replyCharge.id });
    return charge!.id;
  });
}

/** Marks a pending charge as paid for. Returns false when it was not pending any more. */
export async function settleCharge(db: Database, chargeId: number) {
  const rows = await db
    .update(replyCharge)
    .set({ status: 'done', settledAt: sql`now()` })
    .where(and(eq(replyCharge.id, chargeId), eq(replyCharge.status, 'pending')))
    .returning({ id: replyCharge.id });
  return rows.length > 0;
}

/**
 * Gives a pending charge's credit back. Only the call that moves the charge out of 'pending'
 * adds the credit, so refunding twice (or refunding a settled charge) gives nothing more.
 * Returns true when a credit was given back.
 */
export async function refundCharge(db: Database, chargeId: number) {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .update(replyCharge)
      .set({ status: 'refunded', settledAt: sql`now()` })
      .where(and(eq(replyCharge.id, chargeId), eq(replyCharge.status, 'pending')))
      .returning({ userId: replyCharge.userId });
    if (!charge) return false;
    await tx
      .update(creditAccount)
      .set({ credits: sql`${creditAccount.credits} + 1`, updatedAt: sql`now()` })
      .where(eq(creditAccount.userId, charge.userId));
    return true;
  });
}

/**
 * Refunds up to STALE_REFUND_BATCH pending charges created more than `olderThanMs` ago by the
 * database clock; returns how many. Safe with several app servers sweeping at once: charges are
 * claimed with SKIP LOCKED (a charge being settled or refunded elsewhere is left alone) and
 * accounts are credited in user-id order, so two sweeps cannot deadlock each other.
 */
export async function refundStaleCharges(db: Database, olderThanMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: replyCharge.id, userId: replyCharge.userId })
      .from(replyCharge)
      .where(
        and(
          eq(replyCharge.status, 'pending'),
          lt(replyCharge.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
        ),
      )
      .orderBy(asc(replyCharge.id))
      .limit(STALE_REFUND_BATCH)
      .for('update', { skipLocked: true });
    if (stale.length === 0) return 0;
    await tx
      .update(replyCharge)
      .set({ status: 'refunded', settledAt: sql`now()` })
      .where(
        inArray(
          replyCharge.id,
          stale.map((c) => c.id),
        ),
      );
    const perUser = new Map<string, number>();
    for (const { userId } of stale) perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
    for (const userId of [...perUser.keys()].sort()) {
      await tx
        .update(creditAccount)
        .set({
          credits: sql`${creditAccount.credits} + ${perUser.get(userId)!}::int`,
          updatedAt: sql`now()`,
        })
        .where(eq(creditAccount.userId, userId));
    }
    return stale.length;
  });
}
