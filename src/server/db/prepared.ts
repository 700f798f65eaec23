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
