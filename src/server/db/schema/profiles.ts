import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** The app-level profile: how the user wants characters to see them. One per user. */
export const userProfile = pgTable('user_profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  gender: text('gender').notNull(),
  sexualPreferences: text('sexual_preferences').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
