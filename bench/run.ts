/**
 * `npm run bench`: how much time our server adds before the first streamed token, how many
 * concurrent streaming replies one server process sustains with event-loop lag p99 under 20 ms,
 * how fast a history page of a very long conversation answers (bench/history.ts), how long
 * the compiled server takes to start and restart (bench/restart.ts), and how /chat first loads
 * in Chromium (bench/chat-page.ts).
 *
 * This process runs only the server (and, by default, its in-memory PGlite database). The LLM
 * double and all clients run in a forked process (bench/load.ts), so their work is not counted as
 * server lag. Everything talks over 127.0.0.1. See bench/README.md for how to read the figures.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fork } from 'node:child_process';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { creditAccount } from '../src/server/db/schema';
import { llmRequestChannel } from '../src/server/integrations/llm/event-stream';
import type { TestClient } from '../tests/server/support/http-client';
import { RELAY_PATH, startBareRelay } from './bare-relay';
import { PLAIN_SSE_PATH, startPlainSse } from './plain-sse';
import { promptSampler } from './prompt-sample';
import { startBenchApp, statisticsAsRunning, type BenchApp } from './harness';
import { seedHistories } from './seeded-history';
import type { FromLoad, StreamResult, Target, ToLoad, TtftSample, TtftTask } from './load';
import { measureApi, printApi, THROUGHPUT_CONNECTIONS } from './api';
import { measureReconnects, printReconnects } from './reconnect';
import { clusterReachable, measureTakeover, printTakeover } from './takeover';
import type { measureChatPage as MeasureChatPage } from './chat-page';
import { measureHistory, printHistory } from './history';
import { measureIdleStreams, printIdleStreams } from './idle-streams';
import { RUN_MEMORY_MS } from '../src/server/modules/chat/reply-runs';
import {
  measureSerializer,
  measureStatements,
  printSerializer,
  printStatements,
} from './library-parts';
import { measureRestart, printRestart } from './restart';
import { measureScreening, printScreening } from './screening';
import { measureSpeech, printSpeech } from './speech';
import { cpuMsSince, cpuPerReply, machineCpu, postmasterOf, type CpuPerReply } from './machine-cpu';
import { startProfile, stopProfile } from './profile';
import {
  CROWD,
  IDLE_STREAMS,
  LONG_HISTORY,
  printTargets,
  shareOfReference,
  targetRows,
} from './targets';
import { figure, fmt, sharePercent, stats, statsRow, type Stats } from './stats';

// ---------------------------------------------------------------------------------------------
// Settings (environment overrides are for quick smoke runs; the defaults are the real benchmark)

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

const SETTINGS = {
  /** Measured replies per time-to-first-token row (after WARMUP_REPLIES unmeasured ones). */
  replies: intEnv('BENCH_REPLIES', 500),
  /**
   * Unmeasured replies before each row of section 1 (ours and the relay's): a server runs for
   * days, and 20 left it short of its steady state (16 in flight p50 21-23 ms after 20, 17-19
   * after 2,000; decision 0033).
   */
  warmupReplies: intEnv('BENCH_WARMUP_REPLIES', 2000),
  /** Replies in flight for the second time-to-first-token row. */
  ttftConcurrency: CROWD,
  /** A worker starts a new conversation after this many replies, so history stays 0–100. */
  repliesPerConversation: 50,
  /** Direct requests to the LLM double, for its own time to first byte. */
  baselineRequests: 200,
  steps: (process.env.BENCH_STEPS ?? '100,200,400,600,800,1000,1200')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0),
  /** Section 2: messages each step's new conversations already hold. */
  seededHistoryMessages: 40,
  /**
   * Before a window: the first replies start spread over 2 s (one reply's length). CI's smoke run
   * shortens it, and the spread with it (it measures nothing, and each of its three searches
   * waited the whole 2.5 s).
   */
  warmupMs: intEnv('BENCH_STREAM_WARMUP_MS', 2500),
  windowMs: intEnv('BENCH_WINDOW_S', 10) * 1000,
  drainMs: 5000,
  /** Stepping stops before a step that could end after this (each search of section 2 under ~3 minutes). */
  budgetMs: 170_000,
  lagLimitMs: 20,
  /**
   * A step also fails when the streams fall behind the model's pace: below this share of 50
   * tokens/s per stream, readers wait for the server (a CPU-bound server can keep its lag low by
   * doing everything late, which the lag alone does not show).
   */
  minPaceShare: 0.9,
  users: intEnv('BENCH_USERS', 20),
  charactersPerUser: 4,
  /** Section 3: messages in the database, half of them in one conversation. */
  history: {
    messages: intEnv(
      'BENCH_HISTORY_MESSAGES',
      process.env.BENCH_DATABASE_URL ? LONG_HISTORY : 200_000,
    ),
    rounds: intEnv('BENCH_HISTORY_REQUESTS', 1000),
    warmupRounds: 50,
    otherConversations: 100,
  },
  /** Section 6: idle streaming replies held open at once. */
  idleStreams: intEnv('BENCH_IDLE_STREAMS', IDLE_STREAMS),
  /** Section 6: holds of each (ours and the relay's), in turns; the figures are their medians. */
  idleRounds: intEnv('BENCH_IDLE_ROUNDS', 3),
  /** Section 9: replies whose connection is dropped at random points, and followed again. */
  reconnect: {
    replies: intEnv('BENCH_RECONNECT_REPLIES', 200),
    concurrency: intEnv('BENCH_RECONNECT_CONCURRENCY', 10),
    cutsPerReply: 10,
  },
  /**
   * Section 10: replies whose server is killed mid-reply, on two servers; they need a PostgreSQL
   * server and a Redis, as several servers do (the machine's own by default).
   */
  takeover: {
    trials: intEnv('BENCH_TAKEOVER_TRIALS', 10),
    databaseUrl:
      process.env.BENCH_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.BENCH_CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379',
  },
  /** Section 5: seconds per throughput run and interleaved (bare, app) rounds. */
  api: { seconds: intEnv('BENCH_API_SECONDS', 5), rounds: intEnv('BENCH_API_ROUNDS', 2) },
  /** Section 7: cold browser loads per page and viewport. */
  page: { loads: intEnv('BENCH_PAGE_LOADS', 5) },
  /** Section 9: voice replies started (issue 50). */
  speech: { rounds: intEnv('BENCH_SPEECH_ROUNDS', 30) },
  /** Section 8: the serializer's rounds (ms each) and the PostgreSQL statements' rounds. */
  library: {
    serializer: { rounds: intEnv('BENCH_LIBRARY_ROUNDS', 7), ms: 300 },
    statements: { statements: intEnv('BENCH_LIBRARY_STATEMENTS', 1_500), rounds: 6 },
  },
};

