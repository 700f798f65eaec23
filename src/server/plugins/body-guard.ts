import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

const MAX_DEPTH = 32;

/** True when a JSON value holds a NUL character anywhere (PostgreSQL text cannot store one). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => containsNul(item, depth + 1));
}

/**
 * Refuses request bodies with NUL characters with a 400 before any route sees them: they are
 * never meaningful text, and the database would otherwise fail with a 500. Raw bodies (kept as
 * bytes for a signature check, e.g. Stripe's webhook) are left to their route.
 */
export function registerBodyGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (Buffer.isBuffer(request.body)) return;
    if (request.body !== undefined && containsNul(request.body)) {
      throw badRequest('Text must not contain NUL characters.');
    }
  });
}
