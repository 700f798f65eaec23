import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  changeEmailRequest,
  changePasswordRequest,
  EMAIL_CHANGED_CALLBACK,
  passwordResetRequest,
  RESET_PASSWORD_PAGE,
  resetPasswordRequest,
  revokeSessionRequest,
  type AccountSession,
} from '../../../shared/account/contract';
import type { AppContext } from '../../context';
import { findSessionToken, signInMethods } from './users.repo';
import { badRequest, notFound, parseOr400 } from '../../errors';
import { enforce, tooManyRequests } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import { fromNodeHeaders } from 'better-auth/node';
import { emailChangeNoticeMail } from './auth.emails';
import { isCurrentPassword } from './current-password';
import { brandName } from '../site';
import { queueMail } from './queued-mail';
import { cookieValue } from './session-cache';

/**
 * Our checks around better-auth's account endpoints (issue 14): what each may receive, our rate
 * limits on every one that sends mail, and answers that reveal neither tokens nor whether an
 * address has an account. Returns the body to pass on, or undefined when the path is not one of
 * these.
 */
export async function beforeAccountCall(
  path: string,
  request: FastifyRequest,
  ctx: AppContext,
): Promise<{ body: unknown } | undefined> {
  const { limiter } = ctx;
  switch (path) {
    case '/request-password-reset': {
      const { email } = parseOr400(passwordResetRequest, request.body);
      await enforce(limiter, RATE_RULES.mailsPerClient, request.ip);
      await enforce(limiter, RATE_RULES.mailsPerAddress, email.toLowerCase());
      // The link always leads to our page: a request cannot send it anywhere else.
      return { body: { email, redirectTo: RESET_PASSWORD_PAGE } };
    }
    case '/reset-password':
      return { body: parseOr400(resetPasswordRequest, request.body) };
    case '/change-password': {
      // Wrong current passwords are counted (afterAccountCall): guessing needs more than a session.
      const user = await requireUser(ctx.sessions, request);
      await refuseAfterWrongPasswords(ctx, user.id);
      return { body: parseOr400(changePasswordRequest, request.body) };
    }
    case '/change-email': {
      const user = await requireUser(ctx.sessions, request);
      const { newEmail, password } = parseOr400(changeEmailRequest, request.body);
      if (newEmail.toLowerCase() === user.email.toLowerCase()) {
        throw badRequest(ACCOUNT_MESSAGES.sameEmail);
      }
      await confirmPassword(ctx, request, user.id, password);
      await enforce(limiter, RATE_RULES.mailsPerClient, request.ip);
      await enforce(limiter, RATE_RULES.mailsPerAddress, newEmail.toLowerCase());
      // The address in use hears of it: if it was not its owner, they can act.
      await queueMail(
        ctx.db,
        ctx.jobs,
        emailChangeNoticeMail(user.email, newEmail, ctx.config.publicUrl, await brandName(ctx.db)),
      );
      return { body: { newEmail, callbackURL: EMAIL_CHANGED_CALLBACK } };
    }
    case '/revoke-session': {
      // The page names a session by its id; the token, which signs in, never leaves the server.
      const user = await requireUser(ctx.sessions, request);
      const { id } = parseOr400(revokeSessionRequest, request.body);
      const token = await findSessionToken(ctx.db, user.id, id);
      if (!token) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
      return { body: { token } };
    }
    default:
      return undefined;
  }
}

/**
 * better-auth's answers for these paths as we send them on: the list of sessions carries ids and
 * which one is this browser's, never tokens or addresses (a reset request is answered before
 * better-auth sees it: auth.routes.ts). True when it answered (a reply is thenable: never return
 * it from an async function), false for other paths.
 */
export async function afterAccountCall(
  path: string,
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  ctx: AppContext,
  sessionCookieName: string,
) {
  if (path === '/change-password' && response.status === 400) {
    const { code } = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    const user = await ctx.sessions.user(request);
    if (code === 'INVALID_PASSWORD' && user) {
      await ctx.limiter.hit(RATE_RULES.passwordConfirmFailuresPerUser, user.id);
    }
    return false;
  }
  if (path === '/list-sessions' && response.ok) {
    const sessions = (await response.json()) as {
      id: string;
      token: string;
      userAgent?: string | null;
      createdAt: string;
      updatedAt: string;
      expiresAt: string;
    }[];
    const mine = currentToken(request, sessionCookieName);
    const shown: AccountSession[] = sessions
      .map((s) => ({
        id: s.id,
        userAgent: s.userAgent ?? null,
        createdAt: new Date(s.createdAt).toISOString(),
        updatedAt: new Date(s.updatedAt).toISOString(),
        expiresAt: new Date(s.expiresAt).toISOString(),
        current: s.token === mine,
      }))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    reply.header('cache-control', 'no-store').send(shown);
    return true;
  }
  return false;
}

/** 429 once a session has given too many wrong current passwords lately. */
async function refuseAfterWrongPasswords(ctx: AppContext, userId: string) {
  const rule = RATE_RULES.passwordConfirmFailuresPerUser;
  const state = await ctx.limiter.peek(rule, userId);
  if (state.count >= rule.limit) throw tooManyRequests(rule, state);
}

/**
 * The account's current password, for an account that has one (one that signs in only with
 * Google has none to give); a wrong one is counted like a failed sign-in.
 */
async function confirmPassword(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  password: string | undefined,
) {
  await refuseAfterWrongPasswords(ctx, userId);
  if (!(await signInMethods(ctx.db, userId)).hasPassword) return;
  if (!password) throw badRequest(ACCOUNT_MESSAGES.passwordForEmailChange);
  if (await isCurrentPassword(ctx.auth, fromNodeHeaders(request.headers), password)) return;
  await ctx.limiter.hit(RATE_RULES.passwordConfirmFailuresPerUser, userId);
  throw badRequest(ACCOUNT_MESSAGES.wrongPassword);
}

/** The session token in this request's signed cookie (`token.signature`). */
function currentToken(request: FastifyRequest, cookieName: string) {
  const raw = cookieValue(request.headers.cookie, cookieName);
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf('.');
  return dot > 0 ? value.slice(0, dot) : value;
}
