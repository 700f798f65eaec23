import type { ConstructorOptions, PgBoss, Queue } from 'pg-boss';
import type { Logger } from 'pino';
import type { JobConnection } from '../db/client';
import type { JobPayloads } from './payloads';

export interface ScheduleOptions {
  /**
   * Also queue one run when a server starts (what a previous run of the servers left behind is
   * settled at once). Several servers starting together still queue only one.
   */
  runAtStart?: boolean;
  /** A run taking longer counts as dead (its server died) and no longer blocks the next one. */
  timeoutSeconds: number;
}

export interface WorkOptions {
  /** A run taking longer counts as dead (its server died) and is retried or failed. */
  timeoutSeconds: number;
  /** How many more attempts a failed job gets, each `retryDelaySeconds` after the last. */
  retryLimit: number;
  retryDelaySeconds: number;
}

export interface EnqueueOptions {
  /**
   * Jobs of one queue with the same key never wait or run side by side: while one is waiting,
   * running or waiting for a retry, enqueueing another does nothing. Without a key the queue
   * itself is the key.
   */
  singletonKey?: string;
}

/** What services see (AppContext.jobs): they queue work, the queue decides when it runs. */
export interface JobEnqueuer {
  /**
   * Queues a job; true when it was queued, false when an equal one (same key) is already waiting
   * or running. Waits while the queue is starting; throws when it is not running. On PGlite,
   * never call it inside a database transaction: the transaction holds the only connection the
   * queue would need.
   */
  enqueue<N extends keyof JobPayloads>(
    name: N,
    data: JobPayloads[N],
    options?: EnqueueOptions,
  ): Promise<boolean>;
  /**
   * Queues one run of a scheduled job now; false when one is already waiting or running. Throws
   * when the queue is not running. Same rule as enqueue: never inside a transaction on PGlite.
   */
  runNow(name: string): Promise<boolean>;
}

type Registration =
  | {
      kind: 'scheduled';
      name: string;
      cron: string;
      handler: () => Promise<void>;
      options: ScheduleOptions;
    }
  | { kind: 'queued'; name: string; handler: (data: never) => Promise<void>; options: WorkOptions };

/** Finished jobs are kept this long (seconds) for inspection in the `pgboss` schema. */
const KEEP_SCHEDULED_RUNS_SECONDS = 60 * 60;
const KEEP_QUEUED_JOBS_SECONDS = 24 * 60 * 60;
/** How long stop() lets running jobs finish; the rest are failed and retried elsewhere. */
const STOP_GRACE_MS = 8_000;

/**
 * The app's background work on a PostgreSQL-backed queue (pg-boss) in its own database: jobs
 * survive restarts, and with several servers each scheduled run and each queued job is taken
 * by exactly one of them. Register jobs (every/work) before start(); nothing runs until then.
 */
export class JobQueue implements JobEnqueuer {
  readonly #connection: JobConnection;
  readonly #registrations = new Map<string, Registration>();
  #boss: PgBoss | null = null;
  /** While start() runs: what it will resolve to, so work queued meanwhile waits for it. */
  #starting: Promise<PgBoss> | null = null;

  constructor(connection: JobConnection) {
    this.#connection = connection;
  }

  /** True between start() and stop(). */
  get running(): boolean {
    return this.#boss !== null;
  }

