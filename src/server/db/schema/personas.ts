import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Who the user is in a conversation besides their profile (issue 47 part 5): a name, a short
 * description and an optional avatar (a file of the user's avatars). The profile itself is the
 * first persona and is not stored here.
 */
export const persona = pgTable(
  'persona',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    avatarImage: text('avatar_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('persona_user_idx').on(t.userId, t.id)],
);
