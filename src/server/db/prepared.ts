import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * A hot read built once per database handle instead of on every request: Drizzle does not build
 * its SQL again, and on PostgreSQL the statement is named, so each connection parses and plans
 * it once (a request's planning can cost more than running it). Values go in as placeholders:
 * `sql.placeholder('userId')` in the query, `{ userId }` when it is executed.
 * Only for queries on `db` itself, never inside a transaction.
 */
export function preparedOnce<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const byDatabase = new WeakMap<Database, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * A value in a statement that may be built once: the value itself, or the placeholder
 * (`sql.placeholder`) it is filled into when a statementOnce runs.
 */
export type Bound<T> = T | Placeholder<string, T>;

/** The placeholders a statementOnce's builder writes its values as, one per name. */
export type PlaceholdersOf<Values> = { [K in keyof Values]: Placeholder<K & string, Values[K]> };

/**
 * A raw statement (sql`…`) on a hot path, built once instead of on every run: `build` writes
 * every value as the placeholder of its name (`p.userId`), and each run fills them from
 * `values`. Building a statement of a dozen parts with Drizzle cost more of a reply's time than
 * anything else we do with its rows, and a new text each time made the driver hash and compare
 * all of it to find its prepared statement (pg-statements.ts); this is one text, built once.
 * The statement's shape must not depend on the values (build it once per shape). Only on `db`
 * itself, never inside a transaction. Resolves with the rows as the driver gives them.
 */
export function statementOnce<Values extends Record<string, unknown>, Row>(
  build: (p: PlaceholdersOf<Values>) => SQL,
): (db: Database, values: Values) => Promise<Row[]> {
  let query: Query | undefined;
  const prepared = preparedOnce((db) => {
    query ??= new PgDialect().sqlToQuery(build(placeholders as PlaceholdersOf<Values>));
    return db._.session.prepareQuery<{ execute: { rows: Row[] } } & PreparedQueryConfig>(
      query,
      undefined,
      undefined,
      false,
    );
  });
  return async (db, values) => (await prepared(db).execute(values)).rows;
}

/** `placeholders.name` is sql.placeholder('name'), for any name. */
const placeholders = new Proxy(
  {},
  { get: (_, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined) },
);
