import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Client as PgClient } from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { namingClient, statementNames, type StatementNames } from './pg-statements';
import { earlyPgliteModule } from './pglite-early';
import { statementClient } from './pglite-statements';
import * as schema from './schema';

/**
 * Both drivers expose the same Drizzle query builder; we type the handle as the node-postgres
 * flavour so repositories are written once.
 */
export type Database = NodePgDatabase<typeof schema>;
/** The database or an open transaction: what a repo function that may run inside one takes. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * How the job queue (src/server/jobs) reaches this database: PostgreSQL through a small pool of
 * its own, PGlite through the one embedded instance the app shares with it.
 */
export type JobConnection =
  | {
      driver: 'postgres';
      url: string;
      /**
       * The client class of the queue's pool: like the app's, it names the statements it runs
       * again (pg-statements.ts), with a registry of its own. Without it PostgreSQL parsed and
       * planned the queue's large insert afresh for every job queued (bench section 1).
       */
      Client: typeof PgClient;
      /** That registry (tests read its size). */
      statementNames: StatementNames;
    }
  | { driver: 'pglite'; client: PGlite };

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  jobConnection: JobConnection;
  /** Applies committed migrations (idempotent; serialised across app servers on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The app's connection pool now (PostgreSQL); absent on PGlite, which has one connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Analyzes the tables whose planner statistics are missing or out of date, where the database
   * does not do it itself (PGlite); returns their names. A no-op on PostgreSQL (autovacuum).
   */
  refreshStatistics(): Promise<string[]>;
  /**
   * Vacuums the tables with many dead rows, where the database does not do it itself (PGlite);
   * returns their names (schema.table). A no-op on PostgreSQL (autovacuum).
   */
  vacuumDeadRows(): Promise<string[]>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant for pg_advisory_lock so concurrent starts migrate one at a time. */
const MIGRATION_LOCK_ID = 727_001;

export interface DatabaseOptions {
  /**
   * PostgreSQL: the app pool's most connections (DATABASE_POOL_SIZE); DEFAULT_POOL_SIZE without
   * it. The job queue's pool is its own (jobs/queue.ts).
   */
  poolSize?: number | undefined;
  databaseUrl?: string | undefined;
  /** Folder for PGlite files; 'memory://' keeps the database in memory (tests). */
  pgliteDir: string;
  /**
   * A PGlite data directory dumped with dumpDataDir() to start from (tests: a database migrated
   * once per run, copied for each test file). PGlite only.
   */
  pgliteLoadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE);
  return openPglite(options.pgliteDir, options.pgliteLoadDataDir);
}

/**
 * The app pool's connections to PostgreSQL unless DATABASE_POOL_SIZE says (decision 0073). One
 * Node process keeps few statements busy at once, and each connection is a backend process on the
 * database's machine: beside the app on 2 cores, node-postgres's default of 10 let a burst wake
 * 10 backends that took the cores from the event loop (bench section 2, the event loop's lag p99
 * at 350 streams, median of four runs: 27 ms with 10 connections, 13 with 4).
 */
export const DEFAULT_POOL_SIZE = 4;

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // Loaded only for PostgreSQL: with PGlite the start-up has better use for that time.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const jobNames = statementNames();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    // Statements that run again are parsed and planned once per connection (pg-statements.ts).
    Client: namingClient(pg.Client, statementNames()),
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    jobConnection: {
      driver: 'postgres',
      url,
      Client: namingClient(pg.Client, jobNames),
      statementNames: jobNames,
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: () => ping(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    refreshStatistics: async () => [],
    vacuumDeadRows: async () => [],
    close: () => pool.end(),
  };
}

/**
 * PGlite's buffer cache. Its default, PostgreSQL's 128MB, is cleared byte by byte in WebAssembly
 * at every start (0.4–0.6 s here); the operating system's file cache sits under PGlite's files
 * anyway, so a smaller cache costs a read system call on a miss, not a disk read (decision 0019).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const pgliteWasmModule = await earlyPgliteModule();
  const client = new PGlite(dir, {
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  const mayRunNow = shareTheEventLoop(client);
  // Drizzle's statements go through statementClient (each parsed once, one trip per run); the
  // job queue keeps PGlite's own query() (its NOTIFYs are delivered there).
  const db = drizzlePglite({
    client: statementClient(client, { mayRunNow }) as unknown as PGlite,
    schema,
  }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    jobConnection: { driver: 'pglite', client },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
    },
    ping: () => ping(db),
    refreshStatistics: () => refreshPgliteStatistics(client),
    vacuumDeadRows: () => vacuumPgliteDeadRows(client),
    close: () => client.close(),
  };
}

/** How long PGlite may run queries back to back before the event loop gets a turn. */
const PGLITE_SLICE_MS = 2;

