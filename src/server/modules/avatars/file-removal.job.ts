import type { AppContext } from '../../context';
import { drainFileRemovals, FILE_REMOVAL_JOB } from './file-removal.service';
import type { JobQueue } from '../../jobs/queue';

/**
 * Every minute and at start-up, and at once when a request could not remove the files it
 * deleted the rows of: removes the stored files recorded in `file_removal` (decision 0043), so a
 * crash after a deletion's commit, or storage refusing for a while, leaves no deleted user's or
 * character's picture behind. An empty outbox costs one query.
 */
export function registerFileRemoval(queue: JobQueue, ctx: AppContext) {
  queue.every(
    FILE_REMOVAL_JOB,
    '* * * * *',
    async () => {
      await drainFileRemovals(ctx);
    },
    { runAtStart: true, timeoutSeconds: 10 * 60 },
  );
}
