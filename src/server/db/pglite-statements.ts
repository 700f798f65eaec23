import { messages, protocol, type PGlite, type QueryOptions } from '@electric-sql/pglite';

/**
 * How Drizzle reaches PGlite: `query()` with each distinct statement parsed once.
 *
 * PGlite's own `query()` sends a statement as six protocol messages, each a trip into
 * WebAssembly, parses and plans it again every time (an unnamed statement), and reads the rows
 * with a general parser that copies its ~200 type parsers for every query. For a list of ten
 * characters that is ~1.1 ms, of which the query itself is ~0.4 (decision 0028). Here every
 * distinct SQL text becomes a named prepared statement the first time it runs (Parse and
 * Describe, one trip), and each run after that is one trip (Bind, Execute, Sync) whose rows are
 * read straight from the bytes. PostgreSQL then plans a statement as it does for any driver's
 * prepared statement: custom plans first, a generic one when that is as good.
 *
 * Results and errors keep PGlite's shapes (`{ rows, fields, affectedRows }`, its
 * `DatabaseError` with code, detail, constraint…), so Drizzle and our repos see no difference.
 * Transactions (`transaction()`) stay on PGlite's own path; so does anything with options this
 * does not handle (blobs, explicit parameter types).
 */
export interface StatementClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction: PGlite['transaction'];
}

interface Results<T> {
  rows: T[];
  fields: Field[];
  affectedRows: number;
  command?: string;
  rowCount?: number;
}

interface Field {
  name: string;
  dataTypeID: number;
}

interface Prepared {
  name: string;
  /** Parameter types, to serialise each value as PGlite does. */
  paramTypes: number[];
  /** Result columns (none for a statement without rows). */
  fields: Field[];
  /** Runs since it was prepared, and after how many (or at what time) it is prepared anew. */
  runs: number;
  renewAfterRuns: number;
  renewAt: number;
}

/** Distinct statements kept prepared; the least recently used is closed past this. */
const MAX_STATEMENTS = 300;

/**
 * When a statement is prepared anew, so that its plan follows the tables' sizes. After five runs
 * PostgreSQL may keep one generic plan for a statement, made for the tables as they are then, and
 * keeps it until their statistics change; PGlite runs no autovacuum, so for most tables they never
 * do. A plan made while `message` held a few rows read each step of a history with a scan of the
 * whole table: after 10 minutes of streaming replies, reading a prompt's history took 23 ms
 * instead of 0.7 (decision 0028). So a statement is prepared again after 64 runs, then after
 * twice as many each time (a young database grows fast), and at least once a minute it is used.
 */
const FIRST_RENEWAL_RUNS = 64;
const RENEWAL_MS = 60_000;

/**
 * Errors after which a statement is parsed again and run once more: its table changed under it
 * (a migration), or it is gone. A failed statement changed nothing (it ran in a transaction of
 * its own, rolled back), so running it again is safe.
 */
function needsNewStatement(error: messages.DatabaseError) {
  return (
    error.code === '26000' ||
    (error.code === '0A000' && error.message.includes('cached plan must not change result type'))
  );
}

const serialize = protocol.serialize;
const SYNC = serialize.sync();
const EXECUTE = serialize.execute({});

