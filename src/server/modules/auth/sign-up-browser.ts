import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import type { FastifyRequest } from 'fastify';
import type { Auth } from './auth';
import { cookieValue } from './session-cache';

/**
 * The verification link signs in only the browser that signed up (issue 45). better-auth's
 * `autoSignInAfterVerification` would sign in whoever opens the link, and that invites a
 * pre-hijack: someone signs up with another person's address and a password of their own; the
 * owner of the address opens the mail, finds themselves signed in and uses the account, whose
 * password the other person knows. So the sign-up answer gives its browser a cookie signed for
 * the account it created, and a link opened anywhere else verifies the address but signs no one
 * in (the user signs in with the password, as before).
 *
 * A sign-up with an address that already has an account must look like any other: its answer
 * carries a cookie too, signed for the made-up account better-auth answers with, which matches
 * no account. So the browser of someone signing up with an address another person registered
 * first is never signed in to that account by its link.
 */
export const SIGN_UP_COOKIE = 'reverie.signup';
/** As long as the link works (emailVerification.expiresIn). */
const MAX_AGE_SECONDS = 24 * 60 * 60;
const VERIFY_PATH = '/api/auth/verify-email';

const sign = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`sign-up:${userId}`).digest('base64url');

/**
 * The cookie for the browser that sent this sign-up: signed for the account in better-auth's
 * answer (a new account's id, or the made-up one answered for a taken address).
 */
export async function signUpCookie(answer: Response, secret: string, secure: boolean) {
  const body = (await answer
    .clone()
    .json()
    .catch(() => null)) as { user?: { id?: unknown } } | null;
  const id = body?.user?.id;
  const value = sign(secret, typeof id === 'string' ? id : randomBytes(16).toString('base64url'));
  return [
    `${SIGN_UP_COOKIE}=${value}`,
    `Path=${VERIFY_PATH}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function signedUpHere(request: FastifyRequest, secret: string, userId: string) {
  const given = Buffer.from(parseCookies(request.headers.cookie ?? '').get(SIGN_UP_COOKIE) ?? '');
  const expected = Buffer.from(sign(secret, userId));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * better-auth's answer to a verification link, without the session it made when the link was
 * opened in a browser that did not sign up for that account: the session is deleted and its
 * cookie left out. A session the browser already had is left alone, and so is the one a change
 * of address makes (its link was asked for by the signed-in account: `isChange`).
 */
export async function signInOnlyWhereSignedUp(
  request: FastifyRequest,
  answer: Response,
  auth: Auth,
  isChange: boolean,
): Promise<Response> {
  if (isChange) return answer;
  const context = await auth.$context;
  const { sessionToken, sessionData } = context.authCookies;
  const made = answer.headers
    .getSetCookie()
    .map((header) => cookieValue(header.split(';')[0], sessionToken.name))
    .find((value) => value !== undefined && value !== '');
  if (!made || made === cookieValue(request.headers.cookie, sessionToken.name)) return answer;
  const token = tokenOf(made);
  const session = await context.internalAdapter.findSession(token);
  if (session && signedUpHere(request, context.secret, session.user.id)) return answer;

  await context.internalAdapter.deleteSession(token);
  const headers = new Headers();
  answer.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers.set(key, value);
  });
  for (const header of answer.headers.getSetCookie()) {
    const name = header.slice(0, header.indexOf('='));
    if (name !== sessionToken.name && name !== sessionData.name) {
      headers.append('set-cookie', header);
    }
  }
  return new Response(answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers,
  });
}

/** The session token in a signed cookie value (`token.signature`, URI-encoded). */
function tokenOf(value: string) {
  const decoded = decodeURIComponent(value);
  const dot = decoded.lastIndexOf('.');
  return dot > 0 ? decoded.slice(0, dot) : decoded;
}
