import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** Query strings may hold tokens (verification links, OAuth codes): logs keep the path only. */
function pathOnly(url: string | undefined) {
  return url ? url.split('?')[0] : url;
}

/**
 * Structured pino logs. Request logs carry method, path, status and timing; never bodies,
 * cookies, authorization headers or query strings, so passwords, tokens and message content
 * cannot end up in them.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: valueFreeError,
      error: valueFreeError,
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return {
          id: request.id,
          method: request.method,
          url: pathOnly(request.url),
          ip: request.ip,
        };
      },
    },
  };
}

/**
 * An error as the log may hold it: without the values a failed database statement carried
 * (issue 42 item 3). Drizzle puts a failed query's parameters, which hold what users wrote, in
 * its error's message, its stack and `params`; PostgreSQL and PGlite put row values in `detail`,
 * `where` and, for a value of the wrong type, at the end of the message. The statement, the
 * SQLSTATE code and the constraint, table and column names stay: they are what an operator needs.
 */
export function valueFreeError(error: unknown) {
  return stdSerializers.errWithCause(withoutValues(error, 0) as Error);
}

/**
 * Fields of errors that carry row or parameter values: a database's, and a Stripe error's `raw`
 * (its answer again, message included).
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'raw']);
/** A mail address in an error's message: Stripe's "Invalid email address: …" quotes the user's. */
const MAIL_ADDRESS = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const SQLSTATE = /^[0-9A-Z]{5}$/;

function withoutValues(error: unknown, depth: number): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const source = error as Error & Record<string, unknown>;
  const message = messageWithoutValues(source);
  // Of the error's own class, so the log still names it (DrizzleQueryError, DatabaseError…).
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error &
    Record<string, unknown>;
  copy.message = message;
  copy.name = error.name;
  copy.stack = error.stack
    ? `${error.name}: ${message}\n${error.stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n')}`
    : undefined;
  for (const key of Object.keys(source)) {
    if (key === 'cause' || key === 'errors') continue;
    copy[key] = VALUE_FIELDS.has(key) ? '[redacted]' : source[key];
  }
  if (source.cause !== undefined) copy.cause = withoutValues(source.cause, depth + 1);
  if (Array.isArray(source.errors))
    copy.errors = source.errors.map((e) => withoutValues(e, depth + 1));
  return copy;
}

function messageWithoutValues(error: Error & Record<string, unknown>): string {
  if (
    'params' in error &&
    typeof error.query === 'string' &&
    error.message.startsWith('Failed query:')
  ) {
    return `Failed query: ${error.query}\nparams: [redacted]`;
  }
  // A data exception (class 22) names the value it could not take: `…for type uuid: "…"`.
  if (typeof error.code === 'string' && SQLSTATE.test(error.code) && error.code.startsWith('22')) {
    return error.message.replace(/:\s*"[\s\S]*$/, ': [redacted]');
  }
  return error.message.replace(MAIL_ADDRESS, '[address]');
}
