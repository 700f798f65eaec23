import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openApiDocument } from '../shared/http/endpoints';
import type { Config } from './config';
import { systemClock, type Clock } from './clock';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { createStripeClient } from './integrations/billing/stripe';
import {
  createImageGenerator,
  createLlm,
  createSpeaker,
  createTranscriber,
} from './integrations/llm';
import { createMailer, type Mailer } from './integrations/mail';
import { createAvatarStorage } from './integrations/storage';
import { route } from './http/route';
import { JobQueue, upkeepJobs } from './jobs';
import { Lifecycle } from './lifecycle';
import { loggerOptions } from './logger';
import { createMetrics, measuredLlm, registerMetrics, usageRecorder } from './metrics';
import { featureModules } from './modules';
import { createAuth, createSessionReader } from './modules/auth';
import { openStreamCount } from './modules/chat';
import { createSiteSettings } from './modules/site';
import { registerBodyGuard } from './plugins/body-guard';
import { registerErrorHandler } from './plugins/errors';
import { collectRoutesForOpenApi, openApiResponder } from './plugins/openapi';
import { registerOriginCheck } from './plugins/origin-check';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './plugins/rate-limit';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { registerStatic } from './plugins/static';
import { fastifyTrustProxy } from './trust-proxy';

export const DEFAULT_WEB_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/web',
);

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Folder of the built web app; defaults to dist/web. */
  webDir?: string;
  /** Overrides the mailer chosen from the config (tests). */
  mailer?: Mailer;
  /** Overrides the rate limiter chosen from the config (tests). */
  limiter?: RateLimiter;
  /**
   * The job queue, whose jobs are registered here and which the caller starts and stops (main.ts).
   * Without it the app gets a queue nobody starts: enqueueing then fails (tests that need no jobs).
   */
  jobs?: JobQueue;
  /** Whether the server is stopping; main.ts drains it on SIGTERM. A new one by default. */
  lifecycle?: Lifecycle;
  /** Where logs go; standard output by default. */
  logStream?: { write(line: string): void };
  /** The wall clock scheduled work reads (check-ins); the system's by default. */
  clock?: Clock;
}

/** Builds the whole server without listening, so tests can drive it over real HTTP. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Ids in logs let one request be followed; the header is honoured only behind a proxy.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    return503OnClosing: true,
    // A client must finish sending its request within this time (slow uploads hold no socket).
    requestTimeout: 60_000,
    // Fastify's own two lines per request cost every request at the default level; one line per
    // request is written below, and only when debug logging is on.
    logController: new LogController({ disableRequestLogging: true }),
    // Schemas are zod's: given as the factories, Fastify never loads Ajv and fast-json-stringify,
    // its default compilers (a fifth of a second of every start). Its types know only Ajv's.
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => responseSerializerCompiler) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their zod schemas, then written by JSON.stringify (decisions
  // 0028, 0037).
  app.setSerializerCompiler(responseSerializerCompiler);

  const log = app.log as unknown as import('pino').Logger;
  const mailer = options.mailer ?? createMailer(config, log);
  const limiter =
    options.limiter ??
    (config.redisUrl
      ? // Loaded only where Redis is configured: it is a fifth of a second of every start.
        createRedisRateLimiter(
          new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 }),
        )
      : createMemoryRateLimiter());
  const jobs = options.jobs ?? new JobQueue(database.jobConnection);
  const auth = createAuth({ config, db: database.db, mailer, jobs, log });
  const avatarStorage = createAvatarStorage(config);
  const metrics = createMetrics(
    {
      activeStreams: openStreamCount,
      pool: database.poolStats,
      queueDepth: () => jobs.depth(),
    },
    { scraped: Boolean(config.metricsToken) },
  );
  const ctx: AppContext = {
    config,
    securityHeaders: securityHeaders(config.publicUrl, [avatarStorage.publicOrigin]),
    db: database.db,
    auth,
    sessions: await createSessionReader(auth),
    mailer,
    limiter,
    log,
    pingDatabase: () => database.ping(),
    refreshDatabaseStatistics: () => database.refreshStatistics(),
    vacuumDeadRows: () => database.vacuumDeadRows(),
    avatarStorage,
    llm: measuredLlm(createLlm(config), metrics, usageRecorder(database.db, log)),
    images: createImageGenerator(config),
    transcriber: createTranscriber(config),
    speaker: createSpeaker(config),
    stripe: config.stripe ? await createStripeClient(config.stripe) : undefined,
    jobs,
    metrics,
    lifecycle: options.lifecycle ?? new Lifecycle(),
    site: createSiteSettings(database.db),
    clock: options.clock ?? systemClock,
  };
  // Nothing runs until the queue starts (main.ts).
  for (const register of upkeepJobs) register(jobs, ctx);
  for (const feature of featureModules)
    for (const register of feature.jobs ?? []) register(jobs, ctx);

  registerErrorHandler(app);
  app.addHook('onResponse', (request, reply, done) => {
    if (log.isLevelEnabled('debug')) {
      request.log.debug(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
    done();
  });
  registerMetrics(app, metrics, config.metricsToken);
  registerSecurityHeaders(app, ctx.securityHeaders);
  // Answers up to 64 KB (a history page, a list) are compressed in one call: the streaming path
  // costs more in set-up and thread-pool hops than the compression at these sizes, and on a
  // busy 2-core server there is no idle core for it to overlap with (decision 0028).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    syncThreshold: 64 * 1024,
  });
  registerOriginCheck(app, config.publicUrl);
  registerBodyGuard(app);
  const apiRoutes = collectRoutesForOpenApi(app);
  for (const feature of featureModules) await feature.routes?.(app, ctx);
  const openApi = openApiResponder(
    {
      publicUrl: config.publicUrl,
      sessionCookie: async () => (await auth.$context).authCookies.sessionToken.name,
    },
    apiRoutes,
  );
  await route(app, ctx, openApiDocument, (_request, reply) => openApi(reply));
  await registerStatic(app, options.webDir ?? DEFAULT_WEB_DIR, ctx.site.shellBrand);

  app.addHook('onClose', async () => {
    await limiter.close();
    await mailer.close();
    metrics.close();
  });
  return app;
}
