import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for our own API (better-auth applies the same rule to /api/auth): a
 * state-changing request that carries cookies must come from a page of PUBLIC_URL, proven by its
 * Origin (or Referer) header. Requests without cookies carry no session, so there is nothing to
 * forge. Whatever the path: the router decodes it, so `/%61pi/…` reaches the API too, and no
 * page outside the API changes anything.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.headers.cookie) return;
    const source = request.headers.origin ?? request.headers.referer;
    let origin: string | undefined;
    try {
      origin = source && source !== 'null' ? new URL(source).origin : undefined;
    } catch {
      origin = undefined;
    }
    if (origin !== allowed) throw forbidden('This request did not come from the Reverie website.');
  });
}
