import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored files (keys in the avatar storage) that must go because the rows pointing at them are
 * gone (decision 0043). A key is written in the same transaction that deletes those rows, so a
 * commit never leaves a file nobody knows of; it is removed from storage, then from here, by the
 * request right after its commit or else by the `file-removal` job. Nothing here names a person:
 * keys are random names.
 */
export const fileRemoval = pgTable('file_removal', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the removal may next be tried: at once when recorded; a few minutes ahead while a server
   * is removing it (its claim, so two servers do not do the same work), which comes due again if
   * that server dies; at once again after a failure, for the job's next run.
   */
  dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  /** Removals that failed so far: the job takes the fewest first, so one stuck file blocks none. */
  attempts: integer('attempts').notNull().default(0),
});
