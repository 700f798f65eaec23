/**
 * Section 8 of `npm run bench` (issue 43 item 3): two hand-written parts beside the library that
 * would replace them, measured in this run, on the figure each part was written for.
 *
 * - **Response serializer** (decisions 0028, 0037: time to write an answer): our fitter +
 *   JSON.stringify (`jsonWriter`) against fast-json-stringify built from the same zod schema
 *   (`z.toJSONSchema(schema, { io: 'output' })`, what a zod-to-JSON-Schema serializer compiler
 *   hands Fastify), on the real answers of GET /api/characters (10 characters) and of a 50-message
 *   history page, read from the running app. Reference: fastify-type-provider-zod's way (zod's
 *   parse, then JSON.stringify), which decision 0028 replaced. Each is timed in turns, in this
 *   (the server's) process, and the rows end with what each does with an answer that does not fit
 *   its schema (a key the schema does not name; a value of the wrong type).
 * - **PostgreSQL statement names** (decision 0029: the database's planning work per reply),
 *   PostgreSQL only: the history page's statement (a common table expression of a dozen joins,
 *   the reply path's kind) run 8 at a time through three pools of 8 connections to the bench's
 *   database: ours (pg-statements.ts names it on its second run; Drizzle sends it unnamed, as the
 *   app does), Drizzle's named prepared statement (`prepareQuery(query, fields, name)`, what
 *   `.prepare(name)` does) on a plain pool, and the reference, Drizzle unnamed on a plain pool
 *   (parsed and planned at every run: what decision 0029 replaced). Figures: PostgreSQL's
 *   processor ms per statement (its postmaster and every backend, from /proc, when it runs on this
 *   machine), this process's, and statements/s, in interleaved rounds.
 */
import { performance } from 'node:perf_hooks';
import fastJson from 'fast-json-stringify';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { z } from 'zod';
import { characterListResponse } from '../src/shared/characters/contract';
import { messagesResponse } from '../src/shared/chat/contract';
import { jsonWriter } from '../src/server/plugins/response-serializer';
import { namingClient, statementNames } from '../src/server/db/pg-statements';
import { threadStatement } from '../src/server/modules/chat/thread-read.repo';
import * as schema from '../src/server/db/schema';
import type { Database } from '../src/server/db/client';
import type { BenchApp } from './harness';
import { postmasterOf, serverCpuMs } from './machine-cpu';
import { seedHistories } from './seeded-history';

// ---- the serializer -------------------------------------------------------------------------

export interface SerializerRow {
  answer: string;
  bytes: number;
  /** Median µs per answer over the rounds. */
  oursUs: number;
  libraryUs: number;
  /** zod's parse + JSON.stringify (fastify-type-provider-zod's way). */
  zodParseUs: number;
}

export interface SerializerSafety {
  /** The answer with an extra key (`passwordHash`) on its first item: was the key written? */
  oursLeaksExtraKey: boolean;
  libraryLeaksExtraKey: boolean;
  /** A wrong-typed value (id '12' for a number): refused (an error) or written? */
  oursRefusesWrongType: boolean;
  libraryRefusesWrongType: boolean;
  /** A value outside an enum (sender 'admin'): refused or written? */
  oursRefusesBadEnum: boolean;
  libraryRefusesBadEnum: boolean;
  /** Whether both wrote the same JSON for every real answer. */
  sameOutput: boolean;
}

export interface SerializerResult {
  rows: SerializerRow[];
  safety: SerializerSafety;
  rounds: number;
}

type Writer = (value: unknown) => string;

const fjsWriter = (zod: $ZodType): Writer =>
  fastJson(
    z.toJSONSchema(zod as z.ZodType, { io: 'output', unrepresentable: 'any' }) as Parameters<
      typeof fastJson
    >[0],
  ) as Writer;

const zodParseWriter =
  (zod: $ZodType): Writer =>
  (value) => {
    const parsed = safeParse(zod, value);
    if (!parsed.success) throw parsed.error;
    return JSON.stringify(parsed.data);
  };

/** µs per call of `write(value)`, over about `ms` milliseconds. */
function timeWriter(write: Writer, value: unknown, ms: number): number {
  let n = 0;
  let sink = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 50; i++) sink += write(value).length;
    n += 50;
    now = performance.now();
  }
  if (sink < 0) console.log(sink);
  return ((now - start) * 1000) / n;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function refuses(write: Writer, value: unknown) {
  try {
    write(value);
    return false;
  } catch {
    return true;
  }
}

