import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { CrisisResource, NoticeKind } from '../../../shared/safety/rules';
import { user } from './auth';
import { conversation } from './conversations';

/**
 * A notice shown in a conversation's thread (decision 0042): the "not a human" notice, a crisis
 * notice with the services it referred to, the adults-only notice. Kept with the time it was
 * shown, as the record that the law's notices were given; never sent to the model. It sits after
 * the message `afterMessageId` (null: the top), without a foreign key: a notice stays on record
 * when that message is deleted.
 */
export const conversationNotice = pgTable(
  'conversation_notice',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    text: text('text').notNull(),
    resources: jsonb('resources').$type<CrisisResource[]>(),
    afterMessageId: bigint('after_message_id', { mode: 'number' }),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The thread's notices in order, and "when was the last 'not a human' notice shown here".
    index('conversation_notice_conversation_idx').on(t.conversationId, t.kind, t.shownAt),
    index('conversation_notice_user_idx').on(t.userId),
  ],
);

/**
 * An account whose chatting is paused because its user said they are under 18, until staff
 * review it. The event, never the words: no message text is kept here.
 */
export const safetyHold = pgTable(
  'safety_hold',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<'self-declared-minor'>().notNull(),
    detectedBy: text('detected_by').$type<'rule' | 'model'>().notNull(),
    conversationId: integer('conversation_id').references(() => conversation.id, {
      onDelete: 'set null',
    }),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    /** Null while waiting for review; 'released' lifts the pause, 'upheld' keeps it. */
    outcome: text('outcome').$type<'released' | 'upheld'>(),
    note: text('note'),
  },
  (t) => [
    index('safety_hold_waiting_idx')
      .on(t.pausedAt)
      .where(sql`${t.outcome} is null`),
  ],
);

/**
 * The yearly report's counts (CA SB 243), one row per month, as servers before decision 0072
 * wrote them: no user id, no text. Kept for what it holds and for those servers, which may still
 * run beside new ones during a release (one server at a time, docs/deploy.md); new servers only
 * read it (`safetyCountSlot`). A database that took the first version of migration 0030 has a
 * `slot` column here too, which nothing reads.
 */
export const safetyMonthlyCount = pgTable('safety_monthly_count', {
  month: date('month', { mode: 'string' }).primaryKey(),
  crisisReferrals: integer('crisis_referrals').notNull().default(0),
  aiNotices: integer('ai_notices').notNull().default(0),
  minorsPaused: integer('minors_paused').notNull().default(0),
});

/**
 * The yearly report's counts (CA SB 243), per month: no user id, no text. Counted as notices are
 * shown, so deleting an account does not change what was reported. A month's counts are spread
 * over SAFETY_COUNT_SLOTS rows (`slot`, picked at random by each count) and read as their sum,
 * with the month's row in `safety_monthly_count`: every new conversation's first reply counts a
 * notice, and on one row those counts queued for its lock, each held through its commit
 * (decisions 0071, 0072).
 */
export const safetyCountSlot = pgTable(
  'safety_count_slot',
  {
    month: date('month', { mode: 'string' }).notNull(),
    slot: integer('slot').notNull(),
    crisisReferrals: integer('crisis_referrals').notNull().default(0),
    aiNotices: integer('ai_notices').notNull().default(0),
    minorsPaused: integer('minors_paused').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.slot] })],
);

/** How many rows a month's safety counts are spread over. */
export const SAFETY_COUNT_SLOTS = 16;
