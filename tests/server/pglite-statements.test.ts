/**
 * Drizzle's way into PGlite (db/pglite-statements.ts, decision 0028): each distinct statement
 * parsed once and run in one trip. It must answer exactly as PGlite's own query() does — rows,
 * types, counts, errors — and keep working when a table changes or many statements pass through.
 * This is the embedded database's driver, so it runs on PGlite whatever TEST_DATABASE_URL says.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { statementClient, type StatementClient } from '../../src/server/db/pglite-statements';

let pglite: PGlite;
let client: StatementClient;

beforeAll(async () => {
  pglite = new PGlite('memory://');
  await pglite.waitReady;
  await pglite.exec(`
    create table item (
      id serial primary key,
      name text not null unique,
      count bigint,
      tags text[] not null default '{}',
      data jsonb,
      seen timestamptz not null default '2026-11-25T10:00:00Z',
      done boolean not null default false
    );
    insert into item (name, count, tags, data, done)
    values ('lamp', 3, '{a,"b c"}', '{"x": [1, {"y": null}]}', true),
           ('rain', null, '{}', null, false),
           ('été ☂', 9007199254740993, '{NULL,z}', '"just text"', false);`);
  client = statementClient(pglite, { maxStatements: 5 });
});

afterAll(async () => {
  await pglite?.close();
});

const byId = 'select * from item where id > $1 order by id';

describe('statements parsed once, answers as PGlite gives them', () => {
  for (const rowMode of ['object', 'array'] as const) {
    it(`reads every type as PGlite's own query does (${rowMode} rows)`, async () => {
      for (let run = 0; run < 7; run++) {
        // Seven runs: past the point where PostgreSQL may switch to a generic plan.
        const ours = await client.query(byId, [0], { rowMode });
        const theirs = await pglite.query(byId, [0], { rowMode });
        expect(ours.rows).toEqual(theirs.rows);
        expect(ours.fields).toEqual(theirs.fields);
      }
      const { rows } = await client.query<Record<string, unknown>>(byId, [0]);
      expect(rows[0]).toMatchObject({
        name: 'lamp',
        count: 3,
        tags: ['a', 'b c'],
        data: { x: [1, { y: null }] },
        seen: new Date('2026-11-25T10:00:00Z'),
        done: true,
      });
      expect(rows[2]).toMatchObject({ name: 'été ☂', count: 9007199254740993n, tags: [null, 'z'] });
    });
  }

  it('uses the caller’s parsers and serialises values by the parameter’s type', async () => {
    const { rows } = await client.query<{ seen: string; tags: string[] }>(
      'select seen, tags from item where name = any($1) and seen <= $2 order by id',
      [['lamp', 'rain'], new Date('2030-01-01T00:00:00Z')],
      { parsers: { 1184: (text: string) => `as written: ${text}` } },
    );
    expect(rows).toEqual([
      { seen: 'as written: 2026-11-25 10:00:00+00', tags: ['a', 'b c'] },
      { seen: 'as written: 2026-11-25 10:00:00+00', tags: [] },
    ]);
  });

  it('counts what a write changed, as PGlite does', async () => {
    const inserted = await client.query(
      'insert into item (name, data) values ($1, $2), ($3, $4) returning id',
      ['mist', { deep: ['json'] }, 'dusk', null],
    );
    expect(inserted.rows).toHaveLength(2);
    expect(inserted.affectedRows).toBe(2);
    const updated = await client.query('update item set done = true where name in ($1, $2)', [
      'mist',
      'nothing',
    ]);
    expect(updated).toMatchObject({ rows: [], affectedRows: 1, rowCount: 1, command: 'UPDATE' });
    const { rows } = await client.query<{ data: unknown }>(
      'select data from item where name = $1',
      ['mist'],
    );
    expect(rows).toEqual([{ data: { deep: ['json'] } }]);
    const deleted = await client.query('delete from item where name in ($1, $2)', ['mist', 'dusk']);
    expect(deleted.affectedRows).toBe(2);
  });

  it('fails as PGlite fails, and the next statement still runs', async () => {
    const duplicate = await client
      .query('insert into item (name) values ($1)', ['lamp'])
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 'item_name_key',
      table: 'item',
      severity: 'ERROR',
      query: 'insert into item (name) values ($1)',
      params: ['lamp'],
    });
    expect(duplicate).toBeInstanceOf(Error);
    const syntax = await client.query('selec 1').catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });
    const badValue = await client
      .query('select * from item where id = $1', ['not a number'])
      .catch((error: unknown) => error);
    expect(badValue).toMatchObject({ code: '22P02' });
    expect((await client.query('select count(*)::int as n from item')).rows).toEqual([{ n: 3 }]);
  });

  it('follows a table that changed under a prepared statement', async () => {
    const before = await client.query<Record<string, unknown>>(
      'select * from item where id = $1',
      [1],
    );
    expect(before.rows[0]).not.toHaveProperty('mood');
    await pglite.exec(`alter table item add column mood text not null default 'calm'`);
    const after = await client.query<Record<string, unknown>>(
      'select * from item where id = $1',
      [1],
    );
    expect(after.rows[0]).toMatchObject({ name: 'lamp', mood: 'calm' });
  });

  it('keeps only the most recently used statements prepared', async () => {
    for (let i = 0; i < 12; i++) {
      const { rows } = await client.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(rows).toEqual([{ n: 1 + i }]);
    }
    // Closed as they fall out; the next statement's trip carries the close.
    await client.query('select 1');
    const { rows } = await pglite.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(5);
    // One that was closed is prepared again when it comes back.
    expect((await client.query(`select $1::int + 0 as n`, [41])).rows).toEqual([{ n: 41 }]);
  });

  it('plans a statement again once its table has grown', async () => {
    // A young database: the plan PostgreSQL keeps after five runs is made for a table of a few
    // rows, where hashing the whole table beats looking rows up. PGlite never refreshes the
    // statistics that would replace it: without a new plan, reading a prompt's history scanned
    // the whole message table at each step (23 ms instead of 0.7 after 10 minutes of replies).
    await pglite.exec(`create table note (id int primary key, parent_id int, body text not null);
                       insert into note values (1, null, 'first'), (2, 1, 'second');
                       analyze note`);
    const path = `with recursive path (id, parent_id, depth) as (
                    select id, parent_id, 1 from note where id = $1
                    union all
                    select n.id, n.parent_id, path.depth + 1
                      from path join note n on n.id = path.parent_id where path.depth < $2)
                  select count(*)::int as n from path`;
    const plan = async () => {
      const { rows } = await pglite.query<{ name: string }>(
        'select name from pg_prepared_statements where statement = $1',
        [path],
      );
      expect(rows).toHaveLength(1);
      const explained = await pglite.query<{ 'QUERY PLAN': string }>(
        `explain (costs off) execute ${rows[0]!.name}(2, 50)`,
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    for (let run = 0; run < 10; run++) await client.query(path, [2, 50]);
    expect(await plan()).toMatch(/Seq Scan on note n/);

    await pglite.exec(`insert into note select g, g - 1, 'note ' || g
                         from generate_series(3, 50000) g`);
    for (let run = 0; run < 100; run++) {
      expect((await client.query(path, [40000, 50])).rows).toEqual([{ n: 50 }]);
    }
    expect(await plan()).toMatch(/Index Scan using note_pkey on note n/);
  });

  it('waits for a transaction in progress and sees what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query("insert into item (name) values ('held')");
      await held;
    });
    // Give the transaction its lock first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    let answered = false;
    const read = client
      .query<{ n: number }>("select count(*)::int as n from item where name = 'held'")
      .then((result) => {
        answered = true;
        return result;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ n: 1 }]);
  });
});

describe('statements on the app’s embedded database', () => {
  let handle: DatabaseHandle;
  let embedded: PGlite;

  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    embedded = (handle.jobConnection as { client: PGlite }).client;
    await embedded.exec('create table note (id serial primary key, body text not null)');
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('runs at once when PGlite is idle, and never in the middle of its own queries', async () => {
    // PGlite's query() takes several steps with pauses in between (the job queue uses it);
    // ours run whole. Mixed and concurrent, each must get its own answer.
    const theirs = Array.from({ length: 40 }, (_, i) =>
      embedded.query<{ n: number }>('select $1::int * 2 as n', [i]),
    );
    const ours = Array.from({ length: 40 }, (_, i) =>
      handle.db.execute<{ n: number }>(sql`select ${i}::int * 3 as n`),
    );
    const [a, b] = await Promise.all([Promise.all(theirs), Promise.all(ours)]);
    expect(a.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    expect(b.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i * 3));
  });

  it('waits for a transaction in progress', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = embedded.transaction(async (tx) => {
      await tx.query("insert into note (body) values ('held')");
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let answered = false;
    const read = handle.db
      .execute<{ n: number }>(sql`select count(*)::int as n from note`)
      .then((result) => {
        answered = true;
        return result;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ n: 1 }]);
  });
});
