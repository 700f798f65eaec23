import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ImageGenerator, LlmGateway } from './integrations/llm';
import type { Mailer } from './integrations/mail';
import type { FileStorage } from './integrations/storage';
import type { JobEnqueuer } from './jobs/queue';
import type { Auth } from './modules/auth/auth';
import type { RateLimiter } from './plugins/rate-limit';
import type { SessionReader } from './plugins/session';

/** What every feature module receives when it registers its routes. */
export interface AppContext {
  config: Config;
  /**
   * The security headers every response carries (plugins/security-headers.ts adds them); a
   * response that writes its own head (a streamed reply) writes these with it.
   */
  securityHeaders: Readonly<Record<string, string>>;
  db: Database;
  auth: Auth;
  /** Who is signed in (requireUser); remembers checked sessions for a few seconds. */
  sessions: SessionReader;
  mailer: Mailer;
  limiter: RateLimiter;
  log: Logger;
  /** Where avatar images are stored (local folder or S3). */
  avatarStorage: FileStorage;
  llm: LlmGateway;
  images: ImageGenerator;
  /** The Stripe SDK client; undefined when billing is not configured. */
  stripe: Stripe | undefined;
  /** Background work: services queue jobs here (src/server/jobs), never fire-and-forget promises. */
  jobs: JobEnqueuer;
  /** True when the database answers. */
  pingDatabase(): Promise<boolean>;
  /** Brings planner statistics up to date where the database does not do it itself (PGlite). */
  refreshDatabaseStatistics(): Promise<string[]>;
  /** Vacuums the tables with many dead rows where the database does not do it itself (PGlite). */
  vacuumDeadRows(): Promise<string[]>;
}
