import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import type { FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP's scheme against account lock-out): after a successful sign-in the
 * browser gets a cookie signed for that account. Failed sign-ins from a browser holding one are
 * counted for that cookie alone, so a stranger's wrong guesses — which lock the account for
 * every unknown browser — never stop the owner signing in where they have signed in before.
 * The cookie names no account: it holds a random nonce and an HMAC of the address and nonce.
 */
export const DEVICE_COOKIE = 'reverie.device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const sign = (secret: string, email: string, nonce: string) =>
  createHmac('sha256', secret).update(`device:${email}:${nonce}`).digest('base64url');

const normalise = (email: string) => email.trim().toLowerCase();

/** The nonce of this browser's device cookie when it was signed for `email`; otherwise null. */
export function knownDevice(request: FastifyRequest, secret: string, email: string): string | null {
  const cookie = parseCookies(request.headers.cookie ?? '').get(DEVICE_COOKIE) ?? '';
  const [nonce, signature] = cookie.split('.');
  if (!nonce || !signature) return null;
  const expected = Buffer.from(sign(secret, normalise(email), nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** A fresh device cookie for the account that has just signed in (a new nonce every time). */
export function deviceCookie(secret: string, email: string, secure: boolean): string {
  const nonce = randomBytes(16).toString('base64url');
  const value = `${nonce}.${sign(secret, normalise(email), nonce)}`;
  return [
    `${DEVICE_COOKIE}=${value}`,
    'Path=/api/auth',
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
