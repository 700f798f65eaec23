import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/queue';
import { runDueCheckIns } from './check-ins.service';

/**
 * Every minute, on one server (issue 52 part 3): writes the check-ins due. A run that overlaps
 * another is harmless: each slot is claimed in the database first.
 */
export function registerCheckIns(queue: JobQueue, ctx: AppContext) {
  queue.every(
    'check-ins',
    '* * * * *',
    async () => {
      const sent = await runDueCheckIns(ctx, ctx.clock.now());
      if (sent > 0) ctx.log.info({ sent }, 'check-ins sent');
    },
    { timeoutSeconds: 15 * 60 },
  );
}
