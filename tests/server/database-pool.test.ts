/**
 * The app's PostgreSQL pool opens at most DATABASE_POOL_SIZE connections, DEFAULT_POOL_SIZE
 * without it (decision 0073): statements that arrive together beyond that wait for a connection,
 * and every one answers. PGlite is one embedded connection whatever the size.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_SIZE } from '../../src/server/db/client';
import { freshDatabase } from '../support/test-database';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TOGETHER = 12;

describe('the database pool', () => {
  for (const poolSize of [2, undefined]) {
    const size = poolSize ?? DEFAULT_POOL_SIZE;
    const used = onPostgres ? size : 1;
    it(`runs ${TOGETHER} statements that arrive together on ${used} connection${used === 1 ? '' : 's'} (pool size ${poolSize ?? 'unset'})`, async () => {
      const { handle, drop } = await freshDatabase(poolSize ? { poolSize } : {});
      try {
        const answers = await Promise.all(
          Array.from({ length: TOGETHER }, (_, i) =>
            handle.db.execute<{ pid: number; n: number }>(
              sql`select pg_backend_pid() as pid, ${i}::int as n`,
            ),
          ),
        );
        expect(answers.map((a) => a.rows[0]!.n)).toEqual([...Array(TOGETHER).keys()]);
        const backends = new Set(answers.map((a) => a.rows[0]!.pid));
        expect(backends.size).toBe(used);
        if (onPostgres) expect(handle.poolStats!().total).toBe(size);
      } finally {
        await handle.close();
        await drop();
      }
    });
  }
});
