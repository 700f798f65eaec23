import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { conversation } from './conversations';

/** Where a reply run is: stored before the model is asked, `done` or `failed` at its end. */
export type ReplyRunState = 'queued' | 'streaming' | 'done' | 'failed';

/**
 * A new reply to the message `answers`, or more of the reply `continues` (appended to it); in a
 * group scene, by the character `speakerId` (issue 51: a run taken over keeps its speaker).
 */
export type RunKeep = (
  { answers: number } | { continues: { messageId: number; content: string } }
) & {
  speakerId?: number;
};

/**
 * A reply being written, apart from the request that asked for it (issue 44, decision 0049): the
 * server writing it holds a lease and saves the text so far about every second, so a client that
 * lost its connection (on this server or another) reads the rest from here, and a run whose
 * server died can be found. Kept a few minutes after its end for late reconnects, then removed
 * by the `reply-run-sweep` job; the reply itself is a message like any other.
 */
export const replyRun = pgTable(
  'reply_run',
  {
    /** Random and unguessable: it is in the address a client reconnects to. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    /** The user's message the reply is for (the one answered, for a regenerate or a continue). */
    userMessageId: bigint('user_message_id', { mode: 'number' }).notNull(),
    /** The reply's pending charge, settled by whichever server stores the reply. */
    chargeId: bigint('charge_id', { mode: 'number' }).notNull(),
    /** What the reply becomes: a new reply to a message, or more of a reply (a continue). */
    keep: jsonb('keep').$type<RunKeep>().notNull(),
    state: text('state').$type<ReplyRunState>().notNull().default('queued'),
    /** The text told so far (saved about every second while it streams). */
    text: text('text').notNull().default(''),
    /** The notices told before the text, each with the length of the text when it was told. */
    notices: jsonb('notices').$type<unknown[]>().notNull().default([]),
    /** The last event (`done` with the stored reply, or `error`), once the run has ended. */
    final: jsonb('final').$type<{ event: 'done' | 'error'; data: unknown }>(),
    /** The server writing it (its process's random id) and until when its lease holds. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reply_run_user_idx').on(t.userId),
    index('reply_run_conversation_idx').on(t.conversationId),
    // The sweep's order: ended runs by age.
    index('reply_run_updated_idx').on(t.updatedAt),
    // Runs whose lease lapsed, for a server to continue (looked for every second by each).
    index('reply_run_lease_idx')
      .on(t.leaseUntil)
      .where(sql`state in ('queued', 'streaming')`),
  ],
);
