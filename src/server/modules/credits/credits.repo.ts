import { and, asc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { PLANS, type PlanId } from '../../../shared/plans';
import type { Database, Executor } from '../../db/client';
import type { Bound } from '../../db/prepared';
import { creditAccount, replyCharge } from '../../db/schema';
import { pagesOf, type ExportParts } from '../../db/user-data';
import { deleteGrantsOfUser, grantsForExport } from './credit-grants.repo';

export interface CreditAccountRow {
  plan: string;
  /** What is left, never below 0 (see applyPlan). */
  credits: number;
  periodStart: Date;
  /** When the next period starts, computed by PostgreSQL's own month arithmetic. */
  nextResetAt: Date;
}

/** Stale charges refunded per statement, so one sweep never holds thousands of row locks. */
export const STALE_REFUND_BATCH = 500;

/**
 * The start of a free period that begins now. Never a whole second: a Stripe period starts on
 * one, and applyPlan takes a subscription whose period start is the account's for the period it
 * is already in (no new allowance). PGlite's clock ticks in milliseconds, so a free period begun
 * on a whole second, then a subscription within that second (a fast test), was 1 in 1,000.
 */
const FREE_PERIOD_START = sql`(now() + case when date_trunc('second', now()) = now()
  then interval '1 microsecond' else interval '0' end)`;

/** Creates the user's account on first use: the free plan, a full allowance, a period from now. */
export async function ensureAccount(db: Database, userId: string) {
  await db
    .insert(creditAccount)
    .values({
      userId,
      plan: 'free',
      credits: PLANS.free.monthlyMessages,
      // The database clock, like every other period computation, so app-server skew never matters.
      periodStart: FREE_PERIOD_START,
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
    .where(
      and(
        eq(creditAccount.userId, userId),
        // A paid plan's period is the subscription's: only Stripe's renewal starts the next one.
        isNull(creditAccount.periodEnd),
        sql`${now} >= ${monthsAfter(sql`1`)}`,
      ),
    )
    .returning({ userId: creditAccount.userId });
  return rows.length > 0;
}

/** What the user's subscriptions entitle them to, worked out by the billing rules. */
export interface PlanTarget {
  plan: PlanId;
  /** The paid period (the subscription's current period); null on the free plan. */
  periodStart: Date | null;
  periodEnd: Date | null;
  /** False while a payment is overdue: the plan is kept, but a new period is not granted yet. */
  grantsNewPeriod: boolean;
  /**
   * On the free plan: the starts of the paid periods whose subscription ended before the period
   * was over (cancelled at once, unpaid, paused, gone from Stripe). A plan ended within the
   * account's period keeps that period and what was used in it (decision 0044).
   */
  periodsEndedEarly: readonly Date[];
}

export type PlanChange = 'unchanged' | 'new-period' | 'same-period' | 'back-to-free';

const allowance = (plan: string) => (PLANS[plan as PlanId] ?? PLANS.free).monthlyMessages;

/**
 * Brings the account in line with the plan, under the account's row lock (so it queues with
 * debits, refunds and other plan changes). Decision 0044: within one period the balance is the
 * current plan's allowance minus what was used in the period. The row keeps that exactly — below
 * 0 when more was used than the current plan allows (a downgrade after heavy use; every read
 * shows such a debt as 0 and no credit can be taken) — so what was used is never forgotten and
 * comes back on no path of plan changes. The result depends only on what was used and the plan
 * now, not on the changes seen on the way: replayed, reordered or concurrent events agree.
 * - A paid period the account has not seen yet starts with the plan's full allowance (a renewal
 *   restores it exactly once: the period start is remembered).
 * - A plan change within the period: remaining = new allowance − used. An upgrade adds the
 *   difference, a downgrade takes it away; while a payment is overdue an upgrade waits for it.
 * - The end of every paid plan moves the account to the free plan: within the paid period (the
 *   plan ended early) it keeps the period and what was used (free allowance − used; the free
 *   month restarts when the period's month is over); once the period is over, a free period
 *   starts now with the free allowance.
 */
export async function applyPlan(
  db: Database,
  userId: string,
  /** Worked out once the row is locked, so it sees every plan change committed before. */
  resolveTarget: (tx: Database) => Promise<PlanTarget>,
): Promise<PlanChange> {
  await ensureAccount(db, userId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        plan: creditAccount.plan,
        credits: creditAccount.credits,
        periodStart: creditAccount.periodStart,
        periodEnd: creditAccount.periodEnd,
        // At the database's precision (microseconds): a Date keeps milliseconds only, so a free
        // period started at 12:00:01.000347 would read as Stripe's whole-second 12:00:01.
        periodStartMicros: sql<string>`(extract(epoch from ${creditAccount.periodStart}) * 1000000)::bigint::text`,
        now: sql`now()`.mapWith(creditAccount.periodStart),
      })
      .from(creditAccount)
      .where(eq(creditAccount.userId, userId))
      .for('update');
    if (!row) throw new Error(`credit account of ${userId} vanished`);
    const target = await resolveTarget(tx as unknown as Database);
    const set = (values: PgUpdateSetSource<typeof creditAccount>) =>
      tx
        .update(creditAccount)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(creditAccount.userId, userId));
    /** Whether a Stripe period (whole seconds) is the one the account is in. */
    const isPeriodStart = (start: Date) =>
      BigInt(start.getTime()) * 1000n === BigInt(row.periodStartMicros);
    /** Used in this period; more than the current allowance after a downgrade. */
    const used = allowance(row.plan) - row.credits;

    if (target.plan === 'free' || !target.periodStart || !target.periodEnd) {
      if (row.plan === 'free' && row.periodEnd === null) return 'unchanged';
      const endedEarly =
        row.periodEnd !== null &&
        row.now.getTime() < row.periodEnd.getTime() &&
        target.periodsEndedEarly.some((start) => isPeriodStart(start));
      await set(
        endedEarly
          ? // The same period goes on, on the free plan: a downgrade adds nothing.
            { plan: 'free', credits: PLANS.free.monthlyMessages - used, periodEnd: null }
          : {
              plan: 'free',
              credits: PLANS.free.monthlyMessages,
              periodStart: FREE_PERIOD_START,
              periodEnd: null,
            },
      );
      return 'back-to-free';
    }
    const newPeriod = target.grantsNewPeriod && !isPeriodStart(target.periodStart);
    if (newPeriod) {
      await set({
        plan: target.plan,
        credits: allowance(target.plan),
        periodStart: target.periodStart,
        periodEnd: target.periodEnd,
      });
      return 'new-period';
    }
    // The same period (or a new one whose payment is overdue: it waits, what is left stays).
    // An upgrade while a payment is overdue waits for it too: its invoice may be the unpaid one.
    const waits = !target.grantsNewPeriod && allowance(target.plan) > allowance(row.plan);
    const plan = waits ? row.plan : target.plan;
    // A free account whose paid plan came back overdue: nothing changes until it is paid.
    if (plan === 'free') return 'unchanged';
    const credits = allowance(plan) - used;
    if (
      row.plan === plan &&
      row.credits === credits &&
      row.periodEnd?.getTime() === target.periodEnd.getTime()
    ) {
      return 'unchanged';
    }
    await set({ plan, credits, periodEnd: target.periodEnd });
    return 'same-period';
  });
}