export function statementClient(
  client: PGlite,
  {
    maxStatements = MAX_STATEMENTS,
    /** True when no one holds or waits for PGlite's locks (client.ts's shareTheEventLoop). */
    mayRunNow = () => false,
  }: { maxStatements?: number; mayRunNow?: () => boolean } = {},
): StatementClient {
  const statements = new Map<string, Prepared>();
  let nextName = 1;
  /** Closes of evicted statements, sent ahead of the next message. */
  let toClose: Uint8Array[] = [];

  const prepare = (
    text: string,
    renewAfterRuns = FIRST_RENEWAL_RUNS,
  ): Prepared | messages.DatabaseError => {
    const name = `reverie_${nextName++}`;
    const output = run([
      ...toClose,
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      SYNC,
    ]);
    toClose = [];
    const described = readDescription(output);
    if (described instanceof Error) return described;
    const prepared = {
      name,
      ...described,
      runs: 0,
      renewAfterRuns,
      renewAt: performance.now() + RENEWAL_MS,
    };
    statements.set(text, prepared);
    if (statements.size > maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      toClose.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    return prepared;
  };

  /**
   * One trip into PostgreSQL, synchronous: PGlite runs a message to its end before
   * execProtocolRawStream returns (its promise only reports), so a statement's trips can never
   * be split by another caller's. The answer's bytes are collected as they are written (PGlite's
   * default would also parse them all with its own parser, only to be thrown away here).
   */
  const run = (parts: Uint8Array[]) => {
    const chunks: Uint8Array[] = [];
    const ran = client.execProtocolRawStream(concat(parts), {
      syncToFs: false,
      onRawData: (bytes) => chunks.push(bytes.slice()),
    });
    const output = concat(chunks);
    const bytes = Buffer.from(output.buffer, output.byteOffset, output.byteLength);
    // Every answer ends with ReadyForQuery; without it PGlite failed (its promise says why).
    if (bytes.length < 6 || bytes[bytes.length - 6] !== READY_FOR_QUERY) {
      throw new PgliteFailure(ran);
    }
    ran.catch(() => undefined);
    return bytes;
  };

  const execute = <T>(text: string, params: unknown[], options: QueryOptions | undefined) => {
    for (let attempt = 0; ; attempt++) {
      let prepared = statements.get(text);
      let renewAfterRuns = FIRST_RENEWAL_RUNS;
      if (prepared) statements.delete(text);
      if (
        prepared &&
        (prepared.runs >= prepared.renewAfterRuns || performance.now() >= prepared.renewAt)
      ) {
        toClose.push(serialize.close({ type: 'S', name: prepared.name }));
        renewAfterRuns = prepared.renewAfterRuns * 2;
        prepared = undefined;
      }
      if (prepared) {
        // Most recently used last, so the first entry is the one to close.
        statements.set(text, prepared);
      } else {
        const made = prepare(text, renewAfterRuns);
        if (made instanceof Error) throw withQuery(made, text, params, options);
        prepared = made;
      }
      prepared.runs++;
      const values = params.map((value, i) =>
        serializeValue(client, value, prepared.paramTypes[i]!, options),
      );
      const output = run([
        ...toClose,
        serialize.bind({ statement: prepared.name, values }),
        EXECUTE,
        SYNC,
      ]);
      toClose = [];
      const result = readResult<T>(output, prepared.fields, client, options);
      if (!(result instanceof Error)) return result;
      if (attempt === 0 && needsNewStatement(result)) {
        statements.delete(text);
        toClose.push(serialize.close({ type: 'S', name: prepared.name }));
        continue;
      }
      throw withQuery(result, text, params, options);
    }
  };

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      if (options?.blob || options?.paramTypes || options?.onNotice) {
        return client.query<T>(text, params, options) as Promise<Results<T>>;
      }
      // A statement runs synchronously from start to end, so when nobody holds or waits for
      // PGlite's locks (and the event loop has had a turn lately) it runs at once; otherwise it
      // takes the locks PGlite's query() takes: never inside someone else's transaction.
      if (mayRunNow()) {
        const result = execute<T>(text, params, options);
        await client.syncToFs();
        return result;
      }
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = execute<T>(text, params, options);
          await client.syncToFs();
          return result;
        }),
      );
    },
    transaction: client.transaction.bind(client),
  };
}

/** PGlite itself failed mid-statement (not an error of the statement): its reason, when known. */
class PgliteFailure extends Error {
  constructor(ran: Promise<unknown>) {
    super('PGlite did not answer the statement');
    ran.catch((reason: unknown) => {
      this.cause = reason;
    });
  }
}

/** As PGlite's own errors: the statement, its values and options ride along. */
function withQuery(error: Error, query: string, params: unknown[], options?: QueryOptions) {
  return Object.assign(error, { query, params, queryOptions: options });
}

