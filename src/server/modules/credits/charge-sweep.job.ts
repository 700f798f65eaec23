import { sweepStaleCharges, type SweeperContext } from './credits.service';
import type { JobQueue } from '../../jobs/queue';

/**
 * Every minute (and at start-up): gives back the credits of replies that died with their server
 * (a crash or a stop mid-reply leaves their charge pending).
 */
export function registerChargeSweep(queue: JobQueue, ctx: SweeperContext) {
  queue.every(
    'charge-sweep',
    '* * * * *',
    async () => {
      await sweepStaleCharges(ctx);
    },
    { runAtStart: true, timeoutSeconds: 5 * 60 },
  );
}
