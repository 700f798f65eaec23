import { APIError, createAuthMiddleware } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import { AUTH_MESSAGES, EMAIL_IN_USE } from '../../../shared/auth/contract';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The change of address a verify-email link carries (better-auth signs `{ email, updateTo }` into
 * the link's token), or null for a plain verification or a token that is not valid (better-auth
 * answers those itself).
 */
export async function addressChangeOf(
  token: unknown,
  secret: string,
): Promise<{ from: string; to: string } | null> {
  if (typeof token !== 'string' || token === '') return null;
  const payload = await verifyJWT<{ email?: unknown; updateTo?: unknown }>(token, secret);
  if (typeof payload?.email !== 'string' || typeof payload.updateTo !== 'string') return null;
  return { from: payload.email, to: payload.updateTo };
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

  const page = sameSitePage(query.callbackURL, ctx.context.baseURL);
  if (page) {
    page.searchParams.set('error', EMAIL_IN_USE);
    throw ctx.redirect(page.pathname + page.search + page.hash);
  }
  throw new APIError('CONFLICT', { code: EMAIL_IN_USE, message: AUTH_MESSAGES.emailInUse });
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
