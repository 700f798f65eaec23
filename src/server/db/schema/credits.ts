import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { conversation } from './conversations';

/** A user's plan and what is left of this period's reply allowance. */
export const creditAccount = pgTable('credit_account', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull().default('free'),
  /** Allowance − used this period; below 0 after a downgrade past use, read as 0 (decision 0044). */
  credits: integer('credits').notNull(),
  /**
   * Start of the current allowance period. On the free plan the next starts one month later; on a
   * paid plan the period is the subscription's, and `period_end` is set.
   */
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  /** End of a paid plan's period (Stripe's current_period_end); null on the free plan. */
  periodEnd: timestamp('period_end', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One credit taken for one AI reply. 'pending' until the reply is stored ('done') or given back
 * ('refunded') — also after a crash: old pending charges are refunded at start-up. 'free': a
 * reply stored with its credits given back (the protocol withheld it, or the sweeper refunded
 * the charge while the model wrote); like 'done', no second reply is stored for it.
 */
export const replyCharge = pgTable(
  'reply_charge',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').references(() => conversation.id, {
      onDelete: 'set null',
    }),
    status: text('status')
      .$type<'pending' | 'done' | 'refunded' | 'free'>()
      .notNull()
      .default('pending'),
    /** Credits taken: the model's credits per reply when it was taken (issue 48 part 4). */
    amount: integer('amount').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('reply_charge_pending_idx').on(t.status, t.createdAt)],
);

/**
 * Credits a staff member gave (positive) or took (negative), with why (decision 0056): the
 * ledger of every balance change that was not a reply or a plan. Gone with the account.
 */
export const creditGrant = pgTable(
  'credit_grant',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The staff user's id, kept as text: the ledger outlives a staff account. */
    actorId: text('actor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_grant_user_idx').on(t.userId, t.id)],
);
