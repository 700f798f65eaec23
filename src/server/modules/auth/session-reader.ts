import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionReader } from '../../plugins/session';
import type { Auth } from './auth';
import { SessionCache, cookieValue } from './session-cache';

/** A checked session is trusted this long without reading the database (decision 0017). */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_ENTRIES = 50_000;

/** The app's SessionReader (plugins/session.ts): better-auth's sessions, checked a few seconds apart. */
export async function createSessionReader(auth: Auth): Promise<SessionReader> {
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  const cache = new SessionCache({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_ENTRIES,
  });
  const check = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    const { id, email, name, emailVerified, role, twoFactorEnabled } = session.user;
    return {
      user: {
        id,
        email,
        name,
        emailVerified,
        role: role ?? 'user',
        twoFactorEnabled: twoFactorEnabled === true,
      },
      expiresAt: session.session.expiresAt,
    };
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
