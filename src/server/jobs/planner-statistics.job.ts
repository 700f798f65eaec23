import type { Logger } from 'pino';
import type { JobQueue } from './queue';

/**
 * Every minute (and at start-up): on PGlite, which runs no autovacuum, analyzes the tables that
 * grew enough since their last statistics for the planner to choose differently (a long
 * conversation's history pages need them, decision 0015). Nothing to do on PostgreSQL. Often,
 * because PGlite keeps every statement prepared, and a prepared statement keeps the plan it was
 * given until an analyze replaces it: on a new server, plans made while `message` was nearly
 * empty made 16 replies in flight take 33 ms to their first token instead of 20 (decision 0033).
 * A look costs one catalog query; an analyze runs only after the table grew by a tenth.
 */
export function registerPlannerStatistics(
  queue: JobQueue,
  ctx: { refreshDatabaseStatistics(): Promise<string[]>; log: Logger },
) {
  queue.every(
    'planner-statistics',
    '* * * * *',
    async () => {
      const analyzed = await ctx.refreshDatabaseStatistics();
      if (analyzed.length > 0) ctx.log.info({ analyzed }, 'planner statistics refreshed');
    },
    { runAtStart: true, timeoutSeconds: 10 * 60 },
  );
}