export async function measureSerializer(
  bench: BenchApp,
  settings: { rounds: number; ms: number },
): Promise<SerializerResult> {
  // The real answers, as the app writes them (read back as plain objects).
  const client = await bench.signedInUser();
  let characterId = 0;
  for (let c = 0; c < 10; c++) {
    const res = await client.post('/api/characters', {
      name: `Marguerite ${c + 1}`,
      description: 'A retired cartographer who still dreams in coastlines and tides.',
      gender: 'female',
      personality: 'Warm, curious, precise about maps and vague about her past.',
    });
    if (res.status !== 201) throw new Error(`setup: character not created (${res.status})`);
    characterId = res.json.id as number;
  }
  const conversation = await client.post('/api/conversations', { characterId, chatMode: 'chat' });
  if (conversation.status !== 201) throw new Error('setup: conversation not created');
  const conversationId = conversation.json.id as number;
  await seedHistories(bench, [conversationId], 100);
  const characters = await client.get('/api/characters');
  const page = await client.get(`/api/conversations/${conversationId}/messages?limit=50`);
  if (characters.status !== 200 || page.status !== 200 || page.json.length !== 50) {
    throw new Error('setup: the answers to serialize could not be read');
  }

  const answers = [
    {
      answer: 'GET /api/characters, 10 characters',
      zod: characterListResponse,
      value: characters.json,
    },
    { answer: 'GET …/messages, 50-message page', zod: messagesResponse, value: page.json },
  ] as { answer: string; zod: $ZodType; value: unknown[] }[];

  const rows: SerializerRow[] = [];
  let sameOutput = true;
  for (const { answer, zod, value } of answers) {
    const ours = jsonWriter(zod);
    const library = fjsWriter(zod);
    const zodParse = zodParseWriter(zod);
    const written = ours(value);
    if (library(value) !== written || zodParse(value) !== written) sameOutput = false;
    // Warm-up, then rounds in turns, the first writer changing each round.
    const writers = [ours, library, zodParse];
    for (const write of writers) timeWriter(write, value, settings.ms);
    const times: number[][] = [[], [], []];
    for (let round = 0; round < settings.rounds; round++) {
      for (let k = 0; k < writers.length; k++) {
        const w = (k + round) % writers.length;
        times[w]!.push(timeWriter(writers[w]!, value, settings.ms));
      }
    }
    rows.push({
      answer,
      bytes: Buffer.byteLength(written),
      oursUs: median(times[0]!),
      libraryUs: median(times[1]!),
      zodParseUs: median(times[2]!),
    });
  }

  // Answers that do not fit (the bugs the part is there to stop).
  const list = characters.json as Record<string, unknown>[];
  const messages = page.json as Record<string, unknown>[];
  const ours = jsonWriter(characterListResponse);
  const library = fjsWriter(characterListResponse);
  const extra = [{ ...list[0], passwordHash: 'secret-hash' }, ...list.slice(1)];
  const wrongType = [{ ...list[0], id: String(list[0]!.id) }, ...list.slice(1)];
  const oursMessages = jsonWriter(messagesResponse);
  const libraryMessages = fjsWriter(messagesResponse);
  const badEnum = [{ ...messages[0], sender: 'admin' }, ...messages.slice(1)];
  const leaks = (write: Writer) => {
    try {
      return write(extra).includes('secret-hash');
    } catch {
      return false;
    }
  };
  return {
    rows,
    rounds: settings.rounds,
    safety: {
      oursLeaksExtraKey: leaks(ours),
      libraryLeaksExtraKey: leaks(library),
      oursRefusesWrongType: refuses(ours, wrongType),
      libraryRefusesWrongType: refuses(library, wrongType),
      oursRefusesBadEnum: refuses(oursMessages, badEnum),
      libraryRefusesBadEnum: refuses(libraryMessages, badEnum),
      sameOutput,
    },
  };
}

const us = (v: number) => `${v.toFixed(1)} µs`;
/** The library's time as a share of ours: under 100 % it is faster. */
const vsOurs = (library: number, ours: number) =>
  `fast-json-stringify takes ${((library / ours) * 100).toFixed(0)} % of our time`;

/**
 * `apiRequestsPerSecond`: section 5's rate for GET /api/characters in this run, when it ran; its
 * inverse is about the server's (single-threaded) time per request, so the difference between the
 * two serializers on that answer is put beside it: the figure decision 0028 was written for.
 */
