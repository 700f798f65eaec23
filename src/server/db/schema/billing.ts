import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The one Stripe customer of a user. Both columns are unique, so a second customer for the same
 * user can never be stored (creation is also serialised per user, see billing.repo).
 */
export const billingCustomer = pgTable('billing_customer', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's Stripe subscriptions as Stripe last reported them. Rows are only ever written from a
 * fresh read of the subscription (never from a webhook's copy), and `updated_at` is the database
 * time just before that read: a write carrying an older read loses, so events processed out of
 * order cannot bring back an old state.
 */
export const subscription = pgTable(
  'subscription',
  {
    stripeSubscriptionId: text('stripe_subscription_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    priceId: text('price_id').notNull(),
    /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * Whether the subscription's latest invoice is paid. Stripe moves a renewal's period (the
     * subscription still `active`) about an hour before it charges the period's invoice: a new
     * period's allowance waits for this (decision 0008). Rows stored before it existed are true.
     */
    periodPaid: boolean('period_paid').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this state was read from Stripe (the reconcile re-reads rows older than a day). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('subscription_user_idx').on(t.userId),
    index('subscription_updated_idx').on(t.updatedAt),
  ],
);

/** Stripe event ids already handled: Stripe delivers duplicates, and a replay must do nothing. */
export const stripeEvent = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
