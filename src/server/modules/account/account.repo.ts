import { asc, eq, lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { account, accountDeletion, session, user, verification } from '../../db/schema';
import type { ExportParts } from '../../db/user-data';
import { forgetQueuedMailTo, signInMethods } from '../auth';

/**
 * The account export's own part: who the user is, what the service recorded of the account
 * (its role, a suspension and why, two-factor), how they sign in, and the devices signed in and
 * accounts linked as they are recorded — never a secret (no password hash, session token or
 * provider token).
 */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    account: async () => {
      const [row] = await db
        .select({
          email: user.email,
          name: user.name,
          image: user.image,
          emailVerified: user.emailVerified,
          termsAcceptedAt: user.termsAcceptedAt,
          ageConfirmedAt: user.ageConfirmedAt,
          role: user.role,
          twoFactorEnabled: user.twoFactorEnabled,
          suspended: user.banned,
          suspensionReason: user.banReason,
          suspensionEnds: user.banExpires,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        })
        .from(user)
        .where(eq(user.id, userId));
      const methods = await signInMethods(db, userId);
      return row ? { ...row, signInMethods: methods.providers } : null;
    },
    sessions: () =>
      db
        .select({
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt)),
    linkedAccounts: () =>
      db
        .select({
          provider: account.providerId,
          accountId: account.accountId,
          createdAt: account.createdAt,
        })
        .from(account)
        .where(eq(account.userId, userId))
        .orderBy(asc(account.createdAt)),
  };
}

/**
 * The user's sign-in records: sessions, linked accounts, pending links (password reset tokens
 * hold the user id as their value), mail still queued to the address, and the user itself. Runs
 * last in the deletion.
 */
export async function deleteAllForUser(tx: Executor, userId: string) {
  const [named] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (named) await forgetQueuedMailTo(tx, named.email);
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.delete(verification).where(eq(verification.value, userId));
  await tx.delete(user).where(eq(user.id, userId));
}

/** That an account was deleted, and when: nothing that names the person. */
export async function recordDeletion(tx: Executor, cancelledSubscription: boolean) {
  await tx.insert(accountDeletion).values({ cancelledSubscription });
}

/** Retention (issue 14): expired sign-in records, kept this long after they ended. */
export async function purgeExpiredSignInRecords(db: Database, before: Date) {
  const sessions = await db
    .delete(session)
    .where(lt(session.expiresAt, before))
    .returning({ id: session.id });
  const verifications = await db
    .delete(verification)
    .where(lt(verification.expiresAt, before))
    .returning({ id: verification.id });
  return { sessions: sessions.length, verifications: verifications.length };
}
