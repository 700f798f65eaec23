import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/auth/contract';
import { unauthorized } from '../errors';

export type { SessionUser };

/**
 * Who is signed in, from the session cookie only (headers such as X-User-Id are never read). The
 * auth module makes it (modules/auth/session-reader.ts); routes read it through requireUser.
 */
export interface SessionReader {
  user(request: FastifyRequest): Promise<SessionUser | null>;
  /**
   * Sessions may have ended or changed (sign-out, revocation, password or e-mail change). Every
   * POST under /api/auth calls it; anything else that ends sessions (deleting an account) must
   * call it too, or a removed session would be honoured for up to SESSION_CACHE_TTL_MS.
   */
  forgetAll(): void;
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
