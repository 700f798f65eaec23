import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The staff audit log (decision 0055): every look at a user's data and every action taken from
 * the staff console — who, what, whom, when, why. No foreign keys: an entry outlives the
 * accounts it names, and holds ids only (no copied addresses).
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff user's id, or 'cli' for `npm run staff`. */
    actorId: text('actor_id').notNull(),
    actorRole: text('actor_role'),
    /** What was done or looked at: e.g. 'safety.report.view', 'safety.hold.review'. */
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at, t.id),
    index('staff_audit_target_idx').on(t.targetUserId, t.at),
  ],
);
