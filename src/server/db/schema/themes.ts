import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ThemeColors } from '../../../shared/themes/schemas';
import { user } from './auth';

/** A user's saved custom theme (spec: user_themes). Ids are 'custom-…'. */
export const userTheme = pgTable(
  'user_theme',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('theme_name').notNull(),
    colors: jsonb('colors').$type<ThemeColors>().notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_theme_user_created_idx').on(t.userId, t.createdAt),
    // At most one active theme per user, enforced by the database itself.
    uniqueIndex('user_theme_one_active_idx')
      .on(t.userId)
      .where(sql`${t.isActive}`),
  ],
);

/** Which theme the user applied: a preset id, one of their custom ids, or null (the default). */
export const userThemeSelection = pgTable('user_theme_selection', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  selectedThemeId: text('selected_theme_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