/** The balance a user sees: a debt after a downgrade (see applyPlan) is no credit left. */
const creditsLeft = () => sql`greatest(${creditAccount.credits}, 0)`.mapWith(creditAccount.credits);

export async function readAccount(db: Database, userId: string): Promise<CreditAccountRow | null> {
  const [row] = await db
    .select({
      plan: creditAccount.plan,
      credits: creditsLeft(),
      periodStart: creditAccount.periodStart,
      nextResetAt:
        sql`coalesce(${creditAccount.periodEnd}, ${creditAccount.periodStart} + interval '1 month')`.mapWith(
          creditAccount.periodStart,
        ),
    })
    .from(creditAccount)
    .where(eq(creditAccount.userId, userId))
    .limit(1);
  return row ?? null;
}

/** A paid plan's period end (Stripe's current_period_end); null on the free plan. */
export async function readPeriodEnd(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ periodEnd: creditAccount.periodEnd })
    .from(creditAccount)
    .where(eq(creditAccount.userId, userId))
    .limit(1);
  return row?.periodEnd ?? null;
}

export async function readCredits(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ credits: creditsLeft() })
    .from(creditAccount)
    .where(eq(creditAccount.userId, userId))
    .limit(1);
  return row?.credits ?? null;
}

/**
 * The common case of taking a credit, in one statement (one round trip, no transaction to open):
 * an existing account with credits left and no period reset due gives one credit and records the
 * pending charge. Null when that is not the case (no account yet, a reset due, none left): the
 * caller then prepares the account and takes the credit the careful way. The conditional UPDATE
 * holds the row lock like takeCredit below, so N credits still give exactly N replies.
 */
