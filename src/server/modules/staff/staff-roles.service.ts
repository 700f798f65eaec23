import { asc, eq, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/staff/roles';
import type { Database } from '../../db/client';
import { staffAudit, user } from '../../db/schema';

/** Who changed a role from outside the console: `npm run staff` (scripts/staff.ts). */
export const CLI_ACTOR = 'cli';

export type RoleChange =
  | { outcome: 'changed'; userId: string; from: string }
  | { outcome: 'unchanged'; userId: string }
  | { outcome: 'no-account' };

/**
 * Gives the account with this address a role ('user' takes staff away), with an audit row in the
 * same transaction (decision 0055). The running servers see it within their session cache's
 * few seconds.
 */
export async function setRoleByEmail(
  db: Database,
  email: string,
  role: StaffRole | 'user',
  actorId: string = CLI_ACTOR,
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
    if (!row) return { outcome: 'no-account' };
    if (row.role === role) return { outcome: 'unchanged', userId: row.id };
    await tx.update(user).set({ role }).where(eq(user.id, row.id));
    await tx.insert(staffAudit).values({
      actorId,
      actorRole: null,
      action: 'staff.role.set',
      targetUserId: row.id,
      details: { from: row.role, to: role },
    });
    return { outcome: 'changed', userId: row.id, from: row.role };
  });
}

/** Every staff account: address, role, whether two-factor is on. */
export async function listStaff(db: Database) {
  return db
    .select({ email: user.email, role: user.role, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(ne(user.role, 'user'))
    .orderBy(asc(user.email));
}
