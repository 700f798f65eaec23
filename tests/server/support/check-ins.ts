import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestClock } from '../../support/test-clock';
import type { TestApp } from './test-app';

export { TestClock } from '../../support/test-clock';

/**
 * Runs the 'check-ins' job once with the clock at `at`, through the app's own queue, and waits
 * until that run (and any before it) is over.
 */
export async function runCheckInsAt(t: TestApp, clock: TestClock, at: string) {
  clock.at = new Date(at);
  await expect
    .poll(() => t.jobs.runNow('check-ins'), { timeout: 20_000, interval: 200 })
    .toBe(true);
  await expect
    .poll(
      async () => {
        const { rows } = await t.database.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pgboss.job
           where name = 'check-ins' and state in ('created', 'retry', 'active')`);
        return rows[0]!.n;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(0);
}
