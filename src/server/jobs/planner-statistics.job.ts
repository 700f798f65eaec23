import type { AppContext } from '../context';
import type { JobQueue } from './queue';

/**
 * Every ten minutes (and at start-up): on PGlite, which runs no autovacuum, analyzes the tables
 * that grew enough since their last statistics for the planner to choose differently (a long
 * conversation's history pages need them, decision 0015). Nothing to do on PostgreSQL.
 */
export function registerPlannerStatistics(queue: JobQueue, ctx: AppContext) {
  queue.every(
    'planner-statistics',
    '*/10 * * * *',
    async () => {
      const analyzed = await ctx.refreshDatabaseStatistics();
      if (analyzed.length > 0) ctx.log.info({ analyzed }, 'planner statistics refreshed');
    },
    { runAtStart: true, timeoutSeconds: 10 * 60 },
  );
}
