import { and, asc, desc, eq, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { billingCustomer, stripeEvent, subscription } from '../../db/schema';
import type { ExportParts } from '../../db/user-data';

export type SubscriptionRow = typeof subscription.$inferSelect;
export type SubscriptionState = Omit<SubscriptionRow, 'createdAt'>;

/** Arbitrary class id for pg_advisory_xact_lock(class, hashtext(user id)). */
const CUSTOMER_LOCK_CLASS = 727_002;

/** Statuses after which Stripe never changes a subscription again: no need to re-read them. */
export const FINAL_STATUSES = ['canceled', 'incomplete_expired'];

export async function findCustomerId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomer.stripeCustomerId })
    .from(billingCustomer)
    .where(eq(billingCustomer.userId, userId));
  return row?.id ?? null;
}

export async function findCustomerOwner(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomer.userId })
    .from(billingCustomer)
    .where(eq(billingCustomer.stripeCustomerId, customerId));
  return row?.userId ?? null;
}

/**
 * Returns the user's Stripe customer, creating it with `create` only when there is none. Callers
 * for the same user queue on an advisory lock held for the transaction (on PostgreSQL this blocks
 * only that user's other checkouts; PGlite runs one transaction at a time anyway), and the primary
 * key on user_id refuses a second row whatever happens. It runs once per user, ever.
 */
export async function ensureCustomer(
  db: Database,
  userId: string,
  create: () => Promise<string>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const existing = await lockedCustomerId(tx as unknown as Database, userId);
    if (existing) return existing;
    return storeNewCustomer(tx as unknown as Database, userId, create);
  });
}

/**
 * The user's customer, read under their customer lock, held until the transaction ends: callers
 * for the same user queue (on PostgreSQL this blocks only that user's other checkouts; PGlite
 * runs one transaction at a time anyway).
 */
