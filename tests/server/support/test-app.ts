import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import type { DatabaseHandle } from '../../../src/server/db/client';
import { JobQueue } from '../../../src/server/jobs';
import { createAuth, type Auth } from '../../../src/server/modules/auth/auth';
import type { Mailer } from '../../../src/server/integrations/mail';
import type { RateLimiter } from '../../../src/server/plugins/rate-limit';
import type { Clock } from '../../../src/server/clock';
import { DIRECT_SIGN_IN_PASSWORD, signInDirectly } from '../../support/direct-sign-in';
import { freshDatabase } from '../../support/test-database';
import { TestClient } from './http-client';
import { verificationLink } from './mail';

export interface TestApp {
  app: FastifyInstance;
  url: string;
  config: Config;
  database: DatabaseHandle;
  /** The app's job queue; running only when the test app was started with `jobs: true`. */
  jobs: JobQueue;
  dataDir: string;
  /** Raw RFC 822 messages written to the outbox, oldest first. */
  outbox(): { file: string; raw: string }[];
  client(headers?: Record<string, string>): TestClient;
  /**
   * better-auth on this app's configuration and database (a second instance, made for the
   * tests: it signs cookies with the same secret), for signInDirectly.
   */
  auth: Auth;
  /**
   * A signed-in client for a new user. By default the user is made directly in the database
   * (tests/support/direct-sign-in.ts); with `via: 'sign-up'` it signs up over HTTP, verifies
   * through the mailed link and signs in, for the files that test those. With a trusted proxy
   * (TRUST_PROXY) each user has a client address of their own (see the sign-up rate limit).
   * A string second argument is the password.
   */
  signedInUser(email?: string, options?: string | SignedInUserOptions): Promise<TestClient>;
  close(): Promise<void>;
}

export interface SignedInUserOptions {
  password?: string;
  /** 'direct' (the default) or the real sign-up, mail and sign-in over HTTP. */
  via?: 'direct' | 'sign-up';
}

export const TEST_PASSWORD = DIRECT_SIGN_IN_PASSWORD;

/** The mailer of the tests' own better-auth instance, which never sends mail. */
const noMail: Mailer = {
  kind: 'outbox',
  send: () => Promise.reject(new Error('the tests’ better-auth instance sends no mail')),
  close: async () => {},
};

/** A port nothing listens on now, on 127.0.0.1 (for a server a test starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface TestAppOptions {
  logStream?: { write(line: string): void };
  /** Replaces the rate limiter (the benchmark uses one that never refuses). */
  limiter?: RateLimiter;
  /** Called before the app listens, e.g. to add measuring hooks. */
  prepare?: (app: FastifyInstance) => void;
  /** Starts the background jobs, as main.ts does (off by default: most files need none). */
  jobs?: boolean;
  /** The web app served (default: the small fixture; the page benchmark serves dist/web). */
  webDir?: string;
  /**
   * How signedInUser makes users unless told otherwise: 'direct' (the default) or 'sign-up',
   * for files that test sign-up, verification, sign-in, passwords and their rate limits.
   */
  signIn?: 'direct' | 'sign-up';
  /** The wall clock scheduled work reads (check-ins); the system's by default. */
  clock?: Clock;
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-test-'));
  // Migrated once per run and copied for this file (tests/support/database-template.ts).
  const { handle: database, drop } = await freshDatabase();
  // The public URL must name the port before the app is built, so a free port is picked first;
  // another process may grab it in between, hence the retry.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'test-secret-that-is-long-enough-to-be-valid-0123456789',
      ...env,
    });
    const jobs = new JobQueue(database.jobConnection);
    const app = await buildApp({
      config,
      database,
      jobs,
      webDir: options.webDir ?? path.resolve(import.meta.dirname, '../../fixtures/web'),
      logStream: options.logStream,
      limiter: options.limiter,
      clock: options.clock,
    });
    options.prepare?.(app);
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      if ((error as { code?: string }).code === 'EADDRINUSE' && attempt < 5) continue;
      throw error;
    }
    if (options.jobs) await jobs.start(app.log as unknown as import('pino').Logger);
    return testAppFor(app, url, config, database, jobs, dataDir, drop, options.signIn);
  }
}

function testAppFor(
  app: FastifyInstance,
  url: string,
  config: Config,
  database: DatabaseHandle,
  jobs: JobQueue,
  dataDir: string,
  drop: () => Promise<void>,
  defaultVia: 'direct' | 'sign-up' = 'direct',
): TestApp {
  const outbox = () => {
    const dir = path.join(dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort();
    } catch {
      return [];
    }
    return files.map((f) => ({ file: f, raw: readFileSync(path.join(dir, f), 'utf8') }));
  };
  let counter = 0;
  let clients = 0;
  const auth = createAuth({
    config,
    db: database.db,
    mailer: noMail,
    jobs,
    log: app.log as unknown as Logger,
  });

  return {
    app,
    url,
    config,
    database,
    jobs,
    dataDir,
    outbox,
    client: (headers) => new TestClient(url, headers),
    auth,
    async signedInUser(email, options = {}) {
      const { password = TEST_PASSWORD, via = defaultVia } =
        typeof options === 'string' ? { password: options } : options;
      const address = email ?? `user${++counter}-${randomBytes(3).toString('hex')}@example.com`;
      // Behind a trusted proxy each user comes from an address of their own, so a file may sign
      // up more users than one client address is allowed to.
      const c = new TestClient(
        url,
        config.trustProxy ? { 'x-forwarded-for': `10.1.${++clients >> 8}.${clients & 255}` } : {},
      );
      if (via === 'direct') {
        const { cookie } = await signInDirectly(
          { auth, db: database.db },
          { email: address, password },
        );
        c.setCookie(cookie);
        return c;
      }
      const signUp = await c.post('/api/auth/sign-up/email', {
        name: '',
        email: address,
        password,
        acceptTerms: true,
        acceptPrivacy: true,
      });
      if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.text}`);
      const mail = outbox().findLast((m) => m.raw.includes(address));
      if (!mail) throw new Error('no verification mail');
      const verify = await fetch(verificationLink(mail.raw), { redirect: 'manual' });
      if (verify.status !== 302) throw new Error(`verify failed: ${verify.status}`);
      const signIn = await c.post('/api/auth/sign-in/email', { email: address, password });
      if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.text}`);
      return c;
    },
    async close() {
      await app.close();
      await jobs.stop();
      await database.close().catch(() => undefined);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
