import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { avatar, character } from '../../db/schema';

export async function insertAvatar(
  db: Database,
  userId: string,
  value: { fileName: string; contentType: string; byteSize: number },
) {
  await db.insert(avatar).values({ userId, ...value });
}

export async function isAvatarOwnedBy(db: Database, userId: string, fileName: string) {
  const rows = await db
    .select({ fileName: avatar.fileName })
    .from(avatar)
    .where(and(eq(avatar.fileName, fileName), eq(avatar.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export const UNKNOWN_AVATAR = 'Unknown avatar image. Please upload it again.';

/** Anything that runs SQL: the database handle or a transaction. */
type Executor = Pick<Database, 'select' | 'delete' | 'execute'>;

/**
 * Serialises avatar changes of one user (transaction-scoped advisory lock), so "is this file
 * still used?" and "show this file" cannot interleave.
 */
export async function lockUserAvatars(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'avatar:' + userId}))`);
}

export async function ownsAvatar(tx: Executor, userId: string, fileName: string) {
  const rows = await tx
    .select({ fileName: avatar.fileName })
    .from(avatar)
    .where(and(eq(avatar.fileName, fileName), eq(avatar.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Forgets an avatar no character of the user shows any more. Returns true when the record was
 * removed (the caller then deletes the file), false when it is still in use or already gone.
 */
export async function releaseAvatarRecord(db: Database, userId: string, fileName: string) {
  return db.transaction(async (tx) => {
    await lockUserAvatars(tx, userId);
    const inUse = await tx
      .select({ id: character.id })
      .from(character)
      .where(and(eq(character.userId, userId), eq(character.avatarImage, fileName)))
      .limit(1);
    if (inUse.length > 0) return false;
    const deleted = await tx
      .delete(avatar)
      .where(and(eq(avatar.fileName, fileName), eq(avatar.userId, userId)))
      .returning({ fileName: avatar.fileName });
    return deleted.length > 0;
  });
}
