import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { PersonalInfo } from '../../../shared/password-rule';
import { passwordProblem } from './password-check';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The password rule for better-auth's endpoints that set a new password for an existing account:
 * change-password (the account from the session) and reset-password (the account the reset
 * token was made for). Sign-up is checked in auth.routes.ts, before the sign-up rate limits.
 * A refusal is a 400 like our validation errors, `{ message, issues: [{ path, message }] }`,
 * thrown before better-auth touches anything: a reset token stays usable for a better password.
 */
export async function refuseWeakNewPassword(ctx: HookContext): Promise<void> {
  if (ctx.path !== '/change-password' && ctx.path !== '/reset-password') return;
  const body = (ctx.body ?? {}) as { newPassword?: unknown; token?: unknown };
  if (typeof body.newPassword !== 'string') return; // better-auth's own validation answers
  const owner =
    ctx.path === '/change-password' ? await sessionUser(ctx) : await resetTokenUser(ctx, body);
  // No session or an unknown token: better-auth refuses the request itself.
  if (!owner) return;
  const problem = await passwordProblem(body.newPassword, owner);
  if (problem) {
    throw new APIError('BAD_REQUEST', {
      message: problem,
      issues: [{ path: 'newPassword', message: problem }],
    });
  }
}

async function sessionUser(ctx: HookContext): Promise<PersonalInfo | null> {
  const session = await getSessionFromCtx(ctx, { disableCookieCache: true, disableRefresh: true });
  return session?.user ?? null;
}

/** Reads the token the way better-auth's reset-password does, without using it up. */
async function resetTokenUser(
  ctx: HookContext,
  body: { token?: unknown },
): Promise<PersonalInfo | null> {
  const query = (ctx.query ?? {}) as { token?: unknown };
  const token = body.token || query.token;
  if (typeof token !== 'string' || token === '') return null;
  const adapter = ctx.context.internalAdapter;
  const verification = await adapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  return adapter.findUserById(verification.value);
}
