import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { UserData } from './db/user-data';
import type { ImageGenerator, LlmGateway, Speaker, Transcriber } from './integrations/llm';
import type { Mailer } from './integrations/mail';
import type { FileStorage } from './integrations/storage';
import type { JobEnqueuer, JobQueue } from './jobs/queue';
import type { Lifecycle } from './lifecycle';
import type { Metrics } from './metrics';
import type { RateLimiter } from './plugins/rate-limit';
import type { SessionReader } from './plugins/session';

/**
 * What every feature module receives when it registers its routes. A module may add a service of
 * its own here (the auth module adds `auth`, in modules/auth/auth.ts), so this file names none.
 */
export interface AppContext {
  config: Config;
  /**
   * The security headers every response carries (plugins/security-headers.ts adds them); a
   * response that writes its own head (a streamed reply) writes these with it.
   */
  securityHeaders: Readonly<Record<string, string>>;
  db: Database;
  /** Who is signed in (requireUser); remembers checked sessions for a few seconds. */
  sessions: SessionReader;
  mailer: Mailer;
  limiter: RateLimiter;
  log: Logger;
  /** Where avatar images are stored (local folder or S3). */
  avatarStorage: FileStorage;
  llm: LlmGateway;
  images: ImageGenerator;
  /** Voice input's speech-to-text (issue 50). */
  transcriber: Transcriber;
  /** Voice replies (issue 50): text to speech, `configured: false` without TTS_MODEL. */
  speaker: Speaker;
  /** The Stripe SDK client; undefined when billing is not configured. */
  stripe: Stripe | undefined;
  /** Background work: services queue jobs here (src/server/jobs), never fire-and-forget promises. */
  jobs: JobEnqueuer;
  /** Whether the server is stopping: new replies are refused, /api/ready answers 503. */
  lifecycle: Lifecycle;
  /** What the server counts for GET /metrics (reverie_*). */
  metrics: Metrics;
  /** The wall clock scheduled work reads (check-ins): the system's, or a test's. */
  clock: Clock;
  /** True when the database answers. */
  pingDatabase(): Promise<boolean>;
  /** Brings planner statistics up to date where the database does not do it itself (PGlite). */
  refreshDatabaseStatistics(): Promise<string[]>;
  /** Vacuums the tables with many dead rows where the database does not do it itself (PGlite). */
  vacuumDeadRows(): Promise<string[]>;
}

/**
 * What a feature module gives the app, through its face (modules/<name>/index.ts): the composition
 * root (modules/index.ts, app.ts) gathers these, so no lower part of the server names a module.
 */
export interface FeatureModule {
  /** Adds the module's routes. */
  routes?(app: FastifyInstance, ctx: AppContext): Promise<void>;
  /** Registers the module's background jobs with the queue; nothing runs until it starts. */
  jobs?: readonly ((queue: JobQueue, ctx: AppContext) => void)[];
  /** Its part of the account's export and deletion (db/user-data.ts, decision 0025). */
  userData?: UserData;
}
