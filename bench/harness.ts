/**
 * Benchmark-only harness: starts the real app in this process, much like
 * tests/server/support/test-app.ts, with two differences that only make sense for a benchmark:
 * the rate limiter never refuses (the per-user message limit would otherwise stop the load after
 * 30 replies a minute), and verification mails are kept in memory instead of written to disk.
 * Never use these in the product.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import type { Mailer } from '../src/server/integrations/mail/mailer';
import { createMemoryRateLimiter, type RateLimiter } from '../src/server/plugins/rate-limit';
import { TestClient } from '../tests/server/support/http-client';

export interface BenchApp {
  app: FastifyInstance;
  url: string;
  config: Config;
  database: DatabaseHandle;
  /** Signs up, verifies through the mailed link and signs in; returns a signed-in client. */
  signedInUser(): Promise<TestClient>;
  close(): Promise<void>;
}

export const BENCH_PASSWORD = 'velvet harbour lantern';

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

/** BENCHMARK ONLY: keeps the links of each mail, by recipient, instead of sending it. */
function capturingMailer(links: Map<string, string[]>): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      links.set(message.to, message.links ?? []);
    },
    async close() {},
  };
}

/** In-memory PGlite, or a new PostgreSQL database (dropped afterwards) for BENCH_DATABASE_URL. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    return { handle: await openDatabase({ pgliteDir: 'memory://' }), drop: async () => {} };
  }
  const name = `reverie_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
  return {
    handle,
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * Builds the app, lets `prepare` add hooks before it starts, and listens on a free port of
 * 127.0.0.1 (port 0: the operating system picks it, so no port is ever chosen by us).
 */
export async function startBenchApp(
  env: Record<string, string>,
  prepare: (app: FastifyInstance) => void = () => {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-bench-'));
  const { handle: database, drop } = await freshDatabase();
  await database.migrate();
  const links = new Map<string, string[]>();
  // The public URL must name the port before the app is built, so a throwaway server asks the
  // system for a free port first (the same approach as the tests), retried if it was taken.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-to-be-valid-0123456789',
      ...env,
    });
    const app = await buildApp({
      config,
      database,
      webDir: path.resolve(import.meta.dirname, '../tests/fixtures/web'),
      limiter: neverBlockingLimiter(),
      mailer: capturingMailer(links),
    });
    prepare(app);
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      if ((error as { code?: string }).code === 'EADDRINUSE' && attempt < 5) continue;
      throw error;
    }
    let counter = 0;
    return {
      app,
      url,
      config,
      database,
      async signedInUser() {
        const email = `bench${++counter}-${randomBytes(3).toString('hex')}@example.com`;
        const c = new TestClient(url);
        const signUp = await c.post('/api/auth/sign-up/email', {
          name: '',
          email,
          password: BENCH_PASSWORD,
          acceptTerms: true,
          acceptPrivacy: true,
        });
        if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.text}`);
        const link = links.get(email)?.find((l) => l.includes('/api/auth/verify-email'));
        if (!link) throw new Error('no verification mail');
        const verify = await fetch(link, { redirect: 'manual' });
        if (verify.status !== 302) throw new Error(`verify failed: ${verify.status}`);
        const signIn = await c.post('/api/auth/sign-in/email', { email, password: BENCH_PASSWORD });
        if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.text}`);
        return c;
      },
      async close() {
        await app.close();
        await database.close().catch(() => undefined);
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
}

/** Ports other local services use; never taken by the benchmark. */
const RESERVED_PORTS = new Set([4173, 4455, 4477]);

async function freePort(): Promise<number> {
  for (;;) {
    const port = await systemPort();
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

function systemPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
