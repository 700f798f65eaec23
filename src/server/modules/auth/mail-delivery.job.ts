import type { AppContext } from '../../context';
import { deliverQueuedMail, requeueStrandedMail } from './queued-mail';
import type { JobQueue } from '../../jobs/queue';

/**
 * Queued for each mail that must not be sent within its request (modules/auth/queued-mail.ts):
 * sends it; a mail server that is down is tried again every minute for half an hour. And a
 * sweep (mail-requeue) for mail whose job was never queued.
 */
export function registerMailDelivery(queue: JobQueue, ctx: AppContext) {
  queue.work('mail-delivery', ({ mailId }) => deliverQueuedMail(ctx, mailId), {
    timeoutSeconds: 120,
    retryLimit: 30,
    retryDelaySeconds: 60,
  });
  // Every minute and at start-up: a mail whose job a stopped server never queued is sent anyway.
  queue.every(
    'mail-requeue',
    '* * * * *',
    async () => {
      const queued = await requeueStrandedMail(ctx.db, ctx.jobs);
      if (queued > 0) ctx.log.warn({ queued }, 'queued the delivery of mail left without a job');
    },
    { runAtStart: true, timeoutSeconds: 120 },
  );
}
