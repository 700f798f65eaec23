import type { AppContext } from '../../context';
import type { JobEnqueuer } from '../../jobs/queue';
import {
  claimDue,
  claimRecorded,
  forgetRemoved,
  pendingFileAbandoned,
  recordPendingFile,
  releaseFailed,
} from './file-removal.repo';

/**
 * Files whose rows are gone leave storage through the `file_removal` outbox (decision 0043): the
 * transaction that deletes the rows records the keys (`recordFileRemovals`), the request removes
 * the files right after its commit (`removeRecordedFiles`), and the `file-removal` job removes
 * whatever that did not (a crash after the commit, storage refusing or unreachable). Only
 * recorded keys are ever removed, each by the server that claimed it, and a key is forgotten
 * only once its file is gone.
 */
export const FILE_REMOVAL_JOB = 'file-removal';

export type FileRemovalContext = Pick<AppContext, 'db' | 'log' | 'avatarStorage'> & {
  /** Given by requests, so that what they could not remove is tried again at once. */
  jobs?: Pick<JobEnqueuer, 'runNow'>;
};

/** Storage removals in flight at once. */
const PARALLEL = 8;
/** A request removes at most this many files itself; the job takes the rest at once. */
const REMOVED_IN_REQUEST = 100;
/** Keys per batch of the job, and batches per run at most (the next run goes on). */
const BATCH = 100;
const MAX_BATCHES = 50;

/**
 * Removes the files of `keys` that are recorded for removal, after the commit that recorded
 * them, then forgets them. Never throws (what it was called after is done): a file that cannot
 * go stays recorded, and the job is asked to run. A key that is not recorded (an avatar another
 * character still shows) is left alone.
 */
export async function removeRecordedFiles(ctx: FileRemovalContext, keys: readonly string[]) {
  if (keys.length === 0) return;
  try {
    const now = keys.slice(0, REMOVED_IN_REQUEST);
    const { failed } = await removeFromStorage(ctx, await claimRecorded(ctx.db, now));
    if (failed.length === 0 && keys.length === now.length) return;
  } catch (err) {
    ctx.log.warn({ err }, 'files to remove left to the file-removal job');
  }
  await ctx.jobs?.runNow(FILE_REMOVAL_JOB).catch((err: unknown) => {
    // The job queue not running (yet): its run at start-up or on schedule takes them.
    ctx.log.warn({ err }, 'could not ask for a file-removal run');
  });
}

/**
 * Stores a file whose row is written after it (decision 0043): its key is recorded as pending
 * first, then the file stored, then `writeRow` writes the row and forgets the record in its own
 * transaction (`forgetPendingFiles`). Storing or writing failed: the file is removed at once and
 * the failure thrown. A server that dies in between leaves the record, which the `file-removal`
 * job takes an hour on: no stored file is ever one that nothing knows of.
 */
export async function storeFileBeforeRow<T>(
  ctx: FileRemovalContext,
  file: { key: string; data: Buffer; contentType: string },
  writeRow: () => Promise<T>,
): Promise<T> {
  await recordPendingFile(ctx.db, file.key);
  try {
    await ctx.avatarStorage.put(file.key, file.data, file.contentType);
    return await writeRow();
  } catch (error) {
    await removePendingFile(ctx, file.key);
    throw error;
  }
}

/** A pending file whose row will not be written, removed now. Never throws (the job is there). */
export async function removePendingFile(ctx: FileRemovalContext, key: string) {
  try {
    await pendingFileAbandoned(ctx.db, key);
  } catch (err) {
    ctx.log.warn({ err }, 'a file whose row was not written is left to the file-removal job');
    return;
  }
  await removeRecordedFiles(ctx, [key]);
}

/**
 * The job's work: removes recorded files, a batch at a time, until none is due or storage
 * refuses one (the rest waits for the next run). Safe with several servers at once, and with
 * requests removing their own files meanwhile: each batch is claimed (`FOR UPDATE SKIP LOCKED`,
 * then a claim that keeps other servers off it for a few minutes), and were a file removed twice
 * all the same (a claim run out), removing a file that is already gone succeeds; keys are random
 * names, never used again.
 */
export async function drainFileRemovals(ctx: FileRemovalContext) {
  let removed = 0;
  let failed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const keys = await claimDue(ctx.db, BATCH);
    const result = await removeFromStorage(ctx, keys);
    removed += result.removed.length;
    failed += result.failed.length;
    if (result.failed.length > 0 || keys.length < BATCH) break;
  }
  if (removed > 0) ctx.log.info({ removed }, 'removed the files of deleted rows');
  return { removed, failed };
}

/** Removes each claimed key's file, forgets those removed and releases the others. */
async function removeFromStorage(ctx: FileRemovalContext, keys: readonly string[]) {
  const removed: string[] = [];
  const failed: string[] = [];
  let error: unknown;
  for (let i = 0; i < keys.length; i += PARALLEL) {
    await Promise.all(
      keys.slice(i, i + PARALLEL).map((key) =>
        ctx.avatarStorage.delete(key).then(
          () => removed.push(key),
          (err: unknown) => {
            failed.push(key);
            error ??= err;
          },
        ),
      ),
    );
  }
  await forgetRemoved(ctx.db, removed);
  if (failed.length > 0) {
    await releaseFailed(ctx.db, failed);
    ctx.log.error(
      { err: error, failed: failed.length },
      'files of deleted rows could not be removed from storage; they stay recorded for the next try',
    );
  }
  return { removed, failed };
}
