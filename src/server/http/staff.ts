import type { AppContext } from '../context';

/**
 * Staff are verified addresses in STAFF_EMAILS: they see the hidden model picker and the staff
 * routes (the crisis protocol's report and paused accounts).
 */
export function isStaff(
  ctx: Pick<AppContext, 'config'>,
  user: { email: string; emailVerified: boolean },
): boolean {
  return user.emailVerified && ctx.config.staffEmails.includes(user.email.toLowerCase());
}
