import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError, lockDataDir, type DataDirLock } from './data-dir-lock';
import { openDatabase } from './db/client';
import { Lifecycle } from './lifecycle';
import { setRuntimeFlags } from './runtime-flags';
import { outputIsTerminal, readableLogStream, startupBanner } from './terminal';

/**
 * Starts the server: config, database, the app, migrations, HTTP, the background jobs, and a
 * graceful stop on signals.
 *
 * A restart should take well under a second (issue 16 item 7), so the slow parts overlap: the
 * database opens while the rest of the server's code loads (the build splits it off, see
 * scripts/server-build.mjs; PGlite's opening is partly waiting for its WebAssembly to compile),
 * the app is built while V8 still optimises PGlite's start-up code (decision 0036), and the job
 * queue (pg-boss loaded only then) starts a moment after the server begins listening
 * (QUEUE_START_DELAY_MS).
 */
/**
 * The job queue's start runs about twenty statements, the first touch of each of its tables
 * (over a second here). On PGlite they share the one connection with the app, so the first
 * requests after a restart (browsers reconnecting) would wait behind them; the queue starts just
 * after instead. Scheduled jobs lose nothing, and work queued meanwhile waits for the queue.
 */
const QUEUE_START_DELAY_MS = 1000;

async function main() {
  setRuntimeFlags();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A model window too small for a prompt and a reply stops the start before anything opens.
  if (config.llm) {
    const { contextWindowProblem } = await import('./startup-notices');
    const tooSmall = contextWindowProblem(config);
    if (tooSmall) {
      console.error(tooSmall);
      process.exit(1);
    }
  }
  // The embedded database is held by one process at a time: taken before PGlite opens anything.
  let dataDirLock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      dataDirLock = await lockDataDir(config.dataDir, (error) => {
        console.error(`Reverie lost the lock on its data directory (${error.message}); stopping.`);
        process.exit(1);
      });
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  // In a terminal, log lines a person reads, and a banner (terminal.ts); JSON lines otherwise.
  const terminal = outputIsTerminal();
  const [database, { buildApp }, { JobQueue }, { logMissingSettings }, logStream] =
    await Promise.all([
      openDatabase({
        databaseUrl: config.databaseUrl,
        poolSize: config.databasePoolSize,
        pgliteDir: path.join(config.dataDir, 'pglite'),
      }),
      import('./app'),
      import('./jobs'),
      import('./startup-notices'),
      terminal ? readableLogStream() : undefined,
    ]);
  const jobs = new JobQueue(database.jobConnection);
  // Built before the migrations run (building reads nothing from the database): just after PGlite
  // opens, V8 is still optimising its start-up code and the event loop's next turn waits for it,
  // so the app is built in that time rather than after it (decision 0036).
  const lifecycle = new Lifecycle();
  const app = await buildApp({ config, database, jobs, lifecycle, logStream });
  await database.migrate();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // At once: /api/ready answers 503 (the load balancer sends new requests elsewhere) and new
    // replies are refused with 503 and Retry-After; the replies streaming now go on to their end.
    lifecycle.drain();
    const graceMs = config.shutdownGraceSeconds * 1000;
    app.log.info(
      { signal, replies: lifecycle.inFlight, graceSeconds: config.shutdownGraceSeconds },
      'shutting down: no new replies, finishing those in flight',
    );
    const force = setTimeout(() => process.exit(1), graceMs + 15_000);
    force.unref();
    try {
      if (!(await lifecycle.settled(graceMs))) {
        app.log.warn(
          { replies: lifecycle.inFlight },
          'replies still running after SHUTDOWN_GRACE_SECONDS: cut off (their credits are refunded by the sweeper)',
        );
        app.server.closeAllConnections();
      }
      await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks
      await jobs.stop(); // running jobs get a few seconds; the rest run again elsewhere or later
      await database.close();
      await dataDirLock?.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const listen = async () => {
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { url: config.publicUrl, database: database.driver },
      `Reverie is running at ${config.publicUrl}`,
    );
    if (terminal) process.stdout.write(`${startupBanner(config, database.driver)}\n`);
    logMissingSettings(config, app.log);
  };
  const startQueue = async () => {
    await delay(QUEUE_START_DELAY_MS);
    if (!stopping) await jobs.start(app.log as unknown as Logger);
  };
  // A queue that cannot start stops the server (main rejects) instead of failing quietly.
  await Promise.all([listen(), startQueue()]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
