/**
 * The server the browser tests talk to: a local OIDC provider standing in for Google, a Stripe
 * stand-in (API, hosted Checkout and Billing Portal pages, signed webhooks), and the app on a
 * fresh embedded database whose mail goes to an outbox folder the tests read.
 */
import { cpSync, rmSync } from 'node:fs';
import { buildApp, DEFAULT_WEB_DIR } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { createMailer } from '../../src/server/integrations/mail';
import { JobQueue } from '../../src/server/jobs';
import { createAuth } from '../../src/server/modules/auth/auth';
import { ensureWebBuild } from '../../scripts/web-build';
import { startLlmDouble } from '../doubles/llm-server';
import { startOidcServer } from '../doubles/oidc-server';
import { startSpeechDouble } from '../doubles/speech-server';
import { startStripeDouble } from '../doubles/stripe-server';
import { e2eAvatarImage, e2eResponder } from './llm-fixtures';
import { startControlServer } from './control-server';
import { TestClock } from '../support/test-clock';
import {
  E2E_CONTROL_PORT,
  E2E_DATA_DIR,
  E2E_NO_MODEL_DATA_DIR,
  E2E_NO_MODEL_PORT,
  E2E_NO_MODEL_URL,
  E2E_OIDC_PORT,
  E2E_PORT,
  E2E_URL,
} from './ports';

await ensureWebBuild();
const dataDir = E2E_DATA_DIR;
rmSync(dataDir, { recursive: true, force: true });
rmSync(E2E_NO_MODEL_DATA_DIR, { recursive: true, force: true });
// The apps serve a copy of the web build taken now: a rebuild of dist/web while the tests run
// (another command on the same checkout) would otherwise leave pages naming assets now gone.
const webDir = `${dataDir}-web`;
rmSync(webDir, { recursive: true, force: true });
cpSync(DEFAULT_WEB_DIR, webDir, { recursive: true });
const oidc = await startOidcServer(E2E_OIDC_PORT);
// On a free port: the browser reaches it only through the URLs the app hands out.
const stripe = await startStripeDouble();
// The language model stand-in answers every character request with the same character and
// every image request with the same picture, so browser tests know what to expect.
const llm = await startLlmDouble();
// Voice input's speech-to-text stand-in (every recording says DEFAULT_TRANSCRIPT), and voice
// replies' text-to-speech one (MP3 of silence, as long as the words take to say).
const speech = await startSpeechDouble();
// Words read slowly (0.4 s each): a reply's audio plays for seconds, so a busy browser still
// finds its Stop button while it plays (a tenth of a second a word made that about one second).
speech.setUnscriptedSpeech({ secondsPerWord: 0.4 });
llm.setDefault({ image: await e2eAvatarImage() });
llm.respondWith(e2eResponder);
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: E2E_URL,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // Lets API-driven test users present distinct client addresses (see signUpAndSignIn).
  TRUST_PROXY: '127.0.0.1',
  GOOGLE_CLIENT_ID: 'reverie-e2e',
  GOOGLE_CLIENT_SECRET: 'reverie-e2e-secret',
  GOOGLE_ISSUER: oidc.issuer,
  CONTACT_TO: 'team@reverie.test',
  LLM_BASE_URL: llm.url,
  LLM_MODELS: 'big-405b,rp-70b',
  // One staff account per browser project (see the model picker test).
  STAFF_EMAILS: 'staff.desktop@example.com,staff.phone@example.com',
  IMAGE_MODEL: 'img-1',
  STT_BASE_URL: speech.url,
  STT_MODEL: 'whisper-1',
  TTS_BASE_URL: speech.url,
  TTS_MODEL: 'tts-1',
  TTS_VOICES: 'nova:Nova,onyx:Onyx',
  ...stripe.env,
});
const database = await openDatabase({ pgliteDir: 'memory://' });
await database.migrate();
// Background jobs run as in production (sweeps, conversation summaries).
const jobs = new JobQueue(database.jobConnection);
// Check-ins run at the time a test sets (control server: POST /check-ins/run).
const clock = new TestClock();
const app = await buildApp({ config, database, jobs, webDir, clock });
await jobs.start(app.log as unknown as import('pino').Logger);
stripe.setWebhookUrl(`${E2E_URL}/api/stripe/webhook`);

// The same app as a new operator first runs it: no language model configured.
const bareDatabase = await openDatabase({ pgliteDir: 'memory://' });
await bareDatabase.migrate();
const bareConfig = loadConfig({
  NODE_ENV: 'test',
  PORT: String(E2E_NO_MODEL_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: E2E_NO_MODEL_URL,
  DATA_DIR: E2E_NO_MODEL_DATA_DIR,
  LOG_LEVEL: 'warn',
  TRUST_PROXY: '127.0.0.1',
  STAFF_EMAILS: 'ops.desktop@example.com,ops.phone@example.com',
});
const bareApp = await buildApp({
  config: bareConfig,
  database: bareDatabase,
  webDir,
});
await bareApp.listen({ port: E2E_NO_MODEL_PORT, host: '127.0.0.1' });

/**
 * better-auth on each app's configuration and database, for the control server's direct
 * sign-in: the same secret and cookie names as the app's own, so the app takes its sessions.
 */
const authFor = (
  appConfig: typeof config,
  handle: typeof database,
  log: import('pino').Logger,
  queue: JobQueue,
) =>
  createAuth({
    config: appConfig,
    db: handle.db,
    mailer: createMailer(appConfig, log),
    jobs: queue,
    log,
  });
const appLog = app.log as unknown as import('pino').Logger;
const control = await startControlServer(
  {
    main: { db: database.db, auth: authFor(config, database, appLog, jobs), jobs, clock },
    // No mail is sent by a direct sign-in: the bare app's queue is never started, as in buildApp.
    noModel: {
      db: bareDatabase.db,
      auth: authFor(
        bareConfig,
        bareDatabase,
        bareApp.log as unknown as import('pino').Logger,
        new JobQueue(bareDatabase.jobConnection),
      ),
    },
  },
  E2E_CONTROL_PORT,
);
// Last: Playwright starts the tests once this app answers, and they need everything above.
await app.listen({ port: E2E_PORT, host: '127.0.0.1' });
console.log(`e2e server on ${E2E_URL}, data in ${dataDir}`);

const stop = async () => {
  await app.close();
  await bareApp.close();
  control.close();
  await jobs.stop();
  await database.close();
  await bareDatabase.close();
  await oidc.stop();
  await stripe.stop();
  await llm.stop();
  await speech.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