  /** Names of the registered jobs. */
  get names(): string[] {
    return [...this.#registrations.keys()];
  }

  /**
   * Runs `handler` on a cron schedule (UTC, minute precision), on one server at a time: a run is
   * never started while the previous one is still going.
   */
  every(name: string, cron: string, handler: () => Promise<void>, options: ScheduleOptions) {
    this.#register({ kind: 'scheduled', name, cron, handler, options });
  }

  /** Runs `handler` for each job enqueued under `name`; a failure is retried as configured. */
  work<N extends keyof JobPayloads>(
    name: N,
    handler: (data: JobPayloads[N]) => Promise<void>,
    options: WorkOptions,
  ) {
    this.#register({ kind: 'queued', name, handler, options });
  }

  async enqueue<N extends keyof JobPayloads>(
    name: N,
    data: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<boolean> {
    const boss = await this.#requireBoss();
    if (this.#registrations.get(name)?.kind !== 'queued') throw new Error(`no queued job ${name}`);
    return (await boss.send(name, data, { singletonKey: options.singletonKey })) !== null;
  }

  /** Queues one run of a scheduled job now (false when one is already waiting or running). */
  async runNow(name: string): Promise<boolean> {
    const boss = await this.#requireBoss();
    if (this.#registrations.get(name)?.kind !== 'scheduled') throw new Error(`no schedule ${name}`);
    return (await boss.send(name, null)) !== null;
  }

  /** Jobs waiting in each queue (queued, not yet active), for the metrics; none before start. */
  async depth(): Promise<{ name: string; waiting: number }[]> {
    const boss = this.#boss;
    if (!boss) return [];
    return (await boss.getQueues()).map((q) => ({ name: q.name, waiting: q.queuedCount }));
  }

  /** The stored schedules (name and cron expression), as every server sees them. */
  async schedules(): Promise<{ name: string; cron: string }[]> {
    const rows = await (await this.#requireBoss()).getSchedules();
    return rows.map(({ name, cron }) => ({ name, cron }));
  }

  /**
   * Installs or upgrades the queue's tables (schema `pgboss`, serialised across servers),
   * brings every queue and schedule up to date, and starts working.
   */
  async start(log: Logger): Promise<void> {
    if (this.#boss || this.#starting) return void (await this.#starting);
    this.#starting = this.#start(log);
    try {
      this.#boss = await this.#starting;
    } finally {
      this.#starting = null;
    }
  }

  async #start(log: Logger): Promise<PgBoss> {
    // Loaded here rather than with the server: pg-boss and its date libraries are 1.4 MB of
    // JavaScript (118–148 ms to import alone), and the queue starts a second after the server
    // begins listening, so a restart need not wait for them (decision 0036).
    const { PgBoss, fromPglite } = await import('pg-boss');
    const boss = new PgBoss(bossOptions(this.#connection, fromPglite));
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    await boss.start();
    try {
      for (const registration of this.#registrations.values()) {
        await this.#install(boss, registration, log);
      }
      // A schedule whose job was removed from the code would keep queueing runs nobody takes.
      for (const stored of await boss.getSchedules()) {
        if (!this.#registrations.has(stored.name)) await boss.unschedule(stored.name, stored.key);
      }
    } catch (error) {
      await boss.stop({ graceful: false }).catch(() => undefined);
      throw error;
    }
    return boss;
  }

  /**
   * Stops taking jobs and lets running ones finish for a few seconds; what is still running then
   * is marked failed, to be retried (queued jobs) or run again on schedule. Closes the queue's
   * own connections but never the app's database.
   */
  async stop(): Promise<void> {
    await this.#starting?.catch(() => undefined);
    const boss = this.#boss;
    this.#boss = null;
    await boss?.stop({ graceful: true, timeout: STOP_GRACE_MS });
  }

  #register(registration: Registration) {
    if (this.#boss || this.#starting) throw new Error('register jobs before the queue starts');
    if (this.#registrations.has(registration.name)) {
      throw new Error(`job ${registration.name} is registered twice`);
    }
    this.#registrations.set(registration.name, registration);
  }

  async #requireBoss(): Promise<PgBoss> {
    const boss = this.#boss ?? (await this.#starting);
    if (!boss) throw new Error('the job queue is not running');
    return boss;
  }

  async #install(boss: PgBoss, registration: Registration, log: Logger) {
    const { name, options } = registration;
    const scheduled = registration.kind === 'scheduled';
    const settings: Omit<Queue, 'name' | 'policy'> = {
      expireInSeconds: options.timeoutSeconds,
      retryLimit: scheduled ? 0 : registration.options.retryLimit,
      retryDelay: scheduled ? 0 : registration.options.retryDelaySeconds,
      deleteAfterSeconds: scheduled ? KEEP_SCHEDULED_RUNS_SECONDS : KEEP_QUEUED_JOBS_SECONDS,
      notify: true,
    };
    // 'exclusive': one job per key waiting or running at a time (see EnqueueOptions).
    // createQueue leaves an existing queue alone, so its settings are brought up to date after.
    await boss.createQueue(name, { ...settings, policy: 'exclusive' });
    await boss.updateQueue(name, settings);
    const handler = registration.handler as (data: unknown) => Promise<void>;
    // New jobs wake workers at once (NOTIFY); polling finds retries that came due, and is the
    // fallback where notifications do not arrive.
    const polling = scheduled
      ? { pollingIntervalSeconds: 10, notifyPollingIntervalSeconds: 30 }
      : { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5 };
    await boss.work(name, polling, async (jobs) => {
      for (const job of jobs) {
        const startedAt = Date.now();
        try {
          await handler(job.data);
          log.debug({ job: name, ms: Date.now() - startedAt }, 'job done');
        } catch (err) {
          log.error({ err, job: name, jobId: job.id }, `job ${name} failed`);
          throw err; // recorded by the queue, which retries it if allowed
        }
      }
    });
    if (registration.kind === 'scheduled') {
      await boss.schedule(name, registration.cron, null, { tz: 'UTC' });
      if (registration.options.runAtStart) await boss.send(name, null);
    }
  }
}

function bossOptions(
  connection: JobConnection,
  fromPglite: typeof import('pg-boss').fromPglite,
): ConstructorOptions {
  const common: ConstructorOptions = {
    // Workers wake as soon as a job is queued; polling remains as the fallback.
    useListenNotify: true,
    instanceName: 'reverie',
  };
  if (connection.driver === 'pglite') {
    // One embedded connection: statements are serialised with the app's own queries and
    // transactions (PGlite runs one at a time), and LISTEN/NOTIFY works in-process.
    return { ...common, db: fromPglite(connection.client), backend: 'pglite' };
  }
  // A small pool of its own beside the app's, plus one connection that listens for new jobs.
  // pg-boss hands its options to pg.Pool as they are, `Client` included (not in its types).
  const options: ConstructorOptions & { Client: typeof connection.Client } = {
    ...common,
    connectionString: connection.url,
    max: 3,
    application_name: 'reverie-jobs',
    Client: connection.Client,
  };
  return options;
}
