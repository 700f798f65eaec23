import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operator's settings kept in the database (issue 48 parts 5 and 6), one row per key:
 * 'brand' (name, tagline, support address, legal entity, logo and favicon, default theme),
 * 'maintenance' (replies paused) and 'announcement' (a banner with a start and an end). Each
 * value is checked by its zod schema when read and written; who changed it last is kept.
 */
export const siteSetting = pgTable('site_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The staff user's id, kept as text: the setting outlives a staff account. */
  updatedBy: text('updated_by'),
});
