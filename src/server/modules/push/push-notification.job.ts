import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/queue';
import { deliverPush } from './notify.service';

/**
 * Queued when there is something to tell a user's browsers (issue 52): a reply finished, a
 * character checked in, a check-in was skipped. Sent once by one server; a failure is not retried
 * (a late notification is worse than none; the unread mark still shows it).
 */
export function registerPushNotification(queue: JobQueue, ctx: AppContext) {
  queue.work('push-notification', (job) => deliverPush(ctx, job), {
    timeoutSeconds: 120,
    retryLimit: 0,
    retryDelaySeconds: 0,
  });
}
