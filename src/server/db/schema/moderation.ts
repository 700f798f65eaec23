import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { character } from './characters';
import { conversation, message } from './conversations';

/**
 * A user's report of a message or a character they can see (issue 49). Gone with the reporter's
 * account (their data); the decisions taken on it stay, anonymous (moderation_decision).
 * `subject_user_id` is whose content it is (the conversation's or the character's owner).
 */
export const report = pgTable(
  'report',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subjectUserId: text('subject_user_id').references(() => user.id, { onDelete: 'set null' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => message.id, {
      onDelete: 'set null',
    }),
    characterId: integer('character_id').references(() => character.id, {
      onDelete: 'set null',
    }),
    conversationId: integer('conversation_id').references(() => conversation.id, {
      onDelete: 'set null',
    }),
    /** 'minors' | 'self-harm' | 'harassment' | 'illegal' | 'other' */
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('report_status_idx').on(t.status, t.createdAt),
    index('report_subject_idx').on(t.subjectUserId),
    index('report_character_idx').on(t.characterId),
    // Deleting a message or a conversation finds its reports by these (ON DELETE SET NULL).
    index('report_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    index('report_conversation_idx')
      .on(t.conversationId)
      .where(sql`${t.conversationId} is not null`),
    // The same message (or character) reported twice by one user is one report.
    uniqueIndex('report_once_per_message')
      .on(t.reporterId, t.messageId)
      .where(sql`${t.messageId} is not null`),
    uniqueIndex('report_once_per_character')
      .on(t.reporterId, t.characterId)
      .where(sql`${t.messageId} is null and ${t.characterId} is not null`),
  ],
);

/**
 * A moderator's decision on a report (issue 49): kept when the report and the accounts go (the
 * ids set to null), so the record of what was decided stays, anonymous. An admin may reverse it.
 */
export const moderationDecision = pgTable(
  'moderation_decision',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: bigint('report_id', { mode: 'number' }).references(() => report.id, {
      onDelete: 'set null',
    }),
    /** 'dismiss' | 'remove-message' | 'remove-character' | 'suspend-user' */
    action: text('action').notNull(),
    note: text('note').notNull(),
    /** The staff user's id, kept as text: the record outlives a staff account. */
    actorId: text('actor_id').notNull(),
    subjectUserId: text('subject_user_id').references(() => user.id, { onDelete: 'set null' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => message.id, {
      onDelete: 'set null',
    }),
    characterId: integer('character_id').references(() => character.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: text('reversed_by'),
    reversalNote: text('reversal_note'),
  },
  (t) => [
    index('moderation_decision_report_idx').on(t.reportId),
    index('moderation_decision_subject_idx').on(t.subjectUserId, t.createdAt),
    index('moderation_decision_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    index('moderation_decision_character_idx')
      .on(t.characterId)
      .where(sql`${t.characterId} is not null`),
  ],
);
