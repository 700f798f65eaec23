import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditPage } from '../../../shared/staff/contract';
import type { Database } from '../../db/client';
import { staffAudit, user } from '../../db/schema';

/**
 * A page of the audit log, newest first, by keyset (`id < before`): the same cost on any page.
 * The actor's address is joined as it is today (the log keeps ids only).
 */
export async function auditPage(
  db: Database,
  query: { before?: number; limit: number; userId?: string },
): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.before !== undefined) filters.push(lt(staffAudit.id, query.before));
  if (query.userId !== undefined) filters.push(eq(staffAudit.targetUserId, query.userId));
  const rows = await db
    .select({
      id: staffAudit.id,
      at: staffAudit.at,
      actorId: staffAudit.actorId,
      actorEmail: user.email,
      actorRole: staffAudit.actorRole,
      action: staffAudit.action,
      targetUserId: staffAudit.targetUserId,
      reason: staffAudit.reason,
      details: staffAudit.details,
    })
    .from(staffAudit)
    .leftJoin(user, eq(user.id, staffAudit.actorId))
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(staffAudit.id))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const entries: AuditEntry[] = rows.slice(0, query.limit).map((row) => ({
    ...row,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail ?? null,
    details: row.details ?? null,
  }));
  return { entries, nextBefore: more ? (entries.at(-1)?.id ?? null) : null };
}