export async function takeCreditAtOnce(
  db: Database,
  userId: string,
  conversationId: number | null,
  amount = 1,
): Promise<number | null> {
  const { rows } = await db.execute<{ id: number | string }>(
    sql`with ${takeCreditSteps(userId, conversationId, sql`true`, sql`${amount}::int`)} select id from charge`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * takeCreditAtOnce's steps as common table expressions, `reply_price` (the credits `amount`
 * names, worked out once), `taken` and then `charge` (the pending charge's id, no row when the
 * credits were not taken), for a statement that stores something
 * only when it was paid for (chat.repo's storeMessage): one round trip for both. `condition`
 * must also hold for the credit to be taken (the conversation being the user's).
 */
export function takeCreditSteps(
  userId: Bound<string>,
  conversationId: Bound<number | null>,
  condition: SQL = sql`true`,
  amount: SQL = sql`1`,
): SQL {
  return sql`reply_price as (select (${amount})::int as amount), taken as (
      update credit_account set credits = credits - (select amount from reply_price),
        updated_at = now()
      where user_id = ${userId} and credits >= (select amount from reply_price)
        and (period_end is not null or now() < period_start + make_interval(months => 1))
        and ${condition}
      returning user_id
    ), charge as (
      insert into reply_charge (user_id, conversation_id, status, amount)
      select user_id, ${conversationId}::int, 'pending', (select amount from reply_price) from taken
      returning id
    )`;
}

/**
 * Takes a reply's credits (`amount`, the model's price) and records the pending charge, or
 * returns null when fewer are left. The conditional decrement is what makes N credits give
 * exactly N replies under concurrency: the row lock serialises decrements and `credits >=
 * amount` is re-checked on the latest row.
 */
export async function takeCredit(
  db: Database,
  userId: string,
  conversationId: number | null,
  amount = 1,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(creditAccount)
      .set({ credits: sql`${creditAccount.credits} - ${amount}::int`, updatedAt: sql`now()` })
      .where(and(eq(creditAccount.userId, userId), gte(creditAccount.credits, amount)))
      .returning({ credits: creditAccount.credits });
    if (taken.length === 0) return null;
    const [charge] = await tx
      .insert(replyCharge)
      .values({ userId, conversationId, status: 'pending', amount })
      .returning({ id: replyCharge.id });
    return charge!.id;
  });
}

/**
 * The statement that settles a pending charge (returning its id when it did), for a caller that
 * must run it atomically with its own writes in one statement (a stored reply, chat/reply.repo).
 */
export function settleChargeStatement(chargeId: Bound<number>): SQL {
  return sql`update ${replyCharge} set status = 'done', settled_at = now()
    where id = ${chargeId} and status = 'pending' returning id`;
}

/**
 * The charge of a reply being stored, for the statement that stores it (chat/reply.repo; decision
 * 0049). `held` locks the charge's row before anything reads it, so that of two servers storing
 * one run's reply at the same moment (one stalled past the run's lease) the second waits for the
 * first and then sees its charge settled; `charge` has a row unless a reply was stored for it
 * already ('done' or 'free'); for a reply the protocol withheld (`withheld`), `credited` gives a
 * pending charge's credits back. `settle` is the charge's update, run alongside the reply's
 * insert: 'done' for a paid reply, 'free' for a withheld one or one whose charge the sweeper
 * refunded while the model wrote (the user gets it free, the safe side); it returns the status
 * set. `finished` is true when a reply was stored for the charge already. Every step finds the
 * charge by its id and its user `userId`. A charge gone with its account or conversation still
 * tries, and fails as not found.
 */
export function storedChargeSteps(
  userId: Bound<string>,
  chargeId: Bound<number>,
  withheld: Bound<boolean>,
): { held: SQL; settle: SQL; finished: SQL } {
  // The statuses of a charge whose reply was stored ('done' paid, 'free' withheld or refunded).
  const finished = sql`exists (select 1 from held where status in ('done', 'free'))`;
  // `charge` reads `credited`, so that the account is written before anything that reads
  // `charge` (the reply's insert, then its conversation): the order a user's message takes them
  // in (takeCreditSteps first), so that the two never wait on each other (a deadlock).
  const held = sql`held as (
      select status, user_id, amount from ${replyCharge}
      where id = ${chargeId} and user_id = ${userId} for update
    ), credited as (
      update ${creditAccount} set credits = ${creditAccount}.credits + held.amount, updated_at = now()
      from held
      where ${creditAccount}.user_id = held.user_id and held.status = 'pending' and ${withheld}::boolean
      returning 1
    ), charge as (
      select 1 as id from (select count(*) from credited) as account_first
      where not ${finished}
    )`;
  const settle = sql`update ${replyCharge}
      set status = case when ${withheld}::boolean or status = 'refunded' then 'free' else 'done' end,
        settled_at = now()
    where id = ${chargeId} and user_id = ${userId} and status in ('pending', 'refunded')
    returning status`;
  return { held, settle, finished };
}

/** Marks a pending charge as paid for. Returns false when it was not pending any more. */
export async function settleCharge(db: Executor, chargeId: number) {
  const rows = await db
    .update(replyCharge)
    .set({ status: 'done', settledAt: sql`now()` })
    .where(and(eq(replyCharge.id, chargeId), eq(replyCharge.status, 'pending')))
    .returning({ id: replyCharge.id });
  return rows.length > 0;
}

/**
 * Gives a pending charge's credits back (its amount). Only the call that moves the charge out of 'pending'
 * adds the credit, so refunding twice (or refunding a settled charge) gives nothing more.
 * Returns true when a credit was given back.
 */
export async function refundCharge(db: Database, chargeId: number) {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .update(replyCharge)
      .set({ status: 'refunded', settledAt: sql`now()` })
      .where(and(eq(replyCharge.id, chargeId), eq(replyCharge.status, 'pending')))
      .returning({ userId: replyCharge.userId, amount: replyCharge.amount });
    if (!charge) return false;
    await tx
      .update(creditAccount)
      .set({
        credits: sql`${creditAccount.credits} + ${charge.amount}::int`,
        updatedAt: sql`now()`,
      })
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
      .select({ id: replyCharge.id, userId: replyCharge.userId, amount: replyCharge.amount })
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
    for (const { userId, amount } of stale)
      perUser.set(userId, (perUser.get(userId) ?? 0) + amount);
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

const CHARGE_PAGE = 1000;

/**
 * The account export's credits (issue 14): the plan and allowance, the credit history (one
 * row per reply charged, with what became of it) and the credits staff gave or took.
 */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    credits: async () => {
      const [row] = await db
        .select({
          plan: creditAccount.plan,
          credits: creditsLeft(),
          periodStart: creditAccount.periodStart,
          periodEnd: creditAccount.periodEnd,
          updatedAt: creditAccount.updatedAt,
        })
        .from(creditAccount)
        .where(eq(creditAccount.userId, userId));
      return row ?? null;
    },
    creditHistory: pagesOf(
      (after: number | null) =>
        db
          .select({
            id: replyCharge.id,
            conversationId: replyCharge.conversationId,
            amount: replyCharge.amount,
            status: replyCharge.status,
            createdAt: replyCharge.createdAt,
            settledAt: replyCharge.settledAt,
          })
          .from(replyCharge)
          .where(
            and(
              eq(replyCharge.userId, userId),
              after === null ? undefined : gt(replyCharge.id, after),
            ),
          )
          .orderBy(asc(replyCharge.id))
          .limit(CHARGE_PAGE),
      (row) => row.id,
      CHARGE_PAGE,
    ),
    /** Credits staff gave or took, and why (decision 0056). */
    creditGrants: () => grantsForExport(db, userId),
  };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await deleteGrantsOfUser(tx, userId);
  await tx.delete(replyCharge).where(eq(replyCharge.userId, userId));
  await tx.delete(creditAccount).where(eq(creditAccount.userId, userId));
}
