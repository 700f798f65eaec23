import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionUser } from '../../shared/auth/contract';
import { unauthorized } from '../errors';
import type { Auth } from '../modules/auth/auth';
import { SessionCache, cookieValue } from '../modules/auth/session-cache';

export type { SessionUser };

/** A checked session is trusted this long without reading the database (decision 0017). */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_ENTRIES = 50_000;

/** Who is signed in, from the session cookie only (headers such as X-User-Id are never read). */
export interface SessionReader {
  user(request: FastifyRequest): Promise<SessionUser | null>;
  /**
   * Sessions may have ended or changed (sign-out, revocation, password or e-mail change). Every
   * POST under /api/auth calls it; anything else that ends sessions (deleting an account) must
   * call it too, or a removed session would be honoured for up to SESSION_CACHE_TTL_MS.
   */
  forgetAll(): void;
}

export async function createSessionReader(auth: Auth): Promise<SessionReader> {
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  const cache = new SessionCache({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_ENTRIES,
  });
  const check = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    const { id, email, name, emailVerified } = session.user;
    return { user: { id, email, name, emailVerified }, expiresAt: session.session.expiresAt };
  };
  return {
    async user(request) {
      const cookie = cookieValue(request.headers.cookie, cookieName);
      if (!cookie) return null;
      return cache.user(cookie, () => check(request));
    },
    forgetAll: () => cache.forgetAll(),
  };
}

export async function getSessionUser(
  sessions: SessionReader,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  return sessions.user(request);
}

export async function requireUser(
  sessions: SessionReader,
  request: FastifyRequest,
): Promise<SessionUser> {
  const user = await sessions.user(request);
  if (!user) throw unauthorized();
  return user;
}
