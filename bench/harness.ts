/**
 * Benchmark-only harness: starts the real app in this process with the server tests' helper (and
 * its job queue, as main.ts does), with one difference that only makes sense for a benchmark: the
 * rate limiter never refuses (the per-user message limit would otherwise stop the load after 30
 * replies a minute). Never use it in the product.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createMemoryRateLimiter, type RateLimiter } from '../src/server/plugins/rate-limit';
import { setRuntimeFlags } from '../src/server/runtime-flags';
import { startTestApp, type TestApp } from '../tests/server/support/test-app';

export type BenchApp = TestApp;

/**
 * BENCHMARK ONLY: the in-memory limiter still does its bookkeeping (so its cost is measured), but
 * every hit reports a count of 1, so no rule ever refuses.
 */
function neverBlockingLimiter(): RateLimiter {
  const real = createMemoryRateLimiter();
  return {
    async hit(rule, key) {
      const state = await real.hit(rule, key);
      return { count: 1, resetInMs: state.resetInMs };
    },
    peek: async () => ({ count: 0, resetInMs: 0 }),
    reset: (rule, key) => real.reset(rule, key),
    close: () => real.close(),
  };
}

/**
 * The benchmark's server: the same in-process app the server tests use (in-memory PGlite, or a
 * fresh PostgreSQL database with BENCH_DATABASE_URL), with a limiter that never refuses.
 */
export async function startBenchApp(
  env: Record<string, string>,
  prepare: (app: FastifyInstance) => void = () => {},
  /** The web app to serve (bench/chat-page.ts serves the production build). */
  webDir?: string,
): Promise<BenchApp> {
  // The V8 settings main.ts starts the server with: this process is the server's.
  if (!process.env.BENCH_V8_DEFAULTS) setRuntimeFlags();
  if (process.env.BENCH_DATABASE_URL)
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  // Logs at the production default level (info), so their cost is measured; the lines go nowhere.
  // The job queue runs as in production: conversations get their summaries (without it, every
  // reply past the tenth failed to queue one and logged why, which no server does).
  return startTestApp(
    { LOG_LEVEL: 'info', ...env },
    {
      limiter: neverBlockingLimiter(),
      prepare,
      logStream: { write: () => {} },
      webDir,
      jobs: true,
    },
  );
}

/**
 * Planner statistics as a running server has them a minute later: on PGlite the app's
 * planner-statistics job (every minute), on PostgreSQL autovacuum's analyze (on by default; off on
 * this machine's PostgreSQL, which is set up for tests). After a set-up or warm-up that wrote
 * thousands of messages, without it the measurement would run on plans made while the table was
 * nearly empty (decision 0033).
 */
export async function statisticsAsRunning(bench: BenchApp) {
  if (bench.database.driver === 'postgres') {
    await bench.database.db.execute(sql`analyze message`);
  } else {
    await bench.database.refreshStatistics();
  }
}
