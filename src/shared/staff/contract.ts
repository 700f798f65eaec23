import { z } from 'zod';

/**
 * The staff console's contract (decision 0055).
 *
 *   GET /api/admin/audit?before=&limit=&userId=   → auditPageResponse, newest first; staff
 *                                                   with two-factor (404 to others, 403
 *                                                   twoFactorRequiredResponse to staff without)
 *
 * The users (issue 48 part 2, decision 0056), same rule, in users-contract.ts:
 *   GET  /api/admin/users?query=                     → userSearchResponse (at most 20, newest)
 *   GET  /api/admin/users/:userId                    → userPageResponse (404 unknown id)
 *   POST /api/admin/users/:userId/credits            → creditGrantResponse (the new balance)
 *   POST /api/admin/users/:userId/suspension         → userPageResponse
 *   POST /api/admin/users/:userId/sessions/revoke    → sessionsRevokedResponse
 */

export { STAFF_ROLES, isStaffRole, type StaffRole } from './roles';
export * from './users-contract';

/** 403 from every staff route to a staff account without two-factor authentication. */
export const twoFactorRequiredResponse = z.object({
  message: z.string(),
  code: z.literal('TWO_FACTOR_REQUIRED'),
  setupUrl: z.string(),
});
export type TwoFactorRequiredResponse = z.infer<typeof twoFactorRequiredResponse>;

/** 403 from a staff route that may also refuse staff with two-factor (a moderator acting on staff). */
export const staffForbiddenResponse = z.union([
  twoFactorRequiredResponse,
  z.object({ message: z.string() }),
]);

export const AUDIT_PAGE_MAX = 100;

/** A page of the audit log: entries older than `before` (an entry's id), optionally about one user. */
export const auditPageQuery = z.object({
  before: z.coerce.number({ error: 'before is an entry id.' }).int().positive().optional(),
  limit: z.coerce
    .number({ error: `limit is 1 to ${AUDIT_PAGE_MAX}.` })
    .int()
    .min(1, `limit is 1 to ${AUDIT_PAGE_MAX}.`)
    .max(AUDIT_PAGE_MAX, `limit is 1 to ${AUDIT_PAGE_MAX}.`)
    .default(50),
  userId: z.string().min(1).max(100).optional(),
});
export type AuditPageQuery = z.input<typeof auditPageQuery>;

/** One audit entry: who (and their address today, if the account still exists), what, whom, when, why. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `nextBefore`: pass it as `before` for the next (older) page; null at the end. */
export const auditPageResponse = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageResponse>;
