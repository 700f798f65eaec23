import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import { USER_SEARCH_LIMIT, type UserSummary } from '../../../shared/staff/contract';
import type { Database } from '../../db/client';
import { character, conversation, creditAccount, message, session, user } from '../../db/schema';

/** `text` as a LIKE pattern that matches it literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts whose address or name contains `query` (any case), newest first; a blank query lists
 * the newest. The plan is the credit account's ('free' before it was first opened).
 */
export async function searchUsers(db: Database, query: string): Promise<UserSummary[]> {
  const pattern = containing(query);
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      plan: sql<string>`coalesce(${creditAccount.plan}, 'free')`,
      createdAt: user.createdAt,
      suspended: user.banned,
    })
    .from(user)
    .leftJoin(creditAccount, eq(creditAccount.userId, user.id))
    .where(query === '' ? undefined : or(ilike(user.email, pattern), ilike(user.name, pattern)))
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(USER_SEARCH_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The account's own columns the console shows (never its password, which is not here anyway). */
export async function findAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      banned: user.banned,
      banReason: user.banReason,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

const countOf = (table: typeof character | typeof conversation | typeof message, userId: string) =>
  sql`(select count(*)::int from ${table} where ${table.userId} = ${userId})`;

/**
 * What the user has, counted and never read (decision 0056), and when they were last active:
 * the newest session activity or message.
 */
export async function activityOf(db: Database, userId: string) {
  const { rows } = await db.execute<{
    characters: number | string;
    conversations: number | string;
    messages: number | string;
    last_active_at: string | Date | null;
  }>(sql`select
      ${countOf(character, userId)} as characters,
      ${countOf(conversation, userId)} as conversations,
      ${countOf(message, userId)} as messages,
      greatest(
        (select max(${session.updatedAt}) from ${session} where ${session.userId} = ${userId}),
        (select max(${message.createdAt}) from ${message} where ${message.userId} = ${userId})
      ) as last_active_at`);
  const row = rows[0];
  if (!row) throw new Error('a select without a table answered no row');
  return {
    counts: {
      characters: Number(row.characters),
      conversations: Number(row.conversations),
      messages: Number(row.messages),
    },
    lastActiveAt: row.last_active_at === null ? null : new Date(row.last_active_at).toISOString(),
  };
}

/** The account's sessions as stored, newest first, without their tokens. */
/** Signed-in devices the user's page shows, the most recently used first. */
export const SESSIONS_SHOWN = 50;

export async function sessionsOf(db: Database, userId: string) {
  const rows = await db
    .select({
      createdAt: session.createdAt,
      lastSeenAt: session.updatedAt,
      expiresAt: session.expiresAt,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(desc(session.updatedAt))
    .limit(SESSIONS_SHOWN);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}
