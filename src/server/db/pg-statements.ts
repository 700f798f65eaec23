import type pg from 'pg';

/**
 * On PostgreSQL, every statement with parameters that runs again becomes a named prepared
 * statement on each pool connection, the way the PGlite client (pglite-statements.ts) treats all
 * of them.
 *
 * Drizzle names only the queries we `.prepare()`; everything else, the reply path's raw
 * statements included (storing a message with its credit, reading a thread: common table
 * expressions of a dozen joins), went out unnamed, so the server parsed and planned it at every
 * run. On this 2-core machine, where the database shares the processors with the app, that
 * planning was time taken from the replies (decision 0029).
 *
 * The server keeps a named statement's plan until the tables' statistics change (autovacuum's
 * analyze invalidates it) and, after five runs, may use one generic plan: what any driver's
 * prepared statements get. A text is named on its second run (one that runs once is not worth a
 * server-side statement), and at most MAX_NAMED texts ever are, so that statements built with a
 * varying number of values cannot fill each connection's memory; past that, new texts run
 * unnamed as before.
 */
const MAX_NAMED = 300;
/** Texts seen once, kept to spot their second run; forgotten all together past this. */
const MAX_SEEN = 2_000;

export interface StatementNames {
  /** The name for this text, or undefined while it should run unnamed. */
  nameFor(text: string): string | undefined;
  /** How many texts are named (for tests). */
  readonly size: number;
}

export function statementNames(limits = { maxNamed: MAX_NAMED, maxSeen: MAX_SEEN }) {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return {
    nameFor(text: string) {
      const name = names.get(text);
      if (name !== undefined || names.size >= limits.maxNamed) return name;
      if (!seenOnce.has(text)) {
        if (seenOnce.size >= limits.maxSeen) seenOnce.clear();
        seenOnce.add(text);
        return undefined;
      }
      seenOnce.delete(text);
      const fresh = `reverie_${names.size + 1}`;
      names.set(text, fresh);
      return fresh;
    },
    get size() {
      return names.size;
    },
  } satisfies StatementNames;
}

/**
 * A pg Client class (for `new pg.Pool({ Client })`) whose parameterised queries are named by
 * `names`. Names are shared by every connection of the pool, so a text has one name everywhere;
 * each connection parses it the first time it runs it there (pg keeps track of which it has).
 */
export function namingClient(Client: typeof pg.Client, names: StatementNames): typeof pg.Client {
  return class NamingClient extends Client {
    // pg's query() has a dozen overloads; only a config object or text with values is renamed.
    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const query = named(config, values, names);
      return (super.query as (...args: unknown[]) => never)(query, values, callback);
    }
  } as typeof pg.Client;
}

function named(config: unknown, values: unknown, names: StatementNames): unknown {
  if (typeof config === 'string') {
    if (!Array.isArray(values) || values.length === 0) return config;
    const name = names.nameFor(config);
    return name ? { text: config, name } : config;
  }
  if (typeof config !== 'object' || config === null) return config;
  const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
  // A Query or cursor object (has submit) or an already named statement is left as it is.
  if (typeof query.text !== 'string' || query.name !== undefined || query.submit) return config;
  const params = Array.isArray(values) ? values : query.values;
  if (!Array.isArray(params) || params.length === 0) return config;
  const name = names.nameFor(query.text);
  // Object.assign, not `{ ...query, name }`: in Node 20's V8 a spread copy given another field
  // outlives the young generation (decision 0029), and this runs for every query.
  return name ? Object.assign({}, query, { name }) : config;
}
