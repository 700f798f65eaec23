import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, session, user } from '../../db/schema';

/** The sign-in methods of a user: a password (credential account) and/or Google. */
export async function signInMethods(db: Database, userId: string) {
  const rows = await db
    .select({ providerId: account.providerId, password: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  return {
    hasPassword: rows.some((r) => r.providerId === 'credential' && r.password !== null),
    providers: rows.map((r) => r.providerId),
  };
}

/** The token of one of the user's sessions (never sent to a browser: revocation needs it). */
export async function findSessionToken(db: Database, userId: string, sessionId: string) {
  const [row] = await db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .limit(1);
  return row?.token ?? null;
}

export async function findUser(db: Database, userId: string) {
  const [row] = await db
    .select({ email: user.email, name: user.name, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}