/** Which sections run: all by default; e.g. BENCH_SECTIONS=history for that one alone. */
const SECTIONS = new Set(
  (
    process.env.BENCH_SECTIONS ??
    'ttft,streams,idle,reconnect,takeover,history,api,library,restart,page,speech'
  )
    .split(',')
    .map((s) => s.trim()),
);

/** The double streams one word per chunk: 100 words at 20 ms is 50 tokens/s for about 2 s. */
const STREAM_CHUNK_DELAY_MS = 20;
const REPLY_TEXT = Array.from(
  { length: 10 },
  (_, i) => `The lamp throws light across room ${i + 1} as rain falls.`,
).join(' ');
/** The bench reply's characters per model token (a word and its space). */
const REPLY_CHARS_PER_TOKEN = REPLY_TEXT.length / REPLY_TEXT.split(' ').length;
const LAG_RESOLUTION_MS = 10;

/** The prompts our route sends, for the bare relay to send as much (bench/prompt-sample.ts). */
const prompts = promptSampler();
/** How a sampled prompt's size is printed. */
const kilobytes = (prompt: string | undefined) => `${((prompt?.length ?? 0) / 1024).toFixed(1)} KB`;
/** A machine CPU share as printed (n/a off Linux). */
const percent = (value: number | null) => (value === null ? 'n/a' : `${value} %`);
/** A per-reply figure for the JSON line: /proc counts whole 10 ms ticks, so 0.1 ms is plenty. */
const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const cpuJson = ({ processMs, postgresMs, loadMs }: CpuPerReply) => ({
  processMs: round1(processMs),
  postgresMs: round1(postgresMs),
  loadMs: round1(loadMs),
});

/**
 * The postmaster of the benchmark's PostgreSQL when it runs on this machine (its processor time
 * can then be read from /proc), else null: a server elsewhere, or PGlite, whose work is the
 * server process's.
 */
async function benchPostmaster(bench: BenchApp): Promise<string | null> {
  if (bench.database.driver !== 'postgres') return null;
  const { rows } = await bench.database.db.execute<{ pid: number }>(
    sql`select pg_backend_pid() as pid`,
  );
  return postmasterOf(Number(rows[0]?.pid));
}

const MODES = [
  { chatMode: 'texting', path: '/api/chat' },
  { chatMode: 'assistant', path: '/api/assistant' },
  { chatMode: 'immersive', path: '/api/immersive-chat' },
] as const;

// ---------------------------------------------------------------------------------------------
// Server-side tracing for the time-to-first-token breakdown (only switched on in that phase)

const trace = {
  enabled: false,
  /** bench id → when the request reached our routes (onRequest). */
  arrivals: new Map<string, number>(),
  /** bench id → when the server issued the streaming call to the LLM. */
  llmCalls: new Map<string, number>(),
  /** bench id → when the server wrote the first `event: token` to the client's socket. */
  firstTokens: new Map<string, number>(),
};

/** Registered before the app listens: notes a traced request's arrival and first token write. */
function traceRequest(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const id = request.headers['x-bench-id'];
  if (trace.enabled && typeof id === 'string') {
    trace.arrivals.set(id, performance.now());
    const raw = reply.raw;
    const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
    raw.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.startsWith('event: token') && trace.enabled) {
        if (!trace.firstTokens.has(id)) trace.firstTokens.set(id, performance.now());
      }
      return write(chunk, ...rest);
    }) as typeof raw.write;
  }
  done();
}

/**
 * Notes when the server sends a streamed completion to the model: the gateway publishes each
 * request body on a diagnostics channel (free when nobody listens). Only the body is read, to find
 * the message's bench id.
 */
