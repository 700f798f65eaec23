/**
 * The app's database keeps the statements it runs again prepared on the server: on PostgreSQL
 * the pool names each parameterised text on its second run (db/pg-statements.ts, decision 0029),
 * on PGlite every text is prepared (db/pglite-statements.ts, decision 0028). A prepared statement
 * must answer exactly as an unnamed one, inside and outside transactions, after a failure, and
 * after a migration changes its table. Runs on whichever database the suite runs on.
 */
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { statementOnce } from '../../src/server/db/prepared';
import { appTest } from '../support/server-fixtures';

/** The app's database, with the probe table the tests read made and filled. */
const it = appTest().extend('db', { scope: 'file' }, async ({ t }) => {
  const { db } = t.database;
  await db.execute(sql`
    create table statement_probe (
      id serial primary key,
      name text not null unique,
      count bigint,
      seen timestamptz not null default '2026-11-26T10:00:00Z'
    )`);
  await db.execute(sql`
    insert into statement_probe (name, count) values ('lamp', 3), ('rain', 9007199254740993)`);
  return db;
});

const probe = (from: number) =>
  sql`select id, name, count, seen from statement_probe where id >= ${from} order by id`;

/** The server's prepared statements whose text reads the probe table (this connection's). */
async function preparedProbeReads(db: Database) {
  const { rows } = await db.execute<{ statement: string }>(
    sql`select statement from pg_prepared_statements where statement like ${'%from statement_probe where id >=%'}`,
  );
  return rows.length;
}

describe('prepared statements', () => {
  it('prepares a statement that runs again, and it answers as the first run did', async ({
    db,
  }) => {
    const first = await db.execute(probe(1));
    const second = await db.execute(probe(1));
    const third = await db.execute(probe(2));
    expect(second.rows).toEqual(first.rows);
    expect(first.rows.map((r) => r.name)).toEqual(['lamp', 'rain']);
    expect(third.rows.map((r) => r.name)).toEqual(['rain']);
    expect(String(third.rows[0]!.count)).toBe('9007199254740993');
    // Sequential queries reuse the pool's most recently released connection, so the read
    // above sees the statement prepared on the connection that ran it.
    expect(await preparedProbeReads(db)).toBeGreaterThan(0);
  });

  it('runs prepared statements inside a transaction, and after it rolled back', async ({ db }) => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into statement_probe (name) values (${'ember'})`);
        expect((await tx.execute(probe(1))).rows).toHaveLength(3);
        expect((await tx.execute(probe(1))).rows).toHaveLength(3);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.execute(probe(1))).rows).toHaveLength(2);
  });

  it('reports a failing run with the database error, and runs the statement again after it', async ({
    db,
  }) => {
    const insert = (name: string) =>
      db.execute(sql`insert into statement_probe (name) values (${name}) returning id`);
    await insert('fog');
    await expect(insert('fog')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    });
    await expect(insert('fog')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    });
    const { rows } = await insert('mist');
    expect(Number(rows[0]!.id)).toBeGreaterThan(0);
  });

  it('still answers after a migration adds a column to the table it reads', async ({ db }) => {
    await db.execute(probe(1));
    await db.execute(probe(1));
    await db.execute(sql`alter table statement_probe add column note text`);
    const { rows } = await db.execute(probe(1));
    expect(rows.map((r) => r.name)).toEqual(['lamp', 'rain', 'fog', 'mist']);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'name', 'count', 'seen']);
  });
});

describe('a statement built once (statementOnce)', () => {
  const namedAtLeast = statementOnce<{ from: number; name: string | null }, { name: string }>(
    (p) => sql`select name from statement_probe
                where id >= ${p.from} and (${p.name}::text is null or name = ${p.name})
                order by id`,
  );

  it('fills each run with its own values, the same placeholder wherever it appears', async ({
    db,
  }) => {
    const all = await namedAtLeast(db, { from: 1, name: null });
    expect(all.map((r) => r.name)).toEqual(['lamp', 'rain', 'fog', 'mist']);
    expect(await namedAtLeast(db, { from: 2, name: null })).toHaveLength(3);
    expect(await namedAtLeast(db, { from: 1, name: 'fog' })).toEqual([{ name: 'fog' }]);
    expect(await namedAtLeast(db, { from: 4, name: 'lamp' })).toEqual([]);
  });

  it('refuses a run that leaves a value out, and runs again after it', async ({ db }) => {
    await expect(namedAtLeast(db, { from: 1 } as never)).rejects.toThrow(/placeholder "name"/);
    expect(await namedAtLeast(db, { from: 1, name: 'rain' })).toEqual([{ name: 'rain' }]);
  });
});
