/**
 * PGlite runs no autovacuum: the dead-row-vacuum job vacuums the tables whose dead rows passed
 * autovacuum's rule, so a table whose rows are updated again and again (a conversation, twice per
 * reply) stops growing. On PostgreSQL autovacuum does it and the job has nothing to do.
 */
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { appTest } from '../support/server-fixtures';

/** The app (jobs running), its database holding the probe table the tests update. */
const it = appTest({}, { jobs: true }).extend('db', { scope: 'file' }, async ({ t }) => {
  await t.database.db.execute(sql`
    create table dead_row_probe (
      id int primary key,
      touched timestamptz not null default now(),
      note text not null default ''
    )`);
  await t.database.db.execute(sql`create index dead_row_probe_touched on dead_row_probe (touched)`);
  await t.database.db.execute(
    sql`insert into dead_row_probe (id) select g from generate_series(1, 200) g`,
  );
  return t.database.db;
});

/** Every row updated once (a new version of each: the indexed column changes, so none is HOT). */
async function touchEveryRow(db: Database, round: number) {
  await db.execute(
    sql`update dead_row_probe set touched = now() + ${round} * interval '1 second',
                                  note = repeat('x', 200)`,
  );
}

async function probeBytes(db: Database) {
  const { rows } = await db.execute<{ bytes: number }>(
    sql`select (pg_relation_size('dead_row_probe')
              + pg_relation_size('dead_row_probe_touched'))::int as bytes`,
  );
  return rows[0]!.bytes;
}

describe('dead rows', () => {
  it('has the job on its schedule', async ({ t }) => {
    expect(await t.jobs.schedules()).toContainEqual({
      name: 'dead-row-vacuum',
      cron: '*/5 * * * *',
    });
  });

  it('vacuums a table updated again and again on PGlite, so it stops growing', async ({
    t,
    db,
  }) => {
    const onPglite = t.database.driver === 'pglite';
    const sizes: number[] = [];
    for (let round = 1; round <= 12; round++) {
      await touchEveryRow(db, round);
      const vacuumed = await t.database.vacuumDeadRows();
      if (onPglite) expect(vacuumed).toContain('public.dead_row_probe');
      else expect(vacuumed).toEqual([]);
      sizes.push(await probeBytes(db));
    }
    if (!onPglite) return;
    // Without a vacuum every round leaves 200 dead versions behind: twelve rounds, twelve times
    // the table. Vacuumed, the space of the dead versions is used again.
    expect(sizes.at(-1)!).toBeLessThanOrEqual(sizes[2]!);
    const { rows } = await t.database.db.execute<{ dead: number }>(
      sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'dead_row_probe'`,
    );
    expect(rows[0]!.dead).toBe(0);
    // Nothing is due until enough rows die again.
    expect(await t.database.vacuumDeadRows()).not.toContain('public.dead_row_probe');
  });
});
