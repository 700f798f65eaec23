import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { JobQueue } from './jobs';
import { logMissingSettings } from './startup-notices';

/**
 * Starts the server: config, database + migrations, the app and its background jobs, HTTP, and a
 * graceful stop on signals.
 */
async function main() {
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  const jobs = new JobQueue(database.jobConnection);
  const app = await buildApp({ config, database, jobs });
  // Before listening, so a queue that cannot start stops the server instead of failing quietly.
  await jobs.start(app.log as unknown as import('pino').Logger);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks
      await jobs.stop(); // running jobs get a few seconds; the rest run again elsewhere or later
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.driver },
    `Reverie is running at ${config.publicUrl}`,
  );
  logMissingSettings(config, app.log);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
