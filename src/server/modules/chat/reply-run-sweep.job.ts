import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/queue';
import { sweepRuns } from './reply-runs.repo';
import { RUN_CUT_OFF, RUN_KEEP_MS, RUN_LAPSED_MS } from './reply-runs';

/**
 * Every minute (and at start-up), on one server: ended reply runs older than RUN_KEEP_MS removed
 * (the reply is a message by then; the run only served late reconnects), and runs whose server
 * stopped renewing their lease RUN_LAPSED_MS ago ended as cut off, so a client following one is
 * told. Their credit comes back through the charge sweep.
 */
export function registerReplyRunSweep(queue: JobQueue, ctx: AppContext) {
  queue.every(
    'reply-run-sweep',
    '* * * * *',
    async () => {
      const { removed, failed } = await sweepRuns(ctx.db, RUN_KEEP_MS, RUN_LAPSED_MS, RUN_CUT_OFF);
      if (failed > 0) ctx.log.warn({ failed }, 'reply runs cut off: their server stopped');
      if (removed > 0) ctx.log.debug({ removed }, 'ended reply runs removed');
    },
    { runAtStart: true, timeoutSeconds: 5 * 60 },
  );
}
