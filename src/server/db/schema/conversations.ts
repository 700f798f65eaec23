import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { character } from './characters';

/**
 * A conversation with one character. Created here so characters can count and delete theirs;
 * messages and the chat itself arrive with the chat feature.
 */
export const conversation = pgTable(
  'conversation',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null once the character is deleted and its conversations were kept (read-only then). */
    characterId: integer('character_id').references(() => character.id, { onDelete: 'set null' }),
    title: text('title').notNull().default('New conversation'),
    lastMessage: text('last_message'),
    messageCount: integer('message_count').notNull().default(0),
    model: text('model'),
    chatMode: text('chat_mode').notNull().default('assistant'),
    scenario: text('scenario'),
    currentOptions: jsonb('current_options')
      .$type<{ number: number; option: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_user_updated_idx').on(t.userId, t.updatedAt),
    index('conversation_character_idx').on(t.characterId),
  ],
);
