import { isStaffRole } from '../../shared/staff/roles';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { staffAudit } from '../db/schema';
import { forbidden } from '../errors';

/** Who a staff check reads: the session's user (SessionUser has these fields). */
export interface StaffCandidate {
  emailVerified: boolean;
  role?: string;
  twoFactorEnabled?: boolean;
}

/**
 * Staff are verified accounts whose role is admin or moderator (decision 0055; STAFF_EMAILS only
 * promotes a listed address when it signs in, modules/auth/staff-bootstrap.ts). Staff see the
 * hidden model picker whether or not two-factor is on: it is not the console.
 */
export function isStaff(_ctx: Pick<AppContext, 'config'>, user: StaffCandidate): boolean {
  return user.emailVerified && isStaffRole(user.role ?? 'user');
}

/**
 * The staff console (every `needs: { auth: 'staff' }` route): 'none' for everyone who is not
 * staff (the routes are not there for them), 'needs-two-factor' for staff who have not turned it
 * on. Enrolment ends every other session, so every session of an account with two-factor on has
 * passed a code: the flag alone proves it.
 */
export function staffConsoleAccess(
  ctx: Pick<AppContext, 'config'>,
  user: StaffCandidate | null,
): 'none' | 'needs-two-factor' | 'ok' {
  if (!user || !isStaff(ctx, user)) return 'none';
  return user.twoFactorEnabled === true ? 'ok' : 'needs-two-factor';
}

/** 403 to staff without two-factor: what to do, and where (the web app links to it). */
export const TWO_FACTOR_REQUIRED = {
  message: 'Set up two-factor authentication to use the staff console.',
  code: 'TWO_FACTOR_REQUIRED',
  setupUrl: '/account#two-factor',
} as const;

/** What a staff request brings that the audit log keeps. */
interface AuditedRequest {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

const stringField = (value: unknown, key: string): string | null => {
  if (!value || typeof value !== 'object') return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field !== '' ? field : null;
};

/**
 * One audit row (decision 0055): who (the staff user and their role), what (the endpoint), whom
 * (the `:userId` of its path), when, and why (the `reason` of the body or query, or a review's
 * `note`); the params, query and body as details.
 */
export async function recordStaffAudit(
  db: Database,
  actor: { id: string; role?: string },
  action: string,
  request: AuditedRequest,
): Promise<void> {
  const reason =
    stringField(request.body, 'reason') ??
    stringField(request.body, 'note') ??
    stringField(request.query, 'reason');
  const details: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    let value = request[part];
    // A search's words (an address, a name) are not kept: the audit keeps ids, and nothing that
    // names a person would be found by that person's account deletion (decision 0055).
    if (part === 'query' && value && typeof value === 'object' && 'query' in value) {
      const { query: _words, ...rest } = value as Record<string, unknown>;
      value = { ...rest, searched: true };
    }
    if (value && typeof value === 'object' && Object.keys(value).length > 0) details[part] = value;
  }
  await db.insert(staffAudit).values({
    actorId: actor.id,
    actorRole: actor.role ?? null,
    action,
    targetUserId: stringField(request.params, 'userId'),
    reason,
    details: Object.keys(details).length > 0 ? details : null,
  });
}

/** 403 to a moderator on what only an admin may change (models, brand, site, deletions). */
export const ADMIN_ONLY = 'Only an admin can change this.';

/** Refuses a moderator: the console's settings and an account's deletion are an admin's. */
export function requireAdmin(user: { role?: string }): void {
  if (user.role !== 'admin') throw forbidden(ADMIN_ONLY);
}
