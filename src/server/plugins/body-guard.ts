import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

/**
 * The deepest nesting a JSON body may have. Our own bodies are at most four levels deep; the
 * limit leaves room, and stops bodies that would overflow the stack of anything that walks them
 * recursively (JSON.stringify when a body is passed on to the auth library, schema checks).
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * True when the JSON text opens more than `limit` arrays/objects inside each other. A single
 * pass without recursion, before the text is parsed, so no body can get deep enough to matter.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** True when a JSON value holds a NUL character anywhere (PostgreSQL text cannot store one). */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some(containsNul);
}

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/**
 * Every JSON body is checked before any route sees it: nesting is bounded before parsing (the
 * size is bounded by Fastify's bodyLimit), and text with NUL characters is refused (never
 * meaningful, and the database would otherwise fail with a 500), in the body and in the path's
 * parameters and the query string alike (both decoded: `%00`). All answer 400. Raw bodies (kept
 * as bytes for a signature check, e.g. Stripe's webhook) are left to their route.
 */
export function registerBodyGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query)) throw badRequest(NUL_MESSAGE);
    if (Buffer.isBuffer(request.body)) return;
    if (request.body !== undefined && containsNul(request.body)) throw badRequest(NUL_MESSAGE);
  });
}
