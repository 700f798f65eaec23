import type { AppContext } from '../../context';
import { purgeOperationalRows } from './retention.service';
import type { JobQueue } from '../../jobs/queue';

/**
 * Daily (and at start-up): removes rows that exist only for operations once they are of no use —
 * expired sessions and verification links, Stripe event ids older than 90 days (issue 14).
 */
export function registerRetentionPurge(queue: JobQueue, ctx: AppContext) {
  queue.every(
    'retention-purge',
    '43 3 * * *',
    async () => {
      await purgeOperationalRows(ctx);
    },
    { runAtStart: true, timeoutSeconds: 30 * 60 },
  );
}
