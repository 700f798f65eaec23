import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAudit, user } from '../../db/schema';

/**
 * STAFF_EMAILS: a verified listed address that is still a plain user becomes admin (decision
 * 0055). Called as a session is created, so the role is there for that session's first request.
 * It never demotes: taking an address off the list changes nothing (`npm run staff` does).
 */
export async function promoteListedStaff(
  db: Database,
  staffEmails: readonly string[],
  userId: string,
): Promise<void> {
  if (staffEmails.length === 0) return;
  const [row] = await db
    .select({ email: user.email, emailVerified: user.emailVerified, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  if (!row || !row.emailVerified || row.role !== 'user') return;
  if (!staffEmails.includes(row.email.toLowerCase())) return;
  // Audited like every role change (decision 0055), in the same transaction.
  await db.transaction(async (tx) => {
    const promoted = await tx
      .update(user)
      .set({ role: 'admin' })
      .where(and(eq(user.id, userId), eq(user.role, 'user')))
      .returning({ id: user.id });
    if (promoted.length === 0) return;
    await tx.insert(staffAudit).values({
      actorId: STAFF_EMAILS_ACTOR,
      actorRole: null,
      action: 'staff.role.set',
      targetUserId: userId,
      details: { from: 'user', to: 'admin' },
    });
  });
}

/** Who made an account admin as its listed address signed in (the audit's actor). */
export const STAFF_EMAILS_ACTOR = 'staff-emails';
