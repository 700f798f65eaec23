import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, session, user } from '../../db/schema';
import { voidResetLinks } from './reset-links';

/**
 * Called when a Google account is linked to an existing account. better-auth links it only when
 * Google has verified the address (no provider is "trusted" without that), so whoever signs in
 * with Google owns the address. If the existing account's address was never verified, its
 * password was set by someone who never proved the address theirs — perhaps a stranger who
 * registered it first to lock its owner out or to wait for them. That password (and anything
 * that could set one: reset links, sessions) goes; the owner can set their own later with
 * 'Forgot password?'.
 */
export async function dropUnprovenPassword(db: Database, userId: string): Promise<void> {
  const [owner] = await db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!owner || owner.emailVerified) return;
  await db
    .delete(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  await db.delete(session).where(eq(session.userId, userId));
  await voidResetLinks(db, userId);
}
