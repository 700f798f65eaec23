import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';
import type { SessionUser } from '../../../shared/auth/contract';
import {
  isStaffRole,
  USER_NOT_FOUND,
  type CreditGrantRequest,
  type SuspensionRequest,
  type UserPage,
} from '../../../shared/staff/contract';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../errors';
import { creditsOverview, grantCredits } from '../credits';
import * as repo from './users.repo';

export const STAFF_USER_MESSAGES = {
  ownSuspension: 'You cannot suspend or restore your own account.',
  ownCredits: 'You cannot give or take credits of your own account.',
  staffNeedsAdmin: 'Only an admin can do this to a staff account.',
} as const;

type StaffContext = Pick<AppContext, 'db' | 'log' | 'auth' | 'sessions'>;

async function accountOr404(ctx: StaffContext, userId: string) {
  const account = await repo.findAccount(ctx.db, userId);
  if (!account) throw notFound(USER_NOT_FOUND);
  return account;
}

/** The user's page (decision 0056): what staff may know, counted where it is the user's own words. */
export async function userPage(ctx: StaffContext, userId: string): Promise<UserPage> {
  const account = await accountOr404(ctx, userId);
  const [credits, activity, sessions] = await Promise.all([
    creditsOverview(ctx, userId),
    repo.activityOf(ctx.db, userId),
    repo.sessionsOf(ctx.db, userId),
  ]);
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    emailVerified: account.emailVerified,
    role: account.role,
    twoFactorEnabled: account.twoFactorEnabled,
    createdAt: account.createdAt.toISOString(),
    lastActiveAt: activity.lastActiveAt,
    suspended: account.banned,
    suspensionReason: account.banned ? account.banReason : null,
    plan: {
      id: credits.account.plan,
      renewsAt: credits.periodEnd?.toISOString() ?? null,
      nextResetAt: credits.account.nextResetAt.toISOString(),
    },
    credits: {
      left: credits.account.credits,
      grants: credits.grants.map((grant) => ({
        ...grant,
        createdAt: grant.createdAt.toISOString(),
      })),
      repliesPerDay: credits.repliesPerDay,
    },
    counts: activity.counts,
    sessions,
  };
}

/** Gives or takes credits with the reason, in the credits module's ledger; answers the balance. */
export async function changeCredits(
  ctx: StaffContext,
  staff: SessionUser,
  userId: string,
  { amount, reason }: CreditGrantRequest,
): Promise<{ credits: number }> {
  // Free replies paid by the operator: another staff member must grant them.
  if (userId === staff.id) throw badRequest(STAFF_USER_MESSAGES.ownCredits);
  await accountOr404(ctx, userId);
  return { credits: await grantCredits(ctx, userId, { amount, reason, actorId: staff.id }) };
}

/** A staff account is only an admin's to suspend or sign out (a moderator gets 403). */
function requireMayActOn(staff: SessionUser, target: { role: string }) {
  if (isStaffRole(target.role) && staff.role !== 'admin')
    throw forbidden(STAFF_USER_MESSAGES.staffNeedsAdmin);
}

/**
 * Suspends or restores an account through better-auth's admin plugin, as the staff member (their
 * own headers, so the plugin checks their role too): a suspension ends the user's sessions, and
 * sign-in is refused with AUTH_MESSAGES.suspended. Nobody suspends themselves.
 */
export async function setSuspension(
  ctx: StaffContext,
  staff: SessionUser,
  headers: IncomingHttpHeaders,
  userId: string,
  { suspended, reason }: SuspensionRequest,
): Promise<UserPage> {
  if (userId === staff.id) throw badRequest(STAFF_USER_MESSAGES.ownSuspension);
  const target = await accountOr404(ctx, userId);
  requireMayActOn(staff, target);
  if (suspended) {
    await ctx.auth.api.banUser({
      headers: fromNodeHeaders(headers),
      body: { userId, banReason: reason },
    });
  } else {
    await ctx.auth.api.unbanUser({ headers: fromNodeHeaders(headers), body: { userId } });
  }
  // This server's remembered session checks must not outlive the sessions just ended.
  ctx.sessions.forgetAll();
  return userPage(ctx, userId);
}

/** Ends every session of the account (the staff member's own too, when it is theirs). */
export async function revokeSessions(
  ctx: StaffContext,
  staff: SessionUser,
  headers: IncomingHttpHeaders,
  userId: string,
): Promise<{ success: true }> {
  const target = await accountOr404(ctx, userId);
  requireMayActOn(staff, target);
  await ctx.auth.api.revokeUserSessions({ headers: fromNodeHeaders(headers), body: { userId } });
  ctx.sessions.forgetAll();
  return { success: true };
}
