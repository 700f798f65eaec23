import { bigserial, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { MailMessage } from '../../integrations/mail/mailer';

/**
 * Mail waiting for the `mail-delivery` job. A mail whose sending must not slow its request
 * (a password-reset link, whose absence for an unknown address must not show in the answer's
 * timing) is written here and sent moments later; the row goes once it is sent.
 */
export const mailQueue = pgTable('mail_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  message: jsonb('message').$type<MailMessage>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
