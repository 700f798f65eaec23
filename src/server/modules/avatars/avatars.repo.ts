import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor as DbExecutor } from '../../db/client';
import { avatar, character, persona } from '../../db/schema';
import type { ExportParts } from '../../db/user-data';
import { forgetPendingFiles, recordFileRemovals } from './file-removal.repo';

export async function insertAvatar(
  db: Database,
  userId: string,
  value: { fileName: string; contentType: string; byteSize: number },
) {
  // The file was stored first, recorded as pending (storeFileBeforeRow): it stays with its row.
  await db.transaction(async (tx) => {
    await tx.insert(avatar).values({ userId, ...value });
    await forgetPendingFiles(tx, [value.fileName]);
  });
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
 * Forgets an avatar no character or persona of the user shows any more, inside the transaction that stopped
 * showing it (a character's update or deletion), which holds the user's avatar lock: the row goes
 * and its file is recorded for removal with that change (decision 0043), so the caller removes
 * it after the commit (removeRecordedFiles) or the file-removal job does. Returns true when the
 * record was removed, false when a character still shows it or it is already gone.
 */
export async function releaseUnusedAvatar(tx: DbExecutor, userId: string, fileName: string) {
  const inUse = await tx.execute(
    sql`select 1 from ${character} where ${character.userId} = ${userId} and ${character.avatarImage} = ${fileName}
        union all
        select 1 from ${persona} where ${persona.userId} = ${userId} and ${persona.avatarImage} = ${fileName}
        limit 1`,
  );
  if (inUse.rows.length > 0) return false;
  const deleted = await tx
    .delete(avatar)
    .where(and(eq(avatar.fileName, fileName), eq(avatar.userId, userId)))
    .returning({ fileName: avatar.fileName });
  const names = deleted.map((row) => row.fileName);
  await recordFileRemovals(tx, names);
  return names.length > 0;
}

/** Avatars none of their owner's characters or personas shows, stored more than `olderThanMs` ago. */
function unusedAndOlderThan(olderThanMs: number) {
  return and(
    lt(avatar.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
    sql`not exists (select 1 from ${character} where ${character.userId} = ${avatar.userId} and ${character.avatarImage} = ${avatar.fileName})`,
    // A persona's avatar (issue 47 part 5) is in use too.
    sql`not exists (select 1 from ${persona} where ${persona.userId} = ${avatar.userId} and ${persona.avatarImage} = ${avatar.fileName})`,
  );
}

/**
 * Up to `limit` avatars of any user that no character shows and that were stored more than
 * `olderThanMs` ago (database clock), oldest first. For the avatar sweep, which acts for no user.
 */
export async function findUnusedAvatars(db: Database, olderThanMs: number, limit: number) {
  return db
    .select({ userId: avatar.userId, fileName: avatar.fileName })
    .from(avatar)
    .where(unusedAndOlderThan(olderThanMs))
    .orderBy(asc(avatar.createdAt))
    .limit(limit);
}

/**
 * Deletes those of the user's `fileNames` that are still unused and still old enough, under the
 * user's avatar lock (a character cannot start showing one meanwhile), recording their files for
 * removal in the same transaction; returns the deleted names, whose files the caller then
 * removes. With several sweeps at once each row is deleted, and returned, by one of them only.
 */
export async function deleteUnusedAvatars(
  db: Database,
  userId: string,
  fileNames: string[],
  olderThanMs: number,
): Promise<string[]> {
  if (fileNames.length === 0) return [];
  return db.transaction(async (tx) => {
    await lockUserAvatars(tx, userId);
    const deleted = await tx
      .delete(avatar)
      .where(
        and(
          eq(avatar.userId, userId),
          inArray(avatar.fileName, fileNames),
          unusedAndOlderThan(olderThanMs),
        ),
      )
      .returning({ fileName: avatar.fileName });
    const names = deleted.map((row) => row.fileName);
    await recordFileRemovals(tx, names);
    return names;
  });
}

/** The image files the user uploaded or generated (the export zips them; deletion removes them). */
export async function avatarFilesOf(db: DbExecutor, userId: string) {
  const rows = await db
    .select({ fileName: avatar.fileName })
    .from(avatar)
    .where(eq(avatar.userId, userId))
    .orderBy(asc(avatar.createdAt));
  return rows.map((r) => r.fileName);
}

/** The account export's list of avatar images (issue 14); the files themselves go in the zip. */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    avatars: () =>
      db
        .select({
          fileName: avatar.fileName,
          contentType: avatar.contentType,
          byteSize: avatar.byteSize,
          createdAt: avatar.createdAt,
        })
        .from(avatar)
        .where(eq(avatar.userId, userId))
        .orderBy(asc(avatar.createdAt)),
  };
}

/**
 * The avatar rows, their files recorded for removal in the deletion's own transaction (decision
 * 0043) and answered, to be removed once it commits (account.service): read as they are
 * deleted, so an image uploaded meanwhile is not missed.
 */
export async function deleteAllForUser(tx: DbExecutor, userId: string) {
  const rows = await tx
    .delete(avatar)
    .where(eq(avatar.userId, userId))
    .returning({ fileName: avatar.fileName });
  const storedFiles = rows.map((r) => r.fileName);
  await recordFileRemovals(tx, storedFiles);
  return { storedFiles };
}