export function printSerializer(result: SerializerResult, apiRequestsPerSecond?: number) {
  console.log(
    `8) Hand-written parts against their library (issue 43 item 3), in this process, ` +
      `${result.rounds} rounds in turns`,
  );
  console.log(
    '   Response serializer: µs per answer, median (ours · fast-json-stringify · reference zod parse + JSON.stringify)',
  );
  for (const row of result.rows) {
    console.log(
      `   ${row.answer.padEnd(38)} ${us(row.oursUs).padStart(9)} · ${us(row.libraryUs).padStart(9)}` +
        ` · ${us(row.zodParseUs).padStart(9)}  (${(row.bytes / 1024).toFixed(1)} KB; ` +
        `${vsOurs(row.libraryUs, row.oursUs)})`,
    );
  }
  const list = result.rows[0]!;
  if (apiRequestsPerSecond) {
    const perRequestUs = 1e6 / apiRequestsPerSecond;
    const saved = list.oursUs - list.libraryUs;
    console.log(
      `   on section 5's GET /api/characters (${Math.round(apiRequestsPerSecond)} req/s here, ` +
        `${perRequestUs.toFixed(0)} µs a request): the library would save ${saved.toFixed(1)} µs, ` +
        `${((saved / perRequestUs) * 100).toFixed(1)} % of a request`,
    );
  }
  const s = result.safety;
  const yesNo = (b: boolean) => (b ? 'yes' : 'no');
  console.log(
    `   same JSON for every answer: ${yesNo(s.sameOutput)}; a key the schema does not name written: ` +
      `ours ${yesNo(s.oursLeaksExtraKey)}, library ${yesNo(s.libraryLeaksExtraKey)}`,
  );
  console.log(
    `   refuses id '12' for a number: ours ${yesNo(s.oursRefusesWrongType)}, library ` +
      `${yesNo(s.libraryRefusesWrongType)}; refuses sender 'admin': ours ` +
      `${yesNo(s.oursRefusesBadEnum)}, library ${yesNo(s.libraryRefusesBadEnum)}`,
  );
}

// ---- PostgreSQL statement names ---------------------------------------------------------------

export interface StatementSide {
  statementsPerSecond: number;
  /** PostgreSQL's processor ms per statement (null: its server is not on this machine). */
  postgresMsPerStatement: number | null;
  /** This process's processor ms per statement (pg, Drizzle, the naming). */
  processMsPerStatement: number;
}

export interface StatementsResult {
  statements: number;
  rounds: number;
  inFlight: number;
  ours: StatementSide;
  drizzleNamed: StatementSide;
  unnamed: StatementSide;
}

