import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  AI_NOTICE_MAX_MINUTES,
  DEFAULT_CRISIS_RESOURCES,
  type CrisisResource,
} from '../shared/safety/rules';
import { parseSamplingSetting, type SamplingSetting } from './integrations/llm/sampling-setting';
import { trustProxySchema, type TrustProxy } from './trust-proxy';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** LLM_CONTEXT_TOKENS when unset: the prompt budget in tokens. */
export const DEFAULT_CONTEXT_TOKENS = 8192;

/**
 * LLM_REASONING_TOKENS when unset: what a reasoning model may think, on top of each answer's own
 * limit (max_completion_tokens counts both). Enough for a chat reply's thought at DeepSeek R1's or
 * Qwen3's usual length; too little and the answer comes back empty.
 */
export const DEFAULT_REASONING_TOKENS = 4096;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  /** PostgreSQL: the app pool's most connections (db/client.ts's DEFAULT_POOL_SIZE unset). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  AUTH_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: optionalString.pipe(z.url().optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Reverie <no-reply@localhost>'),
  CONTACT_TO: optionalString.pipe(z.email().optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters long').optional(),
  ),
  LLM_BASE_URL: optionalString.pipe(z.url().optional()),
  LLM_API_KEY: optionalString,
  LLM_MODELS: optionalString,
  STAFF_EMAILS: optionalString,
  /** Web Push (issue 52): the VAPID key pair, both or neither (else generated and kept). */
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
      .optional(),
  ),
  /** Who the push services may contact about this server: an https: URL or a mailto: address. */
  VAPID_SUBJECT: optionalString.pipe(z.url({ protocol: /^(https|mailto)$/ }).optional()),
  /** Push endpoints on these hosts may be http:// and local (a push service stand-in in tests). */
  PUSH_ALLOW_HTTP_HOSTS: optionalString,
  LLM_CONTEXT_TOKENS: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2_000_000)
    .default(DEFAULT_CONTEXT_TOKENS),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** JSON: model (or "*") → sampling for its creative calls; see sampling-setting.ts. */
  LLM_SAMPLING: optionalString,
  LLM_REASONING_MODELS: optionalString,
  LLM_REASONING_TOKENS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(DEFAULT_REASONING_TOKENS),
  LLM_SYSTEM_ROLE: optionalString.pipe(
    z.enum(['keep', 'merge'], { error: 'must be keep or merge' }).default('keep'),
  ),
  LLM_PREFILL: optionalString.pipe(
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ),
  IMAGE_BASE_URL: optionalString.pipe(z.url().optional()),
  IMAGE_API_KEY: optionalString,
  IMAGE_MODEL: optionalString,
  STT_BASE_URL: optionalString.pipe(z.url().optional()),
  STT_API_KEY: optionalString,
  STT_MODEL: optionalString,
  TRANSCRIPTION_CREDITS: z.coerce
    .number({ error: 'must be a whole number of credits' })
    .int('must be a whole number of credits')
    .min(0)
    .max(100)
    .default(0),
  /** What a picture in chat costs (issue 50): shown before it is asked for. */
  PICTURE_CREDITS: z.coerce
    .number({ error: 'must be a whole number of credits' })
    .int('must be a whole number of credits')
    .min(0)
    .max(100)
    .default(5),
  TTS_BASE_URL: optionalString.pipe(z.url().optional()),
  TTS_API_KEY: optionalString,
  TTS_MODEL: optionalString,
  /** Comma-separated voice ids, each optionally `id:Label` (the first is the default voice). */
  TTS_VOICES: optionalString,
  SPEECH_CREDITS: z.coerce
    .number({ error: 'must be a whole number of credits' })
    .int('must be a whole number of credits')
    .min(0)
    .max(100)
    .default(0),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  S3_FORCE_PATH_STYLE: booleanString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AI_NOTICE_EVERY_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .positive('must be more than 0 minutes')
    .max(
      AI_NOTICE_MAX_MINUTES,
      `may only shorten the law's interval: at most ${AI_NOTICE_MAX_MINUTES} minutes`,
    )
    .default(AI_NOTICE_MAX_MINUTES),
  CRISIS_RESOURCES: optionalString,
});

