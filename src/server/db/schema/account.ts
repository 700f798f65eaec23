import { bigserial, boolean, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * That an account was deleted, and when: all that is kept of it (issue 14). Nothing here names
 * or points to the person; payment records stay at Stripe, as the law asks.
 */
export const accountDeletion = pgTable('account_deletion', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  /** A paid subscription was cancelled with it (at once, no refund, as the terms say). */
  cancelledSubscription: boolean('cancelled_subscription').notNull().default(false),
});
