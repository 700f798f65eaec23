import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './integrations/mail';
import type { Auth } from './modules/auth/auth';
import type { RateLimiter } from './plugins/rate-limit';

/** What every feature module receives when it registers its routes. */
export interface AppContext {
  config: Config;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  limiter: RateLimiter;
  log: Logger;
  /** True when the database answers. */
  pingDatabase(): Promise<boolean>;
}
