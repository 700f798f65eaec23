import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { RUN_CLAIM_MS, RUN_LEASE_MS } from '../src/server/modules/chat/reply-runs';
import { startLlmDouble } from '../tests/doubles/llm-server';
import { TestClient } from '../tests/server/support/http-client';
import { answerAgeReviewsAsAdult } from '../tests/server/support/llm';
import { freePort } from '../tests/server/support/test-app';
import { adminQuery } from '../tests/support/database-template';
import {
  firstConversation,
  signUpThroughMail,
  spawnServer,
  type ServerProcess,
} from '../tests/support/server-process';
import { readEvents, textOf, type ReadEvent } from '../tests/support/sse';
import { stats, statsRow, type Stats } from './stats';

/**
 * Section 10: a server dies mid-reply (issue 44 item 3). Two compiled servers (`npm start`'s
 * dist/server/main.js) on one PostgreSQL and one Redis, as several servers run. Each trial starts
 * a reply on server A, whose model stops after a few words; the client follows the reply through
 * server B from its last event id; A is killed (SIGKILL) once its text is saved; measured: from
 * the kill to the first new words the client gets through B (B takes the run over when A's lease
 * lapses and asks the model to go on). A is started again for the next trial. Each trial also
 * checks the reply as the client put it together against the one stored, and that it cost one
 * credit. The references, in the same run: the lease a server holds (the wait before another may
 * take over, by design) and a new reply's POST → first words on B.
 */

export interface TakeoverSettings {
  trials: number;
  /** A PostgreSQL server (a database of its own is made on it, and dropped) and a Redis. */
  databaseUrl: string;
  redisUrl: string;
}

export interface TakeoverResult {
  trials: number;
  /** SIGKILL of the server writing the reply → the client's first new words through another. */
  deathToContinueMs: Stats;
  /** Reference: a new reply's POST → its first words, on the surviving server. */
  firstWordsMs: Stats;
  leaseMs: number;
  claimEveryMs: number;
  /** Replies put together differently from the stored one, or charged other than once. */
  mismatched: number;
  errors: number;
  errorSamples: string[];
}

