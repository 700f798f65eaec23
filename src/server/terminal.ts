import path from 'node:path';
import type { Config } from './config';

/**
 * What a person who runs `npm start` in a terminal reads (issue 45): log lines as text
 * (pino-pretty) instead of JSON, and a short banner once the server listens, saying where it is,
 * what it stores in and what is not set up yet. Piped into a file, journald or a log collector
 * the output stays JSON lines, one object each, and there is no banner (its facts are in the
 * JSON start-up lines).
 */
export const outputIsTerminal = () => Boolean(process.stdout.isTTY);

/**
 * Readable log lines, written synchronously (no worker thread: a line is on screen before a
 * crash). pino-pretty is loaded only here, so a server whose output is piped never loads it.
 */
export async function readableLogStream(): Promise<{ write(line: string): void }> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
}

/** A database address as the banner shows it: no user or password. */
function databaseShown(config: Config, driver: 'pglite' | 'postgres') {
  if (driver === 'pglite' || !config.databaseUrl)
    return `PGlite (embedded) in ${path.join(config.dataDir, 'pglite')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/** The start-up banner: one fact per line, then what is not set up and how to set it up. */
export function startupBanner(config: Config, driver: 'pglite' | 'postgres'): string {
  const rows: [string, string][] = [
    ['Address', config.publicUrl],
    ['Database', databaseShown(config, driver)],
    [
      'Mail',
      config.smtpUrl
        ? 'sent through SMTP_URL'
        : `not sent: written to ${path.join(config.dataDir, 'outbox')}, links printed below`,
    ],
    [
      'Model',
      config.llm
        ? `${config.llm.models.join(', ')} at ${config.llm.baseUrl}`
        : 'none: chat replies are off until LLM_BASE_URL and LLM_MODELS are set',
    ],
    ['Billing', config.stripe ? 'Stripe' : 'off (free plan only): set the STRIPE_* settings'],
    ['Images', config.image ? config.image.model : 'off: set IMAGE_MODEL for character art'],
    [
      'Google',
      config.google ? 'sign-in on' : 'sign-in off: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    ],
    [
      'Servers',
      config.redisUrl
        ? 'shares limits and replies through REDIS_URL'
        : 'one (set REDIS_URL to run several)',
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  return [
    '',
    '  Reverie is running',
    '',
    ...rows.map(([name, value]) => `  ${name.padEnd(width)}${value}`),
    '',
    '  Ctrl+C stops it (replies being written finish first).',
    '',
  ].join('\n');
}
