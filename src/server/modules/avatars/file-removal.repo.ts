import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fileRemoval } from '../../db/schema';

/** Keys written per statement (each is one parameter). */
const INSERT_CHUNK = 1000;
/**
 * How long a claim keeps other servers off a removal. Only work is saved by it: removing a file
 * twice does no harm, so a claim that runs out while its server is still at it costs nothing.
 */
const CLAIM_SECONDS = 5 * 60;

/**
 * Records stored files to remove. Call it in the transaction that deletes the rows pointing at
 * them (decision 0043): the deletion and the record commit together or not at all.
 */
export async function recordFileRemovals(tx: Executor, keys: readonly string[]) {
  for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
    const chunk = keys.slice(i, i + INSERT_CHUNK).map((key) => ({ key }));
    await tx.insert(fileRemoval).values(chunk).onConflictDoNothing();
  }
}

/**
 * How long a file stored before its row waits before the job may remove it: far longer than the
 * statement that writes the row can take.
 */
const PENDING_SECONDS = 60 * 60;

/**
 * Records a file about to be stored whose row is written after it (an uploaded picture, a chat
 * picture, a read-aloud): due for removal an hour on, unless the transaction that writes its row
 * forgets it (`forgetPendingFiles`). A server that dies between the file and its row therefore
 * leaves no file that nothing knows of (decision 0043).
 */
export async function recordPendingFile(db: Executor, key: string) {
  await db
    .insert(fileRemoval)
    .values({ key, dueAt: sql`now() + make_interval(secs => ${PENDING_SECONDS})` })
    .onConflictDoNothing();
}

/** The pending files `keys` got their row: they stay. In the transaction that writes the row. */
export async function forgetPendingFiles(tx: Executor, keys: readonly string[]) {
  if (keys.length === 0) return;
  await tx.delete(fileRemoval).where(inArray(fileRemoval.key, [...keys]));
}

/**
 * forgetPendingFiles as a step of a statement that writes the row (a common table expression):
 * `keys`, a query of the keys; `when`, the condition that the row was written.
 */
export function forgetPendingFilesStep(keys: SQL, when: SQL = sql`true`): SQL {
  return sql`delete from ${fileRemoval} where ${fileRemoval.key} in (${keys}) and ${when}`;
}

/** A pending file whose row will not be written: due for removal now. */
export async function pendingFileAbandoned(db: Executor, key: string) {
  await db
    .update(fileRemoval)
    .set({ dueAt: sql`now()` })
    .where(eq(fileRemoval.key, key));
}

const isDue = lte(fileRemoval.dueAt, sql`now()`);
const claimed = { dueAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` };

/**
 * Claims those of `keys` that are recorded and due, for a request removing what it deleted;
 * answers them. A key another server claimed meanwhile is not answered (it removes it).
 */
export async function claimRecorded(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return [];
  const rows = await db
    .update(fileRemoval)
    .set(claimed)
    .where(and(inArray(fileRemoval.key, [...keys]), isDue))
    .returning({ key: fileRemoval.key });
  return rows.map((r) => r.key);
}

/**
 * Claims up to `limit` due keys, those that failed least often first, then the oldest, skipping
 * rows another server is claiming at this moment; answers them.
 */
export async function claimDue(db: Executor, limit: number) {
  const due = db
    .select({ key: fileRemoval.key })
    .from(fileRemoval)
    .where(isDue)
    .orderBy(asc(fileRemoval.attempts), asc(fileRemoval.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(fileRemoval)
    .set(claimed)
    .where(inArray(fileRemoval.key, due))
    .returning({ key: fileRemoval.key });
  return rows.map((r) => r.key);
}

/** Forgets keys whose files are gone from storage. */
export async function forgetRemoved(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return;
  await db.delete(fileRemoval).where(inArray(fileRemoval.key, [...keys]));
}

/** Counts a failed removal of each of `keys` and lets the job's next run try them again. */
export async function releaseFailed(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return;
  await db
    .update(fileRemoval)
    .set({ dueAt: sql`now()`, attempts: sql`${fileRemoval.attempts} + 1` })
    .where(inArray(fileRemoval.key, [...keys]));
}
