import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth';
import { character } from './characters';
import { conversation, message } from './conversations';

/**
 * What a character remembers about its user: the automatic summary of a conversation, a message
 * the user asked it to remember, or a fact typed by hand. Memories go with their character; a
 * deleted conversation or message takes its memories with it only when the user chose to forget
 * them (the links become null otherwise).
 */
export const memory = pgTable(
  'memory',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => character.id, { onDelete: 'cascade' }),
    /** 'summary' (automatic), 'message' ('Remember this') or 'manual' (typed by the user). */
    source: text('source').$type<'summary' | 'message' | 'manual'>().notNull(),
    conversationId: integer('conversation_id').references(() => conversation.id, {
      onDelete: 'set null',
    }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => message.id, {
      onDelete: 'set null',
    }),
    content: text('content').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memory_character_idx').on(t.userId, t.characterId, t.id),
    index('memory_conversation_idx').on(t.conversationId),
    index('memory_message_idx').on(t.messageId),
    // One automatic summary per conversation and character (a group scene's characters each
    // remember what they witnessed, issue 51): summarising again replaces it.
    uniqueIndex('memory_summary_idx')
      .on(t.conversationId, t.characterId)
      .where(sql`${t.source} = 'summary'`),
  ],
);
