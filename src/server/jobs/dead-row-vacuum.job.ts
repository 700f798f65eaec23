import type { Logger } from 'pino';
import type { JobQueue } from './queue';

/**
 * Every five minutes: on PGlite, which runs no autovacuum, vacuums the tables whose dead rows
 * passed autovacuum's rule, so that updated tables (a conversation is updated twice per reply)
 * stop growing (decision 0033). Nothing to do on PostgreSQL.
 */
export function registerDeadRowVacuum(
  queue: JobQueue,
  ctx: { vacuumDeadRows(): Promise<string[]>; log: Logger },
) {
  queue.every(
    'dead-row-vacuum',
    '*/5 * * * *',
    async () => {
      const started = performance.now();
      const vacuumed = await ctx.vacuumDeadRows();
      const ms = Math.round(performance.now() - started);
      if (vacuumed.length > 0) ctx.log.info({ vacuumed, ms }, 'tables vacuumed');
    },
    { timeoutSeconds: 10 * 60 },
  );
}
