import { APIError, createAuthMiddleware } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import { AUTH_MESSAGES, EMAIL_IN_USE } from '../../../shared/auth/contract';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** What a verify-email link's token says, or null for a token that is not valid. */
async function linkOf(token: unknown, secret: string) {
  if (typeof token !== 'string' || token === '') return null;
  const payload = await verifyJWT<{ email?: unknown; updateTo?: unknown; iat?: unknown }>(
    token,
    secret,
  );
  if (typeof payload?.email !== 'string') return null;
  return {
    email: payload.email,
    updateTo: typeof payload.updateTo === 'string' ? payload.updateTo : null,
    issuedAt: typeof payload.iat === 'number' ? payload.iat : null,
  };
}

/**
 * The change of address a verify-email link carries (better-auth signs `{ email, updateTo }` into
 * the link's token), or null for a plain verification or a token that is not valid (better-auth
 * answers those itself).
 */
export async function addressChangeOf(
  token: unknown,
  secret: string,
): Promise<{ from: string; to: string } | null> {
  const link = await linkOf(token, secret);
  return link?.updateTo ? { from: link.email, to: link.updateTo } : null;
}

/** The address a plain verification link verifies, or null (a change of address, or invalid). */
export async function verifiedAddressOf(token: unknown, secret: string): Promise<string | null> {
  const link = await linkOf(token, secret);
  return link && !link.updateTo ? link.email : null;
}

/**
 * A verify-email link made before the account that now holds its address existed was not made
 * for that account: better-auth finds the account by the address alone, so the link of an account
 * that has since moved to another address (a change of address, whose `email` is the old one)
 * would move the newcomer's account and sign its opener in to it. Refused as a link that is no
 * longer valid (INVALID_TOKEN, to the link's page when it names one). Links are signed to the
 * second, so an account made in the same second as its link is its own.
 */
export async function refuseLinkOlderThanAccount(ctx: HookContext): Promise<void> {
  if (ctx.path !== '/verify-email') return;
  const query = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown };
  const link = await linkOf(query.token, ctx.context.secret);
  if (!link || link.issuedAt === null) return;
  const holder = await ctx.context.internalAdapter.findUserByEmail(link.email);
  if (!holder) return;
  if (new Date(holder.user.createdAt).getTime() < (link.issuedAt + 1) * 1000) return;
  refuseLink(
    ctx,
    query.callbackURL,
    'INVALID_TOKEN',
    new APIError('UNAUTHORIZED', {
      code: 'INVALID_TOKEN',
      message: 'This link is invalid or has expired.',
    }),
  );
}

/**
 * A change of address asked for before the account's password was last set (a reset, or a
 * change): whoever asked knew the old password, which is exactly what the owner who reset it was
 * shutting out. Its link, mailed to the address it would move the account to, must not still
 * move the account. Refused as a link that is no longer valid (INVALID_TOKEN). The password's
 * time is its credential account's `updatedAt`, which better-auth sets when it writes a password.
 */
export async function refuseChangeOlderThanPassword(ctx: HookContext): Promise<void> {
  if (ctx.path !== '/verify-email') return;
  const query = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown };
  const link = await linkOf(query.token, ctx.context.secret);
  if (!link?.updateTo || link.issuedAt === null) return;
  const adapter = ctx.context.internalAdapter;
  const holder = await adapter.findUserByEmail(link.email);
  if (!holder) return;
  const accounts = await adapter.findAccounts(holder.user.id);
  const password = accounts.find((a) => a.providerId === 'credential');
  // Links are signed to the second: a password set in the link's own second (an account made
  // and moved at once) counts as before it.
  if (!password || new Date(password.updatedAt).getTime() < (link.issuedAt + 1) * 1000) return;
  refuseLink(
    ctx,
    query.callbackURL,
    'INVALID_TOKEN',
    new APIError('UNAUTHORIZED', {
      code: 'INVALID_TOKEN',
      message: 'This link is invalid or has expired.',
    }),
  );
}

/**
 * A change of address whose new address another account took after the link was mailed (someone
 * signed up with it): better-auth would make a session for the link, then fail on the address's
 * unique key with a 500, every time the link is opened. Refused here before anything is written:
 * back to the link's page with `?error=EMAIL_IN_USE` (as better-auth reports a link's other
 * errors), or a 409 with the message when the link names no page. The account keeps its address
 * and can ask for a change to another one.
 */
export async function refuseTakenNewAddress(ctx: HookContext): Promise<void> {
  if (ctx.path !== '/verify-email') return;
  const query = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown };
  const change = await addressChangeOf(query.token, ctx.context.secret);
  if (!change) return;
  const adapter = ctx.context.internalAdapter;
  const holder = await adapter.findUserByEmail(change.to);
  if (!holder) return;
  // A link opened again after its change went through: the account now holds the address, and
  // its old one is gone; better-auth answers that as a used link.
  const owner = await adapter.findUserByEmail(change.from);
  if (!owner || owner.user.id === holder.user.id) return;

  refuseLink(
    ctx,
    query.callbackURL,
    EMAIL_IN_USE,
    new APIError('CONFLICT', { code: EMAIL_IN_USE, message: AUTH_MESSAGES.emailInUse }),
  );
}

/**
 * Back to the link's page with `?error=<code>` when it names one of ours (as better-auth reports
 * a link's errors), else the error itself.
 */
function refuseLink(ctx: HookContext, callbackURL: unknown, code: string, error: APIError): never {
  const page = sameSitePage(callbackURL, ctx.context.baseURL);
  if (page) {
    page.searchParams.set('error', code);
    throw ctx.redirect(page.pathname + page.search + page.hash);
  }
  throw error;
}

/** The link's page to go back to, when it is one of this site's (never another site's). */
function sameSitePage(callbackURL: unknown, baseURL: string): URL | null {
  if (typeof callbackURL !== 'string' || callbackURL === '') return null;
  try {
    const page = new URL(callbackURL, baseURL);
    return page.origin === new URL(baseURL).origin ? page : null;
  } catch {
    return null;
  }
}
