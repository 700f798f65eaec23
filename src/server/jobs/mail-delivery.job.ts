import type { AppContext } from '../context';
import { deliverQueuedMail } from '../modules/auth/queued-mail';
import type { JobQueue } from './queue';

/**
 * Queued for each mail that must not be sent within its request (modules/auth/queued-mail.ts):
 * sends it; a mail server that is down is tried again every minute for half an hour.
 */
export function registerMailDelivery(queue: JobQueue, ctx: AppContext) {
  queue.work('mail-delivery', ({ mailId }) => deliverQueuedMail(ctx, mailId), {
    timeoutSeconds: 120,
    retryLimit: 30,
    retryDelaySeconds: 60,
  });
}