/** Whether a PostgreSQL and a Redis answer at these addresses (the section needs both). */
export async function clusterReachable(settings: TakeoverSettings): Promise<string | null> {
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  try {
    await client.connect();
    await client.query('select 1');
  } catch {
    return `no PostgreSQL at ${settings.databaseUrl}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `no Redis at ${settings.redisUrl}`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const STALL = 'Moonlight0 spills1 over2 the3';
const GOES_ON = 'and the tide came in.';

export async function measureTakeover(settings: TakeoverSettings): Promise<TakeoverResult> {
  await ensureServerBuild(() => undefined);
  const databaseName = `reverie_bench_takeover_${randomBytes(5).toString('hex')}`;
  const url = new URL(settings.databaseUrl);
  await adminQuery(settings.databaseUrl, `create database ${databaseName}`);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  llm.respondWith((_endpoint, body) => {
    const last = JSON.stringify(body?.messages?.at(-1)?.content ?? '');
    if (body?.messages?.at(-1)?.role === 'assistant' || last.includes('Continue your last message'))
      return { content: GOES_ON };
    if (last.includes('stop short')) return { content: STALL, stallAfter: 3 };
    return undefined;
  });
  const authSecret = randomBytes(32).toString('hex');
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'reverie-bench-takeover-')));
  const ports = [await freePort(), await freePort()];
  const address = (port: number) => `http://127.0.0.1:${port}`;
  const start = (index: number) =>
    spawnServer({
      NODE_ENV: 'production',
      PORT: String(ports[index]),
      HOST: '127.0.0.1',
      PUBLIC_URL: address(ports[0]!),
      DATA_DIR: dataDirs[index]!,
      DATABASE_URL: databaseUrl,
      REDIS_URL: settings.redisUrl,
      AUTH_SECRET: authSecret,
      LOG_LEVEL: 'error',
      LLM_BASE_URL: llm.url,
      LLM_MODELS: 'big-405b',
    });
  const servers: ServerProcess[] = [start(0), start(1)];
  const began = performance.now();
  const trace = (what: string) =>
    process.env.BENCH_TRACE &&
    console.log(`   ${((performance.now() - began) / 1000).toFixed(1)} s ${what}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  const deaths: number[] = [];
  const firstWords: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let mismatched = 0;
  try {
    for (const [index, server] of servers.entries()) await ready(server, ports[index]!);
    trace('servers ready');
    await db.connect();
    const user = new TestClient(address(ports[0]!));
    await signUpThroughMail(
      user,
      `takeover.${databaseName}@example.com`,
      'velvet harbour lantern',
      dataDirs,
    );
    const conversationId = await firstConversation(user);
    trace('signed up');
    const send = (port: number, message: string) =>
      fetch(`${address(port)}/api/chat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          cookie: user.cookieHeader,
          origin: address(ports[0]!),
        },
        body: JSON.stringify({ message, conversationId }),
      });
    // Read on B, which stays up.
    const credits = async () => {
      const answer = await fetch(`${address(ports[1]!)}/api/get-credits`, {
        headers: { cookie: user.cookieHeader },
      });
      return ((await answer.json()) as { credits: number }).credits;
    };

    for (let trial = 0; trial < settings.trials; trial++) {
      try {
        // The reference: a reply on the server that will survive, POST → first words.
        const sent = performance.now();
        let firstWordsAt = 0;
        await readEvents(await send(ports[1]!, 'Say hello'), (events) => {
          if (!firstWordsAt && events.some((e) => e.event === 'token'))
            firstWordsAt = performance.now();
          return false;
        });
        firstWords.push(firstWordsAt - sent);

        const before = await credits();
        const cut = await readEvents(await send(ports[0]!, 'Now stop short'), (events) =>
          textOf(events).includes('spills1'),
        );
        const replyId = cut[0]!.data.replyId as string;
        await savedText(db, replyId, textOf(cut));
        // The client follows through B from the last event it got, before A dies.
        let killedAt = 0;
        let continuedAt = 0;
        const rest = readEvents(
          await fetch(`${address(ports[1]!)}/api/replies/${replyId}/events`, {
            headers: {
              accept: 'text/event-stream',
              cookie: user.cookieHeader,
              'last-event-id': cut.at(-1)!.id!,
            },
          }),
          (events: ReadEvent[]) => {
            if (killedAt && !continuedAt && events.some((e) => e.event === 'token'))
              continuedAt = performance.now();
            return false;
          },
        );
        killedAt = performance.now();
        servers[0]!.child.kill('SIGKILL');
        await servers[0]!.exited;
        trace('killed');
        const events = await rest;
        trace('reply done');
        const done = events.at(-1)!;
        if (done.event !== 'done' || !continuedAt) {
          throw new Error(`the reply ended with ${done.event}: ${JSON.stringify(done.data)}`);
        }
        deaths.push(continuedAt - killedAt);
        const told = textOf(cut) + textOf(events);
        const stored = await db.query(
          "select content from message where conversation_id = $1 and sender = 'ai' order by id desc limit 1",
          [conversationId],
        );
        if (told !== done.data.message || stored.rows[0]?.content !== told) mismatched++;
        else if ((await credits()) !== before - 1) mismatched++;
      } catch (error) {
        errors++;
        if (errorSamples.length < 3) errorSamples.push(String(error));
      } finally {
        if (servers[0]!.child.exitCode === null && servers[0]!.child.signalCode === null) {
          servers[0]!.child.kill('SIGKILL');
          await servers[0]!.exited;
        }
        servers[0] = start(0);
        await ready(servers[0], ports[0]!);
        trace('started again');
      }
    }
  } finally {
    await db.end().catch(() => undefined);
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await llm.stop();
    await adminQuery(settings.databaseUrl, `drop database if exists ${databaseName} with (force)`);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  return {
    trials: settings.trials,
    deathToContinueMs: stats(deaths),
    firstWordsMs: stats(firstWords),
    leaseMs: RUN_LEASE_MS,
    claimEveryMs: RUN_CLAIM_MS,
    mismatched,
    errors,
    errorSamples,
  };
}

/** Waits until the server answers /api/ready (it has migrated and started its jobs). */
async function ready(server: ServerProcess, port: number) {
  const by = Date.now() + 90_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`a server exited: ${server.output()}`);
    const answer = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > by) throw new Error(`a server was not ready in 90 s: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until the run's saved text holds at least `text` (what the client was told; the server
 * writing it saves every second), so the kill finds the reply stopped on the model's side.
 */
async function savedText(db: pg.Client, replyId: string, text: string) {
  const by = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db.query('select text from reply_run where id = $1', [replyId]);
    if (typeof rows[0]?.text === 'string' && rows[0].text.startsWith(text)) return;
    if (Date.now() > by) throw new Error(`the run's text was not saved in 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function printTakeover(result: TakeoverResult) {
  console.log(
    '10) A server dies mid-reply: another takes the run over (two servers, PostgreSQL, Redis)',
  );
  console.log(
    `   ${result.trials} replies, each killed (SIGKILL) on the server writing it once its text was ` +
      'saved, and followed through the other server',
  );
  console.log(
    `   (by design another server may take over once the lease of ${result.leaseMs} ms lapses; ` +
      `servers look for lapsed runs every ${result.claimEveryMs} ms)`,
  );
  console.log(`${' '.repeat(48)}p50    p90    p99    max`);
  console.log(statsRow('kill → first new words elsewhere (ms)', result.deathToContinueMs));
  console.log(statsRow('reference: new reply POST → first words (ms)', result.firstWordsMs));
  console.log(
    `   ${result.mismatched} replies put together or charged differently from the stored one; ` +
      `${result.errors} errors` +
      (result.errorSamples.length ? ` (${result.errorSamples.join('; ')})` : ''),
  );
}
