import { and, asc, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { creditAccount, creditGrant, replyCharge } from '../../db/schema';

/** The most a grant may bring a balance to (a credit count is a 32-bit integer in the table). */
export const CREDIT_BALANCE_MAX = 1_000_000;

/** What a staff member asks: the change (positive gives, negative takes), why, and who asks. */
export interface GrantRequest {
  amount: number;
  reason: string;
  actorId: string;
}

/**
 * Changes the balance and writes the ledger row in one transaction (decision 0056). A take may
 * not bring the balance below 0, nor a grant above CREDIT_BALANCE_MAX: the conditional UPDATE checks it on the locked row, so two takes
 * at once cannot both pass. Answers the balance as the user sees it, or null when the change was
 * refused. The account must exist (the service prepares it first).
 */
export async function grantCredits(
  db: Database,
  userId: string,
  { amount, reason, actorId }: GrantRequest,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(creditAccount)
      .set({ credits: sql`${creditAccount.credits} + ${amount}::int`, updatedAt: sql`now()` })
      .where(
        and(
          eq(creditAccount.userId, userId),
          amount < 0
            ? gte(creditAccount.credits, -amount)
            : lte(creditAccount.credits, CREDIT_BALANCE_MAX - amount),
        ),
      )
      .returning({ credits: creditAccount.credits });
    if (!changed) return null;
    await tx.insert(creditGrant).values({ userId, amount, reason, actorId });
    return Math.max(changed.credits, 0);
  });
}

/** How many grants the user's page shows, newest first. */
export const GRANTS_SHOWN = 50;

/** The newest grants and takes, with who made them and why. */
export async function recentGrants(db: Database, userId: string) {
  return db
    .select({
      id: creditGrant.id,
      amount: creditGrant.amount,
      reason: creditGrant.reason,
      actorId: creditGrant.actorId,
      createdAt: creditGrant.createdAt,
    })
    .from(creditGrant)
    .where(eq(creditGrant.userId, userId))
    .orderBy(desc(creditGrant.id))
    .limit(GRANTS_SHOWN);
}

/** Replies paid for ('done' charges) per day, by the database's UTC day, over the last `days`. */
export async function repliesChargedPerDay(db: Database, userId: string, days: number) {
  const day = sql<string>`to_char(date_trunc('day', ${replyCharge.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, replies: sql<number>`count(*)::int` })
    .from(replyCharge)
    .where(
      and(
        eq(replyCharge.userId, userId),
        eq(replyCharge.status, 'done'),
        gt(replyCharge.createdAt, sql`now() - make_interval(days => ${days}::int)`),
      ),
    )
    .groupBy(day)
    .orderBy(asc(day));
  return rows.map((row) => ({ day: row.day, replies: Number(row.replies) }));
}

/** The ledger for the account's export, oldest first (the actor's id is staff's, not the user's). */
export async function grantsForExport(db: Database, userId: string) {
  return db
    .select({
      amount: creditGrant.amount,
      reason: creditGrant.reason,
      createdAt: creditGrant.createdAt,
    })
    .from(creditGrant)
    .where(eq(creditGrant.userId, userId))
    .orderBy(asc(creditGrant.id));
}

export async function deleteGrantsOfUser(tx: Executor, userId: string) {
  await tx.delete(creditGrant).where(eq(creditGrant.userId, userId));
}