export async function measureStatements(
  bench: BenchApp,
  settings: { statements: number; rounds: number },
): Promise<StatementsResult | null> {
  // The bench's own database (a fresh one made for this run), which the job queue's pool reaches.
  const connection = bench.database.jobConnection;
  if (connection.driver !== 'postgres') return null;
  const url = connection.url;
  const inFlight = 8;
  // A conversation with a 100-message history, read 50 at a time as GET …/messages does.
  const client = await bench.signedInUser();
  const character = await client.post('/api/characters', {
    name: 'Ysolde',
    description: 'A ferry captain who knows every current of the strait.',
    gender: 'female',
    personality: 'Dry humour, patient, tells long stories.',
  });
  const characterId = character.json.id as number;
  const conversation = await client.post('/api/conversations', { characterId, chatMode: 'chat' });
  const conversationId = conversation.json.id as number;
  await seedHistories(bench, [conversationId], 100);
  const { rows } = await bench.database.db.execute<{ user_id: string; pid: number }>(
    sql`select user_id, pg_backend_pid() as pid from conversation where id = ${conversationId}`,
  );
  const userId = rows[0]!.user_id;
  const postmaster = postmasterOf(Number(rows[0]!.pid));

  const poolOf = (Client?: typeof pg.Client) =>
    new pg.Pool({ connectionString: url, max: inFlight, ...(Client ? { Client } : {}) });
  const oursPool = poolOf(namingClient(pg.Client, statementNames()));
  const plainPool = poolOf();
  const unnamedPool = poolOf();
  const oursDb = drizzle({ client: oursPool, schema }) as unknown as Database;
  const plainDb = drizzle({ client: plainPool, schema }) as unknown as Database;
  const unnamedDb = drizzle({ client: unnamedPool, schema }) as unknown as Database;

  // The history page's statement, as statementOnce builds it, prepared by Drizzle with a name or
  // without one.
  const query = new PgDialect().sqlToQuery(
    threadStatement(sql.placeholder('userId'), sql.placeholder('conversationId'), {
      limit: sql.placeholder('limit'),
      siblings: true,
    }),
  );
  const prepared = (db: Database, name: string | undefined) =>
    db._.session.prepareQuery<{ execute: { rows: unknown[] } } & PreparedQueryConfig>(
      query,
      undefined,
      name,
      false,
    );
  // Ours: unnamed by Drizzle, as statementOnce (db/prepared.ts) runs it; named by the pool's client.
  const oursUnnamed = prepared(oursDb, undefined);
  const drizzleNamed = prepared(plainDb, 'bench_history_page');
  const drizzleUnnamed = prepared(unnamedDb, undefined);
  const values = { userId, conversationId, limit: 50 };

  const sides = {
    ours: async () => (await oursUnnamed.execute(values)).rows.length,
    drizzleNamed: async () => (await drizzleNamed.execute(values)).rows.length,
    unnamed: async () => (await drizzleUnnamed.execute(values)).rows.length,
  };
  type Side = keyof typeof sides;
  const totals: Record<Side, { ms: number; pgMs: number; cpuMs: number; n: number }> = {
    ours: { ms: 0, pgMs: 0, cpuMs: 0, n: 0 },
    drizzleNamed: { ms: 0, pgMs: 0, cpuMs: 0, n: 0 },
    unnamed: { ms: 0, pgMs: 0, cpuMs: 0, n: 0 },
  };
  const run = async (side: Side, count: number, measured: boolean) => {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        if ((await sides[side]()) !== 50) throw new Error(`${side}: not a 50-message page`);
      }
    };
    const pg0 = measured && postmaster ? serverCpuMs(postmaster) : 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: inFlight }, worker));
    if (!measured) return;
    const t = totals[side];
    t.ms += performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    t.cpuMs += (cpu.user + cpu.system) / 1000;
    if (postmaster) t.pgMs += serverCpuMs(postmaster) - pg0;
    t.n += count;
  };
  const order: Side[] = ['ours', 'drizzleNamed', 'unnamed'];
  try {
    // Warm-up: every connection of each pool has run (and, where named, prepared) it.
    for (const side of order) await run(side, Math.max(200, settings.statements / 5), false);
    for (let round = 0; round < settings.rounds; round++) {
      for (let k = 0; k < order.length; k++) {
        await run(order[(k + round) % order.length]!, settings.statements, true);
      }
    }
  } finally {
    await Promise.all([oursPool.end(), plainPool.end(), unnamedPool.end()]);
  }
  const side = (s: Side): StatementSide => {
    const t = totals[s];
    return {
      statementsPerSecond: Math.round((t.n * 1000) / t.ms),
      postgresMsPerStatement: postmaster ? t.pgMs / t.n : null,
      processMsPerStatement: t.cpuMs / t.n,
    };
  };
  return {
    statements: settings.statements,
    rounds: settings.rounds,
    inFlight,
    ours: side('ours'),
    drizzleNamed: side('drizzleNamed'),
    unnamed: side('unnamed'),
  };
}

export function printStatements(result: StatementsResult | null) {
  if (!result) {
    console.log('   PostgreSQL statement names: PostgreSQL only (BENCH_DATABASE_URL)');
    return;
  }
  console.log(
    `   PostgreSQL statement names: a 50-message history page's statement, ${result.inFlight} in ` +
      `flight, ${result.rounds} rounds of ${result.statements} in turns`,
  );
  console.log(
    '                                        stmts/s   PostgreSQL ms/stmt   this process ms/stmt',
  );
  const row = (label: string, s: StatementSide) =>
    console.log(
      `   ${label.padEnd(36)}${String(s.statementsPerSecond).padStart(9)}` +
        `${(s.postgresMsPerStatement === null ? 'n/a' : s.postgresMsPerStatement.toFixed(3)).padStart(21)}` +
        `${s.processMsPerStatement.toFixed(3).padStart(23)}`,
    );
  row('ours (pg-statements.ts)', result.ours);
  row("Drizzle's named prepare", result.drizzleNamed);
  row('reference: unnamed (parsed each run)', result.unnamed);
  const o = result.ours.postgresMsPerStatement;
  const d = result.drizzleNamed.postgresMsPerStatement;
  if (o !== null && d !== null) {
    console.log(
      `   PostgreSQL's time per statement, Drizzle's against ours: ${((d / o - 1) * 100).toFixed(1)} %` +
        `; rate ${((result.drizzleNamed.statementsPerSecond / result.ours.statementsPerSecond - 1) * 100).toFixed(1)} %`,
    );
  }
}