function serializeValue(
  client: PGlite,
  value: unknown,
  type: number,
  options: QueryOptions | undefined,
): string | null {
  if (value === null || value === undefined) return null;
  const serializer = options?.serializers?.[type] ?? client.serializers[type];
  return serializer ? (serializer(value) as string) : String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// Backend message types (PostgreSQL protocol, "Message Formats").
const READY_FOR_QUERY = 0x5a; // Z
const ERROR = 0x45; // E
const ROW_DESCRIPTION = 0x54; // T
const PARAMETER_DESCRIPTION = 0x74; // t
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C

/** Parameter and result types from the answer to Parse + Describe(S) + Sync. */
function readDescription(
  bytes: Buffer,
): Pick<Prepared, 'paramTypes' | 'fields'> | messages.DatabaseError {
  let paramTypes: number[] = [];
  let fields: Field[] = [];
  for (let at = 0; at < bytes.length;) {
    const type = bytes[at]!;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (type === ERROR) return readError(bytes, at + 5, end);
    if (type === PARAMETER_DESCRIPTION) {
      const count = bytes.readInt16BE(at + 5);
      paramTypes = Array.from({ length: count }, (_, i) => bytes.readUInt32BE(at + 7 + i * 4));
    } else if (type === ROW_DESCRIPTION) {
      fields = readFields(bytes, at + 5);
    }
    at = end;
  }
  return { paramTypes, fields };
}

function readFields(bytes: Buffer, start: number): Field[] {
  const count = bytes.readInt16BE(start);
  const fields: Field[] = [];
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const nameEnd = bytes.indexOf(0, at);
    const name = bytes.toString('utf8', at, nameEnd);
    // After the name: table oid (4), column number (2), type oid (4), size, modifier, format.
    const dataTypeID = bytes.readUInt32BE(nameEnd + 7);
    fields.push({ name, dataTypeID });
    at = nameEnd + 19;
  }
  return fields;
}

/** Rows and the command's tag from the answer to Bind + Execute + Sync, or its error. */
function readResult<T>(
  bytes: Buffer,
  fields: Field[],
  client: PGlite,
  options: QueryOptions | undefined,
): Results<T> | messages.DatabaseError {
  const parsers = fields.map(
    (f) => options?.parsers?.[f.dataTypeID] ?? client.parsers[f.dataTypeID],
  );
  const asArrays = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let tag: string | undefined;
  for (let at = 0; at < bytes.length;) {
    const type = bytes[at]!;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (type === DATA_ROW) {
      const count = bytes.readInt16BE(at + 5);
      const row: unknown[] | Record<string, unknown> = asArrays ? new Array(count) : {};
      let p = at + 7;
      for (let i = 0; i < count; i++) {
        const length = bytes.readInt32BE(p);
        p += 4;
        let value: unknown = null;
        if (length >= 0) {
          const text = bytes.toString('utf8', p, p + length);
          p += length;
          const parse = parsers[i];
          value = parse ? parse(text, fields[i]!.dataTypeID) : text;
        }
        if (asArrays) (row as unknown[])[i] = value;
        else (row as Record<string, unknown>)[fields[i]!.name] = value;
      }
      rows.push(row);
    } else if (type === COMMAND_COMPLETE) {
      tag = bytes.toString('utf8', at + 5, end - 1);
    } else if (type === ERROR) {
      return readError(bytes, at + 5, end);
    }
    at = end;
  }
  return withTag<T>(rows as T[], fields, tag);
}

/** PGlite's result shape: affectedRows for writes, rowCount when the tag ends in a number. */
function withTag<T>(rows: T[], fields: Field[], tag: string | undefined): Results<T> {
  const result: Results<T> = { rows, fields, affectedRows: 0 };
  if (tag === undefined) return result;
  const parts = tag.split(' ');
  const command = parts[0]!;
  const rowCount = parseInt(parts[parts.length - 1]!, 10);
  result.command = command;
  if (!Number.isNaN(rowCount)) {
    result.rowCount = rowCount;
    if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) {
      result.affectedRows = rowCount;
    }
  }
  return result;
}

/** An ErrorResponse as PGlite's own DatabaseError (what our code and Drizzle look at). */
function readError(bytes: Buffer, start: number, end: number): messages.DatabaseError {
  const fields: Record<string, string> = {};
  for (let at = start; at < end && bytes[at] !== 0;) {
    const key = String.fromCharCode(bytes[at]!);
    const valueEnd = bytes.indexOf(0, at + 1);
    fields[key] = bytes.toString('utf8', at + 1, valueEnd);
    at = valueEnd + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? 'database error', end - start + 4, 'error');
  error.severity = fields.S;
  error.code = fields.C;
  error.detail = fields.D;
  error.hint = fields.H;
  error.position = fields.P;
  error.internalPosition = fields.p;
  error.internalQuery = fields.q;
  error.where = fields.W;
  error.schema = fields.s;
  error.table = fields.t;
  error.column = fields.c;
  error.dataType = fields.d;
  error.constraint = fields.n;
  error.file = fields.F;
  error.line = fields.L;
  error.routine = fields.R;
  return error;
}