function installLlmCallTrace() {
  llmRequestChannel.subscribe((message) => {
    const { body } = message as { body: string };
    if (!trace.enabled) return;
    // The newest user message comes last in the prompt.
    const at = body.lastIndexOf('[bench #');
    if (at !== -1) {
      const id = body.slice(at + 8, body.indexOf(']', at));
      if (!trace.llmCalls.has(id)) trace.llmCalls.set(id, performance.now());
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The load process

type LoadReply<T extends FromLoad['type']> = Extract<FromLoad, { type: T }>;

function startLoadProcess() {
  const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [], {
    execArgv: process.execArgv,
  });
  const waiting = new Map<string, (message: FromLoad) => void>();
  const listeners = { windowStart: () => {}, windowEnd: () => {} };
  let exitExpected = false;
  child.on('message', (message: FromLoad) => {
    if (message.type === 'window-start') return listeners.windowStart();
    if (message.type === 'window-end') return listeners.windowEnd();
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
  });
  child.on('exit', (code) => {
    if (exitExpected) return;
    console.error(`bench: the load process stopped unexpectedly (exit code ${code})`);
    process.exit(1);
  });
  const next = <T extends FromLoad['type']>(type: T) =>
    new Promise<LoadReply<T>>((resolve) =>
      waiting.set(type, (message) => resolve(message as LoadReply<T>)),
    );
  return {
    listeners,
    next,
    ask<T extends FromLoad['type']>(command: ToLoad, answer: T) {
      const reply = next(answer);
      child.send(command);
      return reply;
    },
    async stop() {
      exitExpected = true;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'exit' } satisfies ToLoad);
      await Promise.race([exited, sleep(3000).then(() => child.kill())]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Fixtures: users with high credits, characters, conversations

interface BenchUser {
  client: TestClient;
  characterIds: number[];
}

async function createUsers(bench: BenchApp): Promise<BenchUser[]> {
  const createUser = async (u: number): Promise<BenchUser> => {
    const client = await bench.signedInUser();
    await expectOk(client.post('/api/user-profile', { name: `Reader ${u + 1}`, gender: 'Female' }));
    await expectOk(client.get('/api/get-credits')); // creates the credit account
    const characterIds: number[] = [];
    for (let c = 0; c < SETTINGS.charactersPerUser; c++) {
      const res = await expectOk(
        client.post('/api/characters', {
          name: `Selene ${u + 1}.${c + 1}`,
          description: 'A moonlit poet with a sharp wit who keeps the old lighthouse.',
          gender: 'female',
          personality: 'Playful, literate, teases gently and quotes poetry.',
        }),
      );
      characterIds.push(res.json.id as number);
    }
    return { client, characterIds };
  };
  const users: BenchUser[] = [];
  // Four at a time: password hashing dominates and runs off the main thread.
  for (let u = 0; u < SETTINGS.users; u += 4) {
    const batch = Array.from({ length: Math.min(4, SETTINGS.users - u) }, (_, i) => u + i);
    users.push(...(await Promise.all(batch.map(createUser))));
  }
  // Benchmark users must never run out of credits.
  await bench.database.db.update(creditAccount).set({ credits: 1_000_000 });
  return users;
}

let conversationCounter = 0;
/** A new conversation, spread round-robin over users, their characters and the three modes. */
async function newTarget(users: BenchUser[]): Promise<Target> {
  const k = conversationCounter++;
  const user = users[k % users.length]!;
  const characterId = user.characterIds[Math.floor(k / users.length) % user.characterIds.length]!;
  const mode = MODES[k % MODES.length]!;
  const res = await expectOk(
    user.client.post('/api/conversations', { characterId, chatMode: mode.chatMode }),
  );
  return { cookie: user.client.cookieHeader, conversationId: res.json.id as number, ...mode };
}

async function expectOk<T extends { status: number; text: string }>(call: Promise<T>) {
  const res = await call;
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`setup call failed (${res.status}): ${res.text.slice(0, 200)}`);
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// Phase 1: time to first token

interface TtftRow {
  concurrency: number;
  errors: number;
  errorSamples: string[];
  client: Stats;
  serverBeforeLlm: Stats;
  serverToFirstToken: Stats;
  /** The whole machine's CPU busy share during the measured rounds (null off Linux). */
  machineCpuPercent: number | null;
  /**
   * Processor ms per measured reply: this process (all threads), PostgreSQL when it runs here, and
   * the load process (the double and the clients) in our rounds.
   */
  cpuPerReply: CpuPerReply;
}

/** Part `index` of `total` split into `parts` as evenly as whole numbers allow. */
const shareOf = (total: number, parts: number, index: number) =>
  Math.floor(total / parts) + (index < total % parts ? 1 : 0);

/** Every request to the bare relay: no session, no conversation. */
const RELAY_TARGET: Target = { cookie: '', conversationId: 0, path: RELAY_PATH };
/** Every request to the plain SSE writer, section 2's second reference: the same. */
const PLAIN_SSE_TARGET: Target = { cookie: '', conversationId: 0, path: PLAIN_SSE_PATH };

/**
 * `total` replies split over `workers` lists, each moving to a new target (`nextTarget`) every
 * SETTINGS.repliesPerConversation replies.
 */
async function ttftTasks(
  nextTarget: () => Promise<Target>,
  label: string,
  workers: number,
  total: number,
) {
  const lists: TtftTask[][] = [];
  for (let w = 0; w < workers; w++) {
    const count = shareOf(total, workers, w);
    const tasks: TtftTask[] = [];
    let target = await nextTarget();
    for (let i = 0; i < count; i++) {
      if (i > 0 && i % SETTINGS.repliesPerConversation === 0) target = await nextTarget();
      tasks.push({ ...target, benchId: `${label}-${w}-${i}` });
    }
    lists.push(tasks);
  }
  return lists;
}

/** Section 1 measures each row's replies in this many rounds, ours and the relay's taking turns. */
const TTFT_ROUNDS = 4;

/** A bare relay row of section 1. */
interface RelayTtftRow {
  concurrency: number;
  errors: number;
  client: Stats;
  machineCpuPercent: number | null;
  /**
   * The relay's processor ms per reply, and the load process's in the relay's rounds
   * (PostgreSQL's: none; see measureTtft).
   */
  cpuPerReply: CpuPerReply;
}

/**
 * One row of section 1 for our route and for the bare relay: each warmed up, then the measured
 * replies in TTFT_ROUNDS rounds taking turns, so that a disturbance of the machine (this one is
 * shared) falls on both sides instead of skewing one.
 */
async function measureTtft(
  load: ReturnType<typeof startLoadProcess>,
  bench: BenchApp,
  users: BenchUser[],
  relayUrl: () => Promise<string>,
  concurrency: number,
): Promise<{ ours: TtftRow; relay: RelayTtftRow }> {
  const nextTarget = () => newTarget(users);
  const relayTarget = async () => RELAY_TARGET;
  /** Runs `workers`' replies; a measured round gives the load process's time to `tracker`. */
  const replies = (
    baseUrl: string,
    workers: TtftTask[][],
    tracker?: ReturnType<typeof cpuPerReply>,
  ) =>
    load.ask({ type: 'ttft', baseUrl, workers }, 'ttft-result').then((r) => {
      tracker?.addLoad(r.cpuMs, r.samples.length);
      return r.samples;
    });
  const warmup = SETTINGS.warmupReplies;
  await replies(bench.url, await ttftTasks(nextTarget, `w${concurrency}`, concurrency, warmup));
  await statisticsAsRunning(bench);
  const relay = await relayUrl();
  await replies(relay, await ttftTasks(relayTarget, `rw${concurrency}`, concurrency, warmup));

  trace.arrivals.clear();
  trace.llmCalls.clear();
  trace.firstTokens.clear();
  trace.enabled = true;
  const ours: TtftSample[] = [];
  const theirs: TtftSample[] = [];
  const oursCpu = machineCpu();
  const theirCpu = machineCpu();
  // The relay reads no database: its rounds' PostgreSQL figure would be the app's deferred work.
  const oursPerReply = cpuPerReply(await benchPostmaster(bench));
  const theirsPerReply = cpuPerReply(null);
  for (let round = 0; round < TTFT_ROUNDS; round++) {
    const count = shareOf(SETTINGS.replies, TTFT_ROUNDS, round);
    const label = `c${concurrency}r${round}`;
    const workers = await ttftTasks(nextTarget, label, concurrency, count);
    // A profile of the first round (BENCH_CPU_PROFILE): the profiler cannot pause between rounds.
    if (round === 0) await startProfile();
    ours.push(
      ...(await oursPerReply.during(count, () =>
        oursCpu.during(() => replies(bench.url, workers, oursPerReply)),
      )),
    );
    if (round === 0) await stopProfile(`ttft-${concurrency}-in-flight`);
    const relayWorkers = await ttftTasks(relayTarget, `r${label}`, concurrency, count);
    theirs.push(
      ...(await theirsPerReply.during(count, () =>
        theirCpu.during(() => replies(relay, relayWorkers, theirsPerReply)),
      )),
    );
  }
  trace.enabled = false;
  const ok = ours.filter((s) => s.ttftMs !== null);
  const span = (from: Map<string, number>, to: Map<string, number>) =>
    ok.flatMap((s) => {
      const start = from.get(s.benchId);
      const end = to.get(s.benchId);
      return start !== undefined && end !== undefined ? [end - start] : [];
    });
  const failed = ours.filter((s) => s.ttftMs === null);
  const relayOk = theirs.filter((s) => s.ttftMs !== null);
  return {
    ours: {
      concurrency,
      errors: failed.length,
      errorSamples: failed.slice(0, 3).map((s) => s.error ?? '?'),
      client: stats(ok.map((s) => s.ttftMs!)),
      serverBeforeLlm: stats(span(trace.arrivals, trace.llmCalls)),
      serverToFirstToken: stats(span(trace.arrivals, trace.firstTokens)),
      machineCpuPercent: oursCpu.percent(),
      cpuPerReply: oursPerReply.perReply(),
    },
    relay: {
      concurrency,
      errors: theirs.length - relayOk.length,
      client: stats(relayOk.map((s) => s.ttftMs!)),
      machineCpuPercent: theirCpu.percent(),
      cpuPerReply: theirsPerReply.perReply(),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Phase 2: concurrent streams

interface StepRow {
  streams: number;
  completed: number;
  errors: number;
  errorSamples: string[];
  cut: number;
  tokensPerSecond: number;
  tokensPerSecondPerStream: number;
  ttftUnderLoad: Stats;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  serverCpuPercent: number;
  /** The whole machine's CPU busy share in the window (null off Linux). */
  machineCpuPercent: number | null;
  loadProcessLagP99Ms: number;
}

async function measureStep(
  load: ReturnType<typeof startLoadProcess>,
  baseUrl: string,
  slots: Target[],
  profileName: string,
): Promise<StepRow> {
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  let cpu = process.cpuUsage();
  let started = 0;
  let server = { lag: [0, 0, 0], cpuPercent: 0, machinePercent: null as number | null };
  let machine = machineCpu();
  let profileWritten: Promise<void> = Promise.resolve();
  load.listeners.windowStart = () => {
    void startProfile();
    lag.reset();
    lag.enable();
    cpu = process.cpuUsage();
    machine = machineCpu();
    machine.start();
    started = performance.now();
  };
  load.listeners.windowEnd = () => {
    lag.disable();
    machine.stop();
    const usedMs = cpuMsSince(cpu);
    const elapsedMs = performance.now() - started;
    const ms = (ns: number) => Math.max(0, ns / 1e6 - LAG_RESOLUTION_MS);
    server = {
      lag: [ms(lag.percentile(50)), ms(lag.percentile(99)), ms(lag.max)],
      cpuPercent: (usedMs / elapsedMs) * 100,
      machinePercent: machine.percent(),
    };
    profileWritten = stopProfile(`${profileName}-${slots.length}`);
  };
  const { result } = await load.ask(
    {
      type: 'stream',
      baseUrl,
      slots,
      // Within the warm-up, so every stream is under way when the window opens (only the smoke
      // run's shorter warm-up makes it less than a reply's length).
      spreadMs: Math.min(REPLY_TEXT.split(' ').length * STREAM_CHUNK_DELAY_MS, SETTINGS.warmupMs),
      warmupMs: SETTINGS.warmupMs,
      windowMs: SETTINGS.windowMs,
      drainMs: SETTINGS.drainMs,
    },
    'stream-result',
  );
  await profileWritten;
  return stepRow(slots.length, result, server);
}

function stepRow(
  streams: number,
  r: StreamResult,
  server: { lag: number[]; cpuPercent: number; machinePercent: number | null },
): StepRow {
  // Text received, counted in the model's tokens (the reply's mean characters per token).
  const tokensPerSecond = r.textChars / REPLY_CHARS_PER_TOKEN / (r.windowMs / 1000);
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    streams,
    completed: r.completed,
    errors: r.errors,
    errorSamples: r.errorSamples,
    cut: r.cut,
    tokensPerSecond: Math.round(tokensPerSecond),
    tokensPerSecondPerStream: round1(tokensPerSecond / streams),
    ttftUnderLoad: stats(r.ttftMs),
    lagP50Ms: round1(server.lag[0]!),
    lagP99Ms: round1(server.lag[1]!),
    lagMaxMs: round1(server.lag[2]!),
    serverCpuPercent: Math.round(server.cpuPercent),
    machineCpuPercent: server.machinePercent,
    loadProcessLagP99Ms: round1(r.loadLagP99Ms),
  };
}

// ---------------------------------------------------------------------------------------------
// The sections, each printing its figures and returning them for the JSON line

type Load = ReturnType<typeof startLoadProcess>;

/** A section 1 row's name. */
const rowLabel = (concurrency: number) =>
  concurrency === 1 ? 'sequential' : `${concurrency} in flight`;

/**
 * Section 1: time to first token, sequential and a few in flight, beside the double alone and
 * the bare relay's rows.
 */
async function ttftSection(
  load: Load,
  bench: BenchApp,
  users: BenchUser[],
  llmUrl: string,
  seconds: () => string,
) {
  await load.ask({ type: 'reply', content: REPLY_TEXT, chunkDelayMs: 0 }, 'reply-set');
  const ttft: TtftRow[] = [];
  const relay: RelayTtftRow[] = [];
  // The relay sends the model the median of the prompts ours sent while warming up the first row
  // (the same mix of history lengths as a measured row), so it is started after that warm-up.
  prompts.reset();
  prompts.start();
  let started: Awaited<ReturnType<typeof startBareRelay>> | undefined;
  const relayUrl = async () => {
    if (!started) {
      prompts.stop();
      started = await startBareRelay(llmUrl, { prompt: prompts.median() });
    }
    return started.baseUrl;
  };
  try {
    for (const concurrency of [1, SETTINGS.ttftConcurrency]) {
      const row = await measureTtft(load, bench, users, relayUrl, concurrency);
      ttft.push(row.ours);
      relay.push(row.relay);
    }
  } finally {
    await started?.close();
  }
  const prompt = prompts.median();
  // In this process, the server's, right after the rounds: the same machine state as the rows.
  const screening = measureScreening(process.env.BENCH_SMOKE ? 2 : 40);
  const baseline = stats(
    (await load.ask({ type: 'baseline', count: SETTINGS.baselineRequests }, 'baseline-result'))
      .samplesMs,
  );

  console.log('1) Time to first token, LLM double answering instantly (ms)');
  console.log(
    `   POST sent → first 'event: token' at the client; ${SETTINGS.replies} replies per row in ` +
      `${TTFT_ROUNDS} rounds, new conversation every ${SETTINGS.repliesPerConversation}`,
  );
  console.log(
    `  ${''.padEnd(46)}${['p50', 'p90', 'p99', 'max'].map((h) => h.padStart(7)).join('')}`,
  );
  for (const row of ttft) {
    const label = rowLabel(row.concurrency);
    console.log(statsRow(`${label}: client total`, row.client));
    console.log(statsRow(`  server: arrival → LLM call issued`, row.serverBeforeLlm));
    console.log(statsRow(`  server: arrival → first token written`, row.serverToFirstToken));
    if (row.errors) console.log(`    ${row.errors} errors, e.g. ${row.errorSamples.join(' | ')}`);
  }
  printScreening(screening);
  console.log(statsRow('LLM double alone (direct, first byte)', baseline));
  console.log(
    `  bare relay (reference), same load process, its rounds taking turns with ours, sending a ` +
      `prompt of ${kilobytes(prompt)} (the median of ours):`,
  );
  for (const row of relay) {
    const label = rowLabel(row.concurrency);
    console.log(statsRow(`  ${label}: client total`, row.client));
    if (row.errors) console.log(`    ${row.errors} errors`);
  }
  const added = ttft
    .map((row, i) => {
      const label = rowLabel(row.concurrency);
      return `${label} ${fmt(row.client.p50 - relay[i]!.client.p50, 0)} ms`;
    })
    .join(', ');
  console.log(`   our route's p50 over the bare relay's: ${added}`);
  const busy = ttft
    .map((row, i) => {
      const theirs = relay[i]!.machineCpuPercent;
      return `${rowLabel(row.concurrency)} ${percent(row.machineCpuPercent)} / ${percent(theirs)}`;
    })
    .join(', ');
  console.log(`   machine CPU busy (all cores) in the measured rounds, ours / relay's: ${busy}`);
  const perReply = ttft
    .map((row, i) => {
      const { processMs, postgresMs } = row.cpuPerReply;
      const database = postgresMs === null ? '' : ` (+ PostgreSQL ${figure(postgresMs)})`;
      const theirs = figure(relay[i]!.cpuPerReply.processMs);
      return `${rowLabel(row.concurrency)} ${figure(processMs)}${database} / ${theirs}`;
    })
    .join(', ');
  console.log(`   processor ms per reply, server process (all threads) / relay's: ${perReply}`);
  const loadPerReply = ttft
    .map((row, i) => {
      const theirs = relay[i]!.cpuPerReply.loadMs;
      return `${rowLabel(row.concurrency)} ${figure(row.cpuPerReply.loadMs)} / ${figure(theirs)}`;
    })
    .join(', ');
  console.log(
    `   processor ms per reply, load process (LLM double and clients) with ours / the ` +
      `relay's: ${loadPerReply}`,
  );
  console.log(`   (${seconds()} s)\n`);
  return {
    ttft: ttft.map((r) => ({
      concurrency: r.concurrency,
      errors: r.errors,
      clientMs: r.client,
      serverBeforeLlmMs: r.serverBeforeLlm,
      serverToFirstTokenMs: r.serverToFirstToken,
      machineCpuPercent: r.machineCpuPercent,
      cpuMsPerReply: cpuJson(r.cpuPerReply),
    })),
    llmDoubleFirstByteMs: baseline,
    screening,
    bareRelay: relay.map((r) => ({
      concurrency: r.concurrency,
      errors: r.errors,
      clientMs: r.client,
      machineCpuPercent: r.machineCpuPercent,
      cpuMsPerReply: cpuJson(r.cpuPerReply),
    })),
  };
}

/** One stepped search of section 2: the largest N that passes, and what stopped it. */
interface StepSearch {
  steps: StepRow[];
  sustained: number;
  firstFail: number | undefined;
  stopReason: string;
}

/**
 * Steps through SETTINGS.steps until one fails, then narrows the answer down with two bisection
 * steps; a step that could end after the time budget (counted from `began`) is not started.
 */
async function searchSteps(
  runStep: (n: number, note?: string) => Promise<StepRow>,
  failure: (row: StepRow) => string | undefined,
  began: number,
  stepsToTry: number[] = SETTINGS.steps,
): Promise<StepSearch> {
  const steps: StepRow[] = [];
  const stepMs = SETTINGS.warmupMs + SETTINGS.windowMs + SETTINGS.drainMs + 5000;
  const inBudget = () => performance.now() - began + stepMs <= SETTINGS.budgetMs;
  let stopReason = 'all steps passed';
  let lastPass = 0;
  let firstFail: number | undefined;
  for (const n of stepsToTry) {
    if (!inBudget()) {
      stopReason = `time budget reached before N=${n}`;
      break;
    }
    const row = await runStep(n);
    steps.push(row);
    const failed = failure(row);
    if (failed) {
      firstFail = n;
      stopReason = `${failed} at N=${n}`;
      break;
    }
    lastPass = n;
  }
  for (let round = 0; round < 2 && firstFail !== undefined; round++) {
    const n = Math.round((lastPass + firstFail) / 2);
    if (n <= lastPass || n >= firstFail || !inBudget()) break;
    const row = await runStep(n, '   (refining)');
    steps.push(row);
    if (failure(row)) firstFail = n;
    else lastPass = n;
  }
  return { steps, sustained: lastPass, firstFail, stopReason };
}

/**
 * Section 2: the most concurrent streams with event-loop lag p99 under the limit, for our reply
 * route and then, in the same run with the same load process, for two references: the bare relay
 * (bench/bare-relay.ts), what this machine sustains when a server does the least a relay can, and
 * plain SSE writes (bench/plain-sse.ts), when writing the streams is all it does.
 */
async function streamsSection(
  load: Load,
  bench: BenchApp,
  users: BenchUser[],
  llmUrl: string,
  seconds: () => string,
) {
  await load.ask(
    { type: 'reply', content: REPLY_TEXT, chunkDelayMs: STREAM_CHUNK_DELAY_MS },
    'reply-set',
  );
  const windowS = SETTINGS.windowMs / 1000;
  console.log(
    `2) Concurrent streaming replies at 50 tokens/s (${REPLY_TEXT.split(' ').length}-token ` +
      `replies, ${windowS} s windows)`,
  );
  console.log('   server event-loop lag = monitorEventLoopDelay (10 ms resolution) − 10 ms');
  console.log(
    '      N  done  errors   tokens/s  per stream  TTFT p50/p99 ms   lag p50  lag p99  ' +
      'lag max  server CPU  load lag p99  machine CPU',
  );
  const minPerStream = (SETTINGS.minPaceShare * 1000) / STREAM_CHUNK_DELAY_MS;
  const failure = (row: StepRow) =>
    row.errors > 0
      ? 'errors'
      : row.lagP99Ms >= SETTINGS.lagLimitMs
        ? `lag p99 ≥ ${SETTINGS.lagLimitMs} ms`
        : row.tokensPerSecondPerStream < minPerStream
          ? `under ${minPerStream} tokens/s per stream`
          : undefined;
  const printRow = (row: StepRow, note: string) => {
    console.log(
      `   ${String(row.streams).padStart(4)}${String(row.completed).padStart(6)}` +
        `${String(row.errors).padStart(8)}${String(row.tokensPerSecond).padStart(11)}` +
        `${fmt(row.tokensPerSecondPerStream, 12)}` +
        `${`${fmt(row.ttftUnderLoad.p50, 0)} / ${fmt(row.ttftUnderLoad.p99, 0)}`.padStart(17)}` +
        `${fmt(row.lagP50Ms, 10)}${fmt(row.lagP99Ms, 9)}${fmt(row.lagMaxMs, 9)}` +
        `${`${row.serverCpuPercent} %`.padStart(12)}${fmt(row.loadProcessLagP99Ms, 14)}` +
        `${percent(row.machineCpuPercent).padStart(13)}${note}`,
    );
    if (row.errors) console.log(`      errors, e.g. ${row.errorSamples.join(' | ')}`);
  };
  const summary = (label: string, search: StepSearch) =>
    console.log(
      `   ${label}: largest N with lag p99 < ${SETTINGS.lagLimitMs} ms, ≥ ${minPerStream} ` +
        `tokens/s per stream and no errors: ${search.sustained}` +
        `${search.firstFail === undefined && search.steps.length > 0 ? ' (the largest step tried)' : ''}` +
        `${search.firstFail !== undefined ? `; N=${search.firstFail} fails` : ''} — stopped: ` +
        `${search.stopReason}\n`,
    );

  prompts.reset();
  prompts.start();
  const app = await searchSteps(
    async (n, note = '') => {
      // New conversations for every step, each holding the same history (bench/seeded-history.ts).
      const slots: Target[] = [];
      while (slots.length < n) slots.push(await newTarget(users));
      await seedHistories(
        bench,
        slots.map((slot) => slot.conversationId),
        SETTINGS.seededHistoryMessages,
      );
      await statisticsAsRunning(bench);
      const row = await measureStep(load, bench.url, slots, 'streams');
      printRow(row, note);
      await sleep(500); // let background summaries of the last replies finish
      return row;
    },
    failure,
    performance.now(),
  );
  prompts.stop();
  const prompt = prompts.median();
  summary('our reply route', app);

  // The reference: the same steps against the bare relay in this process (the app idle).
  console.log(
    `   bare relay (reference), same steps, sending a prompt of ${kilobytes(prompt)} ` +
      '(the median of ours):',
  );
  // A reference server's search: the same pass rule and load process; the server is closed after.
  const referenceSearch = async (
    server: { baseUrl: string; close(): Promise<unknown> },
    target: Target,
    profileName: string,
    steps?: number[],
  ) => {
    try {
      return await searchSteps(
        async (n, note = '') => {
          const slots = Array.from({ length: n }, () => target);
          const row = await measureStep(load, server.baseUrl, slots, profileName);
          printRow(row, note);
          return row;
        },
        failure,
        performance.now(),
        steps,
      );
    } finally {
      await server.close();
    }
  };
  const relay = await referenceSearch(
    await startBareRelay(llmUrl, { prompt }),
    RELAY_TARGET,
    'relay',
  );
  summary('bare relay', relay);

  // The issue's own reference: plain SSE writes paced by a timer, no model behind them. Its steps
  // go twice as high: at ours it passed every one on a 2-core machine, which told only a bound.
  const plainSteps = SETTINGS.steps.map((n) => n * 2);
  console.log(
    `   plain SSE writes (reference), steps ${plainSteps.map((n) => n.toLocaleString('en-US')).join(', ')}: ` +
      'the same tokens from a timer, no model:',
  );
  const plain = await referenceSearch(
    await startPlainSse(REPLY_TEXT, STREAM_CHUNK_DELAY_MS),
    PLAIN_SSE_TARGET,
    'plain',
    plainSteps,
  );
  summary('plain SSE writes', plain);
  const figures = (search: StepSearch) => ({
    steps: search.steps.map(({ errorSamples: _e, ...row }) => row),
    sustainedStreams: search.sustained,
    firstFailingStreams: search.firstFail ?? null,
    stopReason: search.stopReason,
  });
  // A search that passed every step it tried sustains more than it says, so the share is then a
  // bound (or unknown, when both did).
  const share = (of: StepSearch) => {
    const known = shareOfReference(figures(app), figures(of));
    if (known) return `${known.bound === '=' ? '' : `${known.bound} `}${sharePercent(known.share)}`;
    return app.firstFail === undefined && of.firstFail === undefined
      ? 'an unknown share (both passed every step)'
      : 'an unknown share (the reference sustained none)';
  };
  console.log(
    `   our reply route sustains ${share(relay)} of the bare relay's streams and ` +
      `${share(plain)} of the plain SSE writes' streams\n   (total ${seconds()} s)\n`,
  );
  return {
    tokensPerSecondPerStream: 1000 / STREAM_CHUNK_DELAY_MS,
    windowSeconds: windowS,
    lagLimitMs: SETTINGS.lagLimitMs,
    minTokensPerSecondPerStream: minPerStream,
    ...figures(app),
    bareRelay: figures(relay),
    plainSse: figures(plain),
  };
}

/** Section 3 (bench/history.ts): history pages of a very long conversation. */
async function historySection(load: Load, bench: BenchApp, users: BenchUser[]) {
  const result = await measureHistory({
    bench,
    settings: SETTINGS.history,
    newConversation: () => newTarget(users),
    timedGets: (rounds, rows) => load.ask({ type: 'gets', rounds, rows }, 'gets-result'),
  });
  printHistory(result, SETTINGS.history);
  return result;
}

/** Section 6 (bench/idle-streams.ts): memory of open streams while the model thinks. */
async function idleSection(load: Load, bench: BenchApp, users: BenchUser[], llmUrl: string) {
  // The replies of sections 1 and 2 stay in the server's memory for RUN_MEMORY_MS after they end
  // (for a late reconnect), then leave it: measured meanwhile, their leaving counted against
  // whichever hold it fell in (the relay's resident figure went negative). The smoke run, which
  // measures nothing, does not wait.
  if ((SECTIONS.has('ttft') || SECTIONS.has('streams')) && !process.env.BENCH_SMOKE) {
    await sleep(RUN_MEMORY_MS + 2_000);
  }
  const appSlots = [];
  for (let i = 0; i < 20; i++) {
    const target = await newTarget(users);
    appSlots.push({
      url: `${bench.url}${target.path}`,
      cookie: target.cookie,
      conversationId: target.conversationId,
    });
  }
  const result = await measureIdleStreams({
    count: SETTINGS.idleStreams,
    rounds: SETTINGS.idleRounds,
    llmUrl,
    appSlots,
    hold: async (slots, count) => {
      const { type: _type, ...held } = await load.ask({ type: 'hold', slots, count }, 'held');
      return held;
    },
    release: () => load.ask({ type: 'release' }, 'released'),
  });
  printIdleStreams(result);
  return result;
}

/** Section 9 (bench/reconnect.ts): replies whose connection drops, followed again. */
/** Section 10 (bench/takeover.ts), where a PostgreSQL and a Redis answer; else not measured. */
async function takeoverSection() {
  const missing = await clusterReachable(SETTINGS.takeover);
  if (missing) {
    console.log(`10) A server dies mid-reply: not measured (${missing}; two servers need both)\n`);
    return null;
  }
  const result = await measureTakeover(SETTINGS.takeover);
  printTakeover(result);
  return result;
}

async function reconnectSection(load: Load, bench: BenchApp, users: BenchUser[]) {
  await load.ask(
    { type: 'reply', content: REPLY_TEXT, chunkDelayMs: STREAM_CHUNK_DELAY_MS },
    'reply-set',
  );
  const targets = [];
  for (let i = 0; i < SETTINGS.reconnect.concurrency * 2; i++) targets.push(await newTarget(users));
  const result = await measureReconnects({
    baseUrl: bench.url,
    targets,
    settings: SETTINGS.reconnect,
    replyChars: REPLY_TEXT.length,
  });
  printReconnects(result, SETTINGS.reconnect);
  return result;
}

/** Section 5 (bench/api.ts): throughput of a cheap authenticated GET beside a bare route. */
async function apiSection(load: Load, bench: BenchApp) {
  const result = await measureApi({
    bench,
    settings: SETTINGS.api,
    throughput: async (url, headers, seconds) =>
      (
        await load.ask(
          { type: 'throughput', url, headers, connections: THROUGHPUT_CONNECTIONS, seconds },
          'throughput-result',
        )
      ).result,
  });
  printApi(result, SETTINGS.api);
  return result;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const began = performance.now();
  const seconds = () => ((performance.now() - began) / 1000).toFixed(1);
  const database = process.env.BENCH_DATABASE_URL
    ? 'PostgreSQL (BENCH_DATABASE_URL)'
    : 'PGlite in memory (same process as the server)';
  console.log('Reverie benchmark');
  console.log(
    `  ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} × ` +
      `${os.cpus()[0]?.model.trim() ?? 'CPU'} · ${database}`,
  );
  console.log('  server in this process; LLM double and clients in a child process\n');

  const load = startLoadProcess();
  const { llmUrl } = await load.next('ready');
  installLlmCallTrace();
  const bench = await startBenchApp(
    { LLM_BASE_URL: llmUrl, LLM_MODELS: 'big-405b,rp-70b' },
    (app) => app.addHook('onRequest', traceRequest),
  );

  try {
    const users = await createUsers(bench);
    console.log(
      `Setup: ${users.length} users, ${users.length * SETTINGS.charactersPerUser} characters ` +
        `(${seconds()} s)\n`,
    );

    const ttft = SECTIONS.has('ttft')
      ? await ttftSection(load, bench, users, llmUrl, seconds)
      : null;
    const streaming = SECTIONS.has('streams')
      ? await streamsSection(load, bench, users, llmUrl, seconds)
      : null;
    const idle = SECTIONS.has('idle') ? await idleSection(load, bench, users, llmUrl) : null;
    if (idle) console.log(`   (total ${seconds()} s)\n`);
    const reconnect = SECTIONS.has('reconnect') ? await reconnectSection(load, bench, users) : null;
    if (reconnect) console.log(`   (total ${seconds()} s)\n`);
    const takeover = SECTIONS.has('takeover') ? await takeoverSection() : null;
    if (takeover) console.log(`   (total ${seconds()} s)\n`);
    const history = SECTIONS.has('history') ? await historySection(load, bench, users) : null;
    if (history) console.log(`   (total ${seconds()} s)\n`);
    const api = SECTIONS.has('api') ? await apiSection(load, bench) : null;
    if (api) console.log(`   (total ${seconds()} s)\n`);
    // Section 8 (bench/library-parts.ts): hand-written parts beside their library (issue 43).
    const library = SECTIONS.has('library')
      ? {
          serializer: await measureSerializer(bench, SETTINGS.library.serializer),
          statements: await measureStatements(bench, SETTINGS.library.statements),
        }
      : null;
    if (library) {
      const apiRate = api
        ? api.app.reduce((sum, run) => sum + run.requestsPerSecond, 0) / api.app.length
        : undefined;
      printSerializer(library.serializer, apiRate);
      printStatements(library.statements);
      console.log(`   (total ${seconds()} s)\n`);
    }
    // Section 4 (bench/restart.ts): start-up of the compiled server in processes of its own.
    const restart = SECTIONS.has('restart') ? await measureRestart() : null;
    if (restart) {
      printRestart(restart);
      console.log(`   (total ${seconds()} s)\n`);
    }
    // Section 7 (bench/chat-page.ts): the chat page in Chromium, served by an app of its own.
    // Imported only now: Playwright's code and sources (over 20 MB of heap) have no place in the
    // server's process while sections 1-6 measure it (its collector's pauses grow with the heap).
    const chatPage = SECTIONS.has('page') ? await import('./chat-page') : null;
    const page: Awaited<ReturnType<typeof MeasureChatPage>> | null = chatPage
      ? await chatPage.measureChatPage(SETTINGS.page)
      : null;
    if (chatPage && page) {
      chatPage.printChatPage(page, SETTINGS.page);
      console.log(`   (total ${seconds()} s)\n`);
    }

    // Section 9 (bench/speech.ts): a voice reply's first audio, in an app of its own.
    const speech = SECTIONS.has('speech') ? await measureSpeech(SETTINGS.speech.rounds) : null;
    if (speech) {
      printSpeech(speech);
      console.log(`   (total ${seconds()} s)\n`);
    }

    const figures = {
      database: bench.database.driver,
      ttft: ttft?.ttft ?? null,
      llmDoubleFirstByteMs: ttft?.llmDoubleFirstByteMs ?? null,
      screening: ttft?.screening ?? null,
      ttftBareRelay: ttft?.bareRelay ?? null,
      streaming,
      history,
      idleStreams: idle,
      reconnect,
      takeover,
      restart,
      api,
      page,
      library,
      speech,
    };
    // A smoke run's tiny sizes measure nothing: no verdicts, printed or in the JSON.
    const targets = process.env.BENCH_SMOKE ? null : targetRows(figures);
    if (targets) printTargets(targets);
    console.log(
      JSON.stringify({
        bench: 'reverie',
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        ...figures,
        targets,
        totalSeconds: Number(seconds()),
      }),
    );
    if (process.env.BENCH_SMOKE) {
      // The CI smoke run (not a measurement): every section must have run without failures.
      const failures =
        (ttft?.ttft ?? []).reduce((sum, row) => sum + row.errors, 0) +
        (ttft?.bareRelay ?? []).reduce((sum, row) => sum + row.errors, 0) +
        [streaming?.steps, streaming?.bareRelay.steps, streaming?.plainSse.steps]
          .flatMap((steps) => steps ?? [])
          .reduce((sum, row) => sum + row.errors, 0) +
        (idle ? idle.app.errors + idle.bareRelay.errors : 0) +
        (reconnect ? reconnect.errors + reconnect.mismatched : 0) +
        (takeover ? takeover.errors + takeover.mismatched : 0) +
        (history?.errors ?? 0) +
        (api ? [...api.app, ...api.bare].reduce((sum, run) => sum + run.failures, 0) : 0) +
        (page ? [...page.rows, ...page.reference].reduce((sum, row) => sum + row.errors, 0) : 0) +
        (speech?.errors ?? 0);
      if (failures > 0) {
        console.error(`bench smoke: ${failures} failed requests`);
        process.exitCode = 1;
      }
    }
  } finally {
    await load.stop();
    await bench.close();
  }
}

await main();
process.exit(process.exitCode ?? 0);