/** A crisis service in CRISIS_RESOURCES: a name, a web address, and numbers to call or text. */
const crisisResourceSetting = z.object({
  name: z.string().trim().min(1, 'each resource needs a name').max(120),
  phone: z.string().trim().min(1).max(40).regex(/[0-9]/, 'phone must hold digits').optional(),
  text: z.string().trim().min(1).max(40).regex(/[0-9]/, 'text must hold digits').optional(),
  url: z.url({ protocol: /^https?$/, error: 'each resource needs an http(s) url' }),
  country: z.string().trim().min(2).max(60).optional(),
});
const CRISIS_RESOURCES_SHAPE =
  'must be a JSON list of { "name", "phone"?, "text"?, "url", "country"? }';
const crisisResourcesSetting = z
  .array(crisisResourceSetting, { error: CRISIS_RESOURCES_SHAPE })
  .min(1, 'list at least one crisis service')
  .max(20, 'list at most 20 crisis services');

/** CRISIS_RESOURCES (a JSON list) parsed, or the defaults: 988 for the US, a directory elsewhere. */
function crisisResourcesOf(raw: string | undefined): CrisisResource[] {
  if (raw === undefined) return DEFAULT_CRISIS_RESOURCES.map((r) => ({ ...r }));
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  CRISIS_RESOURCES: ${CRISIS_RESOURCES_SHAPE}`);
  }
  const parsed = crisisResourcesSetting.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  CRISIS_RESOURCES${i.path.map((p) => `[${String(p)}]`).join('')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Every setting billing needs; with any of them missing, billing answers 503. */
export const STRIPE_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC',
  'STRIPE_PRICE_PRO',
] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Which proxies may name the client's address (see trust-proxy.ts). */
  trustProxy: TrustProxy;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: the app pool's most connections; undefined: db/client.ts's DEFAULT_POOL_SIZE. */
  databasePoolSize: number | undefined;
  authSecret: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactTo: string | undefined;
  redisUrl: string | undefined;
  /** How long a stopping server lets the replies in flight finish (SIGTERM, main.ts). */
  shutdownGraceSeconds: number;
  /** The bearer token GET /metrics asks for; undefined: no metrics are served (404). */
  metricsToken: string | undefined;
  /** Lower-cased e-mails of staff accounts: they see the hidden model picker. */
  staffEmails: readonly string[];
  /** Web Push (issue 52 part 2). */
  push: {
    /** The configured VAPID keys; undefined: generated into DATA_DIR or the database. */
    keys: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    /** Lower-cased hosts whose push endpoints may be http:// and on internal addresses. */
    allowHttpHosts: readonly string[];
  };
  /** OpenAI-compatible chat endpoint; undefined when no model is configured. */
  llm:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        /** Allow-list; the first is the default. */
        models: string[];
        contextTokens: number;
        timeoutMs: number;
        /**
         * How each server is talked to (issue 46); absent in configs made by hand, which then get
         * the defaults: no sampling of the operator's, no reasoning models, system role kept,
         * prefills sent.
         */
        serving?: LlmServing;
      }
    | undefined;
  /**
   * OpenAI-compatible images endpoint; undefined without IMAGE_MODEL. `pictureCredits`: what a
   * picture in chat costs (PICTURE_CREDITS, default 5).
   */
  image:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        timeoutMs: number;
        pictureCredits: number;
      }
    | undefined;
  /**
   * A Whisper-compatible /audio/transcriptions endpoint for voice input (issue 50); undefined
   * without STT_MODEL. `credits` a transcription costs (TRANSCRIPTION_CREDITS, default none).
   */
  /**
   * An OpenAI-style /audio/speech endpoint for voice replies (issue 50); undefined without
   * TTS_MODEL. `voices` from TTS_VOICES (the first is the default), `credits` a message read
   * aloud costs (SPEECH_CREDITS, default none).
   */
  speech:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        timeoutMs: number;
        voices: { id: string; label: string }[];
        credits: number;
      }
    | undefined;
  transcription:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        timeoutMs: number;
        credits: number;
      }
    | undefined;
  /** S3-compatible object storage for avatars; undefined → local files in DATA_DIR. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        publicUrl: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Stripe billing; undefined unless every STRIPE_SETTINGS variable is set. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        prices: { basic: string; pro: string };
        /** Another API host (tests and local stand-ins only); undefined → api.stripe.com. */
        apiBase: string | undefined;
      }
    | undefined;
  /** The STRIPE_SETTINGS variables that are absent (for the start-up notice). */
  missingStripeSettings: string[];
  /** The companion-app law's protocol (decision 0042). */
  safety: {
    /** The "not a human" notice comes back after this many minutes (at most 180). */
    aiNoticeEveryMinutes: number;
    /** The crisis services the crisis notice and /safety refer to. */
    crisisResources: CrisisResource[];
  };
}

/** The LLM_* settings that adapt requests to the models and servers behind LLM_BASE_URL. */
export interface LlmServing {
  /** LLM_SAMPLING: model (or "*") → sampling the operator set for its creative calls. */
  sampling: Record<string, SamplingSetting>;
  /** LLM_REASONING_MODELS: sent max_completion_tokens and none of the app's sampling. */
  reasoningModels: string[];
  /** LLM_REASONING_TOKENS: added to a reasoning model's answer limit for its thinking. */
  reasoningTokens: number;
  /** LLM_SYSTEM_ROLE=merge: system text is sent in user turns (templates that refuse it). */
  systemRole: 'keep' | 'merge';
  /** LLM_PREFILL=off: Continue sends a nudge instead of an assistant prefill. */
  prefill: boolean;
}

export class ConfigError extends Error {}

/**
 * Parses the environment once. Throws a ConfigError naming every bad variable, so the process
 * fails at start instead of misbehaving later.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A setting given empty (`LLM_CONTEXT_TOKENS=` in an env file, `${VAR:-}` in compose.yaml) is
  // a setting not given: its default applies, as for the text settings.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    // One bad setting is one line (what a process manager's status shows); more, one line each.
    throw new ConfigError(
      lines.length === 1
        ? `Invalid configuration: ${lines[0]}`
        : `Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  // A shared database means several servers may share it, and each would otherwise sign
  // sessions with its own generated secret: sessions would work on one server only.
  if (e.DATABASE_URL && !e.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required when DATABASE_URL is set (the same value ' +
        'on every server; e.g. `openssl rand -base64 48`)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const hasGoogle = Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    google: hasGoogle
      ? {
          clientId: e.GOOGLE_CLIENT_ID!,
          clientSecret: e.GOOGLE_CLIENT_SECRET!,
          issuer: (e.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/+$/, ''),
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactTo: e.CONTACT_TO,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    push: pushConfig(e, publicUrlOf(e), dataDir),
    staffEmails: (e.STAFF_EMAILS ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
    llm: llmConfig(e),
    image: imageConfig(e),
    transcription: transcriptionConfig(e),
    speech: speechConfig(e),
    stripe: stripeConfig(e),
    missingStripeSettings: STRIPE_SETTINGS.filter((name) => !e[name]),
    safety: {
      aiNoticeEveryMinutes: e.AI_NOTICE_EVERY_MINUTES,
      crisisResources: crisisResourcesOf(e.CRISIS_RESOURCES),
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}

type Env = z.output<typeof envSchema>;

function llmConfig(e: Env): Config['llm'] {
  const models = (e.LLM_MODELS ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  // Checked even without a model configured: a broken value is a mistake either way.
  const serving = llmServingOf(e, models.length > 0 ? models : undefined);
  if (!e.LLM_BASE_URL || models.length === 0) return undefined;
  return {
    baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: e.LLM_API_KEY,
    models,
    contextTokens: e.LLM_CONTEXT_TOKENS,
    timeoutMs: e.LLM_TIMEOUT_MS,
    serving,
  };
}

/** The LLM_* serving settings; a model named that is not in LLM_MODELS is a start-up error. */
function llmServingOf(e: Env, models: string[] | undefined): LlmServing {
  const problems: string[] = [];
  const sampling = parseSamplingSetting(e.LLM_SAMPLING, models);
  if (!sampling.ok) problems.push(...sampling.problems);
  const reasoningModels = (e.LLM_REASONING_MODELS ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  for (const model of reasoningModels) {
    if (models && !models.includes(model)) {
      problems.push(`LLM_REASONING_MODELS: "${model}" is not in LLM_MODELS`);
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  return {
    sampling: sampling.ok ? sampling.value : {},
    reasoningModels,
    reasoningTokens: e.LLM_REASONING_TOKENS,
    systemRole: e.LLM_SYSTEM_ROLE,
    prefill: e.LLM_PREFILL === 'on',
  };
}

function imageConfig(e: Env): Config['image'] {
  const baseUrl = e.IMAGE_BASE_URL ?? e.LLM_BASE_URL;
  if (!e.IMAGE_MODEL || !baseUrl) return undefined;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    // The LLM's key is only reused for the LLM's own endpoint, never sent to another host.
    apiKey: e.IMAGE_API_KEY ?? (e.IMAGE_BASE_URL ? undefined : e.LLM_API_KEY),
    model: e.IMAGE_MODEL,
    timeoutMs: e.LLM_TIMEOUT_MS,
    pictureCredits: e.PICTURE_CREDITS,
  };
}

function transcriptionConfig(e: Env): Config['transcription'] {
  const baseUrl = e.STT_BASE_URL ?? e.LLM_BASE_URL;
  if (!e.STT_MODEL || !baseUrl) return undefined;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    // As with images: the LLM's key only ever goes to the LLM's own host.
    apiKey: e.STT_API_KEY ?? (e.STT_BASE_URL ? undefined : e.LLM_API_KEY),
    model: e.STT_MODEL,
    timeoutMs: e.LLM_TIMEOUT_MS,
    credits: e.TRANSCRIPTION_CREDITS,
  };
}

/** OpenAI's voices, for an operator who names none. */
const OPENAI_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
];

/** `af_bella` → 'Af bella'; an operator gives a better label with `id:Label`. */
const voiceLabel = (id: string) =>
  (id.charAt(0).toUpperCase() + id.slice(1)).replace(/[_-]+/g, ' ');

export function parseVoices(list: string | undefined): { id: string; label: string }[] {
  const entries = (list ?? OPENAI_VOICES.join(','))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const voices = new Map<string, string>();
  for (const entry of entries) {
    const at = entry.indexOf(':');
    const id = (at < 0 ? entry : entry.slice(0, at)).trim();
    const label = (at < 0 ? '' : entry.slice(at + 1)).trim() || voiceLabel(id);
    if (id && id.length <= 64 && !voices.has(id)) voices.set(id, label);
  }
  return [...voices].map(([id, label]) => ({ id, label }));
}

function speechConfig(e: Env): Config['speech'] {
  const baseUrl = e.TTS_BASE_URL ?? e.LLM_BASE_URL;
  if (!e.TTS_MODEL || !baseUrl) return undefined;
  const voices = parseVoices(e.TTS_VOICES);
  if (voices.length === 0) {
    throw new ConfigError(
      'Invalid configuration:\n  TTS_VOICES: names no voice (ids separated by commas)',
    );
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    // As with images: the LLM's key only ever goes to the LLM's own host.
    apiKey: e.TTS_API_KEY ?? (e.TTS_BASE_URL ? undefined : e.LLM_API_KEY),
    model: e.TTS_MODEL,
    timeoutMs: e.LLM_TIMEOUT_MS,
    voices,
    credits: e.SPEECH_CREDITS,
  };
}

function stripeConfig(e: Env): Config['stripe'] {
  if (STRIPE_SETTINGS.some((name) => !e[name])) return undefined;
  if (e.STRIPE_PRICE_BASIC === e.STRIPE_PRICE_PRO) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PRICE_PRO: must differ from STRIPE_PRICE_BASIC',
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    prices: { basic: e.STRIPE_PRICE_BASIC!, pro: e.STRIPE_PRICE_PRO! },
    apiBase: e.STRIPE_API_BASE?.replace(/\/+$/, ''),
  };
}

const publicUrlOf = (e: Env) => (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

function pushConfig(e: Env, publicUrl: string, dataDir: string): Config['push'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or neither: ' +
        'a key pair is generated and kept)',
    );
  }
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim();
  const httpsSite = publicUrl.startsWith('https://') ? publicUrl : undefined;
  return {
    keys: e.VAPID_PUBLIC_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! }
      : // Several servers share a database, and one key pair there (push module, vapid-keys.ts).
        e.DATABASE_URL
        ? undefined
        : readOrCreateVapidKeys(dataDir),
    subject: e.VAPID_SUBJECT ?? httpsSite ?? `mailto:${address}`,
    allowHttpHosts: (e.PUSH_ALLOW_HTTP_HOSTS ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  };
}

/**
 * The Web Push key pair generated on first start and kept beside the auth secret, so browsers'
 * subscriptions survive restarts: a P-256 pair as VAPID has it (the public key uncompressed, the
 * private key's 32 bytes), base64url.
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  }
  mkdirSync(dataDir, { recursive: true });
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
    format: 'jwk',
  });
  const point = [
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ];
  const keys = { publicKey: Buffer.concat(point).toString('base64url'), privateKey: jwk.d! };
  writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600 });
  return keys;
}

/** A secret generated on first start and kept, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
