import type { FastifyServerOptions } from 'fastify';

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