async function lockedCustomerId(tx: Database, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_LOCK_CLASS}, hashtext(${userId}))`);
  return findCustomerId(tx, userId);
}

async function storeNewCustomer(tx: Database, userId: string, create: () => Promise<string>) {
  const stripeCustomerId = await create();
  await tx.insert(billingCustomer).values({ userId, stripeCustomerId });
  return stripeCustomerId;
}

/** The database clock now, taken just before reading from Stripe (see `subscription`). */
export async function databaseNow(db: Database): Promise<Date> {
  const { rows } = await db.execute<{ now: string | Date }>(sql`select clock_timestamp() as now`);
  return new Date(rows[0]!.now);
}

/**
 * Stores a subscription state read from Stripe at `state.updatedAt`, unless a later read is
 * already stored. Returns false when this read was older and was dropped.
 */
export async function saveSubscription(db: Database, state: SubscriptionState): Promise<boolean> {
  const { stripeSubscriptionId: _id, ...changes } = state;
  const rows = await db
    .insert(subscription)
    .values(state)
    .onConflictDoUpdate({
      target: subscription.stripeSubscriptionId,
      set: changes,
      setWhere: sql`${subscription.updatedAt} <= excluded.updated_at`,
    })
    .returning({ id: subscription.stripeSubscriptionId });
  return rows.length > 0;
}

/**
 * Marks a subscription Stripe no longer knows as canceled (read at `readAt`, same guard as
 * saveSubscription). Returns its owner, or null when there was nothing newer to overwrite.
 */
export async function markSubscriptionGone(
  db: Database,
  id: string,
  readAt: Date,
): Promise<string | null> {
  const [row] = await db
    .update(subscription)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: readAt })
    .where(and(eq(subscription.stripeSubscriptionId, id), lte(subscription.updatedAt, readAt)))
    .returning({ userId: subscription.userId });
  return row?.userId ?? null;
}

/**
 * Replaces the user's customer `lostId`, which Stripe lost, by one `create` makes, under the
 * user's customer lock (see ensureCustomer): the lost one's subscriptions are marked canceled as
 * read at `readAt` (they bill no one), its row goes, the new one is stored. A Checkout that
 * finds it replaced already (a concurrent one) gets that replacement; nothing is made twice.
 */
export async function replaceCustomer(
  db: Database,
  userId: string,
  lostId: string,
  readAt: Date,
  create: () => Promise<string>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const current = await lockedCustomerId(tx as unknown as Database, userId);
    if (current && current !== lostId) return current;
    await tx
      .update(subscription)
      .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: readAt })
      .where(
        and(
          eq(subscription.userId, userId),
          eq(subscription.stripeCustomerId, lostId),
          notInArray(subscription.status, FINAL_STATUSES),
          lte(subscription.updatedAt, readAt),
        ),
      );
    await tx.delete(billingCustomer).where(eq(billingCustomer.userId, userId));
    return storeNewCustomer(tx as unknown as Database, userId, create);
  });
}

/** The user's subscriptions, newest first. */
export async function listSubscriptions(db: Database, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .orderBy(desc(subscription.createdAt), desc(subscription.currentPeriodStart));
}

/**
 * Subscriptions Stripe may have changed without us hearing of it: not final and not read for
 * `olderThanMs`, oldest first, at most `limit`.
 */
export async function staleSubscriptions(
  db: Database,
  olderThanMs: number,
  limit: number,
): Promise<{ id: string }[]> {
  return db
    .select({ id: subscription.stripeSubscriptionId })
    .from(subscription)
    .where(
      and(
        notInArray(subscription.status, FINAL_STATUSES),
        lt(subscription.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(asc(subscription.updatedAt))
    .limit(limit);
}

/** Whether an event id was recorded (its handling done: a later delivery is a duplicate). */
export async function eventHandled(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: stripeEvent.id })
    .from(stripeEvent)
    .where(eq(stripeEvent.id, id))
    .limit(1);
  return rows.length > 0;
}

/** Records an event id once its handling is done (a second record of it does nothing). */
export async function recordEvent(db: Database, id: string, type: string): Promise<void> {
  await db.insert(stripeEvent).values({ id, type }).onConflictDoNothing();
}

/** The account export's subscriptions (issue 14), as Stripe last reported them. */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    // The ids Stripe knows the user by: what to quote to Stripe about a payment.
    billingCustomer: async () => {
      const [row] = await db
        .select({
          stripeCustomerId: billingCustomer.stripeCustomerId,
          createdAt: billingCustomer.createdAt,
        })
        .from(billingCustomer)
        .where(eq(billingCustomer.userId, userId));
      return row ?? null;
    },
    subscriptions: () =>
      db
        .select({
          stripeSubscriptionId: subscription.stripeSubscriptionId,
          priceId: subscription.priceId,
          status: subscription.status,
          currentPeriodStart: subscription.currentPeriodStart,
          currentPeriodEnd: subscription.currentPeriodEnd,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          createdAt: subscription.createdAt,
        })
        .from(subscription)
        .where(eq(subscription.userId, userId))
        .orderBy(asc(subscription.createdAt)),
  };
}

/** Our copy of a subscription just cancelled at Stripe for an account deletion. */
export async function markSubscriptionCancelled(db: Database, userId: string, id: string) {
  await db
    .update(subscription)
    .set({ status: 'canceled', cancelAtPeriodEnd: false })
    .where(and(eq(subscription.stripeSubscriptionId, id), eq(subscription.userId, userId)));
}

/** Our copies only: the payment records themselves stay at Stripe, as the law asks. */
export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(subscription).where(eq(subscription.userId, userId));
  await tx.delete(billingCustomer).where(eq(billingCustomer.userId, userId));
}

/**
 * Retention (issue 14): handled webhook event ids received before `before`. Stripe stops
 * redelivering an event after three days, so an id this old can never be a duplicate again.
 */
export async function purgeProcessedEvents(db: Database, before: Date) {
  const rows = await db
    .delete(stripeEvent)
    .where(lt(stripeEvent.receivedAt, before))
    .returning({ id: stripeEvent.id });
  return rows.length;
}
