import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AUTH_MESSAGES, backupCodeBody, twoFactorCodeBody } from '../../../shared/auth/contract';
import { ACCOUNT_MESSAGES } from '../../../shared/account/contract';
import type { AppContext } from '../../context';
import { badRequest, conflict, HttpError, parseOr400 } from '../../errors';
import { tooManyRequests } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import { signInMethods } from './users.repo';

/**
 * Our gate in front of better-auth's admin and two-factor plugins (decision 0055). The admin
 * plugin's endpoints are for our /api/admin routes, which call them in process: over HTTP they
 * are not there. Of the two-factor plugin, what the web app uses passes, with bodies rebuilt
 * from our schemas (no "trust this device", no other options).
 */
const TWO_FACTOR_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/generate-backup-codes',
]);

const CODE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
const PASSWORD_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
]);

/** Whether the gate answers 404 for this path: the admin plugin's, and two-factor's unused. */
export function isClosedPath(path: string): boolean {
  if (path === '/admin' || path.startsWith('/admin/')) return true;
  return path.startsWith('/two-factor/') && !TWO_FACTOR_PATHS.has(path);
}

/** The body to pass on for a two-factor path, after our checks; undefined for other paths. */
export async function beforeTwoFactorCall(
  path: string,
  request: FastifyRequest,
  ctx: AppContext,
): Promise<{ body: unknown } | undefined> {
  if (path === '/two-factor/verify-totp') {
    const { code } = parseOr400(twoFactorCodeBody, request.body);
    await refuseAfterWrongCodes(ctx, request.ip);
    return { body: { code } };
  }
  if (path === '/two-factor/verify-backup-code') {
    const { code } = parseOr400(backupCodeBody, request.body);
    await refuseAfterWrongCodes(ctx, request.ip);
    return { body: { code } };
  }
  if (!PASSWORD_PATHS.has(path)) return undefined;

  const user = await requireUser(ctx.sessions, request);
  // Enabling again would swap the secret while it stays verified: the user's app stops matching.
  if (path === '/two-factor/enable' && user.twoFactorEnabled) {
    throw conflict(AUTH_MESSAGES.twoFactorAlreadyOn);
  }
  await refuseAfterWrongPasswords(ctx, user.id);
  const given = (request.body ?? {}) as { password?: unknown; code?: unknown };
  if ((await signInMethods(ctx.db, user.id)).hasPassword) {
    if (typeof given.password !== 'string' || given.password === '') {
      throw badRequest(AUTH_MESSAGES.twoFactorPasswordNeeded);
    }
    return { body: { password: given.password } };
  }
  // No password to give (Google only): the plugin would let these through with nothing, so
  // turning it off or new backup codes take a current code instead.
  if (path !== '/two-factor/enable') await confirmCode(ctx, request, given.code);
  return { body: {} };
}

/**
 * better-auth's two-factor answers as we send them on: wrong passwords and codes counted, the
 * plugin's error codes in our words (with the code kept, so the web app knows which step to
 * show). True when it answered.
 */
export async function afterTwoFactorCall(
  path: string,
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  ctx: AppContext,
): Promise<boolean> {
  if (!TWO_FACTOR_PATHS.has(path) || response.ok) return false;
  const { code } = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  if (code === 'INVALID_PASSWORD' && PASSWORD_PATHS.has(path)) {
    const user = await ctx.sessions.user(request);
    if (user) await ctx.limiter.hit(RATE_RULES.passwordConfirmFailuresPerUser, user.id);
    reply.status(400).send({ code, message: ACCOUNT_MESSAGES.wrongPassword });
    return true;
  }
  if (!CODE_PATHS.has(path)) return false;
  if (response.status === 401) {
    await ctx.limiter.hit(RATE_RULES.twoFactorFailuresPerClient, request.ip);
  }
  const message = twoFactorMessage(code);
  if (!message) return false;
  reply.status(response.status).send({ code, message });
  return true;
}

function twoFactorMessage(code: string | undefined): string | null {
  switch (code) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return AUTH_MESSAGES.twoFactorWrongCode;
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return AUTH_MESSAGES.twoFactorTimedOut;
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return AUTH_MESSAGES.twoFactorTooManyCodes;
    case 'BANNED_USER':
      return AUTH_MESSAGES.suspended;
    default:
      return null;
  }
}

/** A current TOTP code, checked by the plugin itself for the signed-in user. */
async function confirmCode(ctx: AppContext, request: FastifyRequest, code: unknown) {
  await refuseAfterWrongCodes(ctx, request.ip);
  const parsed = twoFactorCodeBody.safeParse({ code });
  if (!parsed.success) throw badRequest(AUTH_MESSAGES.twoFactorCodeNeeded);
  try {
    await ctx.auth.api.verifyTOTP({
      headers: fromNodeHeaders(request.headers),
      body: { code: parsed.data.code },
    });
  } catch {
    await ctx.limiter.hit(RATE_RULES.twoFactorFailuresPerClient, request.ip);
    throw new HttpError(400, AUTH_MESSAGES.twoFactorWrongCode);
  }
}

async function refuseAfterWrongCodes(ctx: AppContext, ip: string) {
  const rule = RATE_RULES.twoFactorFailuresPerClient;
  const state = await ctx.limiter.peek(rule, ip);
  if (state.count >= rule.limit) throw tooManyRequests(rule, state);
}

async function refuseAfterWrongPasswords(ctx: AppContext, userId: string) {
  const rule = RATE_RULES.passwordConfirmFailuresPerUser;
  const state = await ctx.limiter.peek(rule, userId);
  if (state.count >= rule.limit) throw tooManyRequests(rule, state);
}