/**
 * PGlite runs each query synchronously in this process, and queries waiting for its lock run one
 * after another in the same microtask queue: a burst of replies starting together (six statements
 * each) kept the event loop from every socket for 20–60 ms, and each streaming reply's tokens
 * waited. Here every query first checks how long it has been since the loop last had a turn and,
 * past PGLITE_SLICE_MS, lets it have one (setImmediate: pending I/O and timers run first). An
 * idle server pays one check per query; a busy one interleaves its queries with its other work.
 *
 * Returns `mayRunNow`: true when nobody holds or waits for PGlite's locks and the slice has time
 * left. A statement that runs synchronously from start to end (db/pglite-statements.ts) may then
 * run at once, without the locks' promises; anything else keeps taking them (decision 0028).
 */
function shareTheEventLoop(client: PGlite): () => boolean {
  const runExclusive = client._runExclusiveQuery.bind(client);
  const runExclusiveTransaction = client._runExclusiveTransaction.bind(client);
  let sliceStart = performance.now();
  /** Calls holding or waiting for a lock (PGlite's query, exec, transaction, and ours). */
  let lockUsers = 0;
  const takeTurn = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  const counted = async <T>(locked: Promise<T>) => {
    try {
      return await locked;
    } finally {
      lockUsers--;
    }
  };
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) => {
    lockUsers++;
    return counted(runExclusiveTransaction(fn));
  };
  client._runExclusiveQuery = <T>(fn: () => Promise<T>) => {
    lockUsers++;
    return counted(
      runExclusive(async () => {
        if (performance.now() - sliceStart > PGLITE_SLICE_MS) await takeTurn();
        return fn();
      }),
    );
  };
  return () => lockUsers === 0 && client.ready && performance.now() - sliceStart <= PGLITE_SLICE_MS;
}

/**
 * The tables whose queries need the planner to know how their rows are spread: one conversation
 * may hold most messages, and without statistics PGlite sorts a whole conversation to show one
 * page of it (decision 0015).
 */
const STATISTICS_TABLES = ['message'];

/**
 * PGlite runs no autovacuum, so its planner has no statistics unless something runs ANALYZE.
 * This does what autovacuum's analyze does on PostgreSQL: a table is analyzed when it never was
 * (or was empty then) or has grown by more than a tenth (and 8 pages) since.
 */
async function refreshPgliteStatistics(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name
       from pg_class c
      where c.relnamespace = 'public'::regnamespace
        and c.relname = any($1)
        and (not exists (select 1 from pg_statistic s where s.starelid = c.oid)
             or pg_relation_size(c.oid) / current_setting('block_size')::int
                > c.relpages * 1.1 + 8)`,
    [STATISTICS_TABLES],
  );
  for (const { name } of rows) await client.exec(`analyze "${name}"`);
  return rows.map((r) => r.name);
}

/**
 * When a table is vacuumed: autovacuum's default rule (autovacuum_vacuum_threshold 50 and
 * autovacuum_vacuum_scale_factor 0.2), dead rows above 50 + a fifth of the live ones.
 */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;

/**
 * PGlite runs no autovacuum either, and without vacuum an updated row's old versions are never
 * given back: a free space map that only vacuum fills leaves every new version to a new page at
 * the table's end. A reply updates its conversation twice, and each update left about 80 bytes
 * behind in the table and one of its indexes, without end (decision 0033: 160,000 updates of 300
 * rows, 4.5 MB of table and 8 MB of index; vacuumed every 20,000 updates, 0.6 MB and 1.8 MB,
 * 2-4 ms a vacuum). This vacuums the tables past autovacuum's rule (pg_stat_user_tables counts
 * their dead rows), the job queue's too. A vacuum holds PGlite, and with it this process, while
 * it runs: the small, often updated tables take milliseconds; a large table is due only after
 * many of its rows were deleted, which took longer itself.
 */
async function vacuumPgliteDeadRows(client: PGlite): Promise<string[]> {
  // The counts are flushed to the statistics at most once a second; this has them flushed after
  // this statement, so the one below reads them as they are now.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, relname) as name
       from pg_stat_user_tables
      where n_dead_tup > $1::float8 + $2::float8 * n_live_tup
      order by n_dead_tup desc`,
    [VACUUM_THRESHOLD, VACUUM_SCALE],
  );
  for (const { name } of rows) await client.exec(`vacuum ${name}`);
  return rows.map((r) => r.name);
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
