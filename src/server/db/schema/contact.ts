import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Messages sent through the contact form; kept even when e-mail delivery fails. */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Set when a signed-in user sent it. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    reason: text('reason'),
    message: text('message').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_message_created_at_idx').on(t.createdAt)],
);
