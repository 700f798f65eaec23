import type { AppContext } from '../context';
import { deleteStoredFiles } from '../modules/account/retention.service';
import type { JobQueue } from './queue';

/**
 * Queued when a deleted account's image files could not all be removed at once (storage
 * unreachable): tries again every five minutes, up to a day.
 */
export function registerStoredFileDelete(queue: JobQueue, ctx: AppContext) {
  queue.work('stored-file-delete', ({ fileNames }) => deleteStoredFiles(ctx, fileNames), {
    timeoutSeconds: 10 * 60,
    retryLimit: 288,
    retryDelaySeconds: 5 * 60,
  });
}
