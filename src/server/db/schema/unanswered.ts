import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { character } from './characters';
import { conversation } from './conversations';

/**
 * A message the user typed while out of credits (issue 45, defect 9): never sent to the model,
 * but kept so that it is in the thread in every tab and browser, marked 'Not answered — Send
 * again', until it is sent again or its conversation goes. Typed before the conversation existed,
 * it belongs to the character (conversation null) until the conversation is created.
 */
export const unansweredMessage = pgTable(
  'unanswered_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => character.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').references(() => conversation.id, {
      onDelete: 'cascade',
    }),
    content: text('content').notNull(),
    /** The newest stored message when it was typed (0: none): it is shown right after that one. */
    afterId: bigint('after_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unanswered_message_owner_idx').on(t.userId, t.characterId, t.conversationId, t.id),
    index('unanswered_message_conversation_idx').on(t.conversationId),
  ],
);
