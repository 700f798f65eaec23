import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  authEmailBody,
  signUpSchema,
  type AccountSuspendedResponse,
  type EmailNotVerifiedResponse,
} from '../../../shared/auth/contract';
import {
  ACCOUNT_MESSAGES,
  type PasswordResetResponse,
  type ResetPasswordRequest,
  type ResetPasswordResponse,
} from '../../../shared/account/contract';
import * as endpoints from '../../../shared/auth/endpoints';
import type { SuccessResponse } from '../../../shared/responses';
import type { AppContext } from '../../context';
import { notFound, parseOr400, serviceUnavailable, validationError } from '../../errors';
import { route } from '../../http/route';
import { enforce, tooManyRequests } from '../../plugins/rate-limit';
import { RATE_RULES } from '../../rate-rules';
import { AUTH_BASE_PATH, GOOGLE_PROVIDER_ID } from './auth';
import { afterAccountCall, beforeAccountCall } from './account-checks';
import { afterAnswers } from './after-answer';
import { addressChangeOf, verifiedAddressOf } from './email-change';
import { deviceCookie, knownDevice } from './known-devices';
import { passwordProblem } from './password-check';
import { resetLinkAddress } from './reset-links';
import { signInOnlyWhereSignedUp, signUpCookie } from './sign-up-browser';
import { afterTwoFactorCall, beforeTwoFactorCall, isClosedPath } from './two-factor-gate';

/**
 * Where a Google sign-in or a change-of-address link lands when the account has two-factor on:
 * no session yet, the challenge cookie set; the web app opens the sign-in dialog at its code step.
 */
const TWO_FACTOR_LANDING = '/?twoFactor=1';

/**
 * Where the verification link lands: the app, signed in when the link was opened in the browser
 * that signed up; the web app says the account is ready (and offers sign-in when signed out). A
 * used or expired link comes back with `&error=`.
 */
const VERIFIED_CALLBACK = '/chat?verified=1';

/** better-auth endpoints not served over HTTP (answered 404 like a path that does not exist). */
const UNOFFERED_PATHS = new Set([
  '/verify-password',
  '/get-access-token',
  '/refresh-token',
  '/account-info',
  '/list-accounts',
  '/link-social',
  '/unlink-account',
  '/update-user',
  '/delete-user',
]);

/**
 * Mounts better-auth under /api/auth. Requests pass through here first so we can validate
 * sign-up the way the form does, refuse weak passwords and apply our rate limits, and make
 * some of better-auth's answers friendlier.
 */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const { auth, limiter, config } = ctx;
  const authContext = await auth.$context;
  const sessionCookieName = authContext.authCookies.sessionToken.name;
  const challengeCookieName = authContext.createAuthCookie('two_factor').name;
  const later = afterAnswers();
  app.addHook('onClose', () => later.settle());

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    // For the OpenAPI document: better-auth's own endpoints, the ones the web app calls named
    // (src/shared/auth/endpoints.ts).
    schema: {
      summary: 'better-auth (sign-in, sign-up, sessions, password and e-mail changes)',
      description:
        'Served by better-auth after our checks (validation, password rule, rate limits). ' +
        'The web app calls: ' +
        endpoints.betterAuthEndpoints.map((e) => `${e.method} ${e.path}`).join(', ') +
        '.',
      tags: ['Auth'],
    },
    handler: async (request, reply) => {
      const path = new URL(request.url, 'http://x').pathname.slice(AUTH_BASE_PATH.length);
      let body: unknown = request.body;
      if (request.method === 'POST') {
        await enforce(limiter, RATE_RULES.authRequestsPerClient, request.ip);
      }

      if (path === '/sign-up/email') body = await beforeSignUp(request, ctx);
      if (path === '/sign-in/email') await beforeSignIn(request, ctx);
      if (path === '/send-verification-email') {
        const { email } = parseOr400(authEmailBody, request.body);
        await enforce(limiter, RATE_RULES.mailsPerClient, request.ip);
        await enforce(limiter, RATE_RULES.mailsPerAddress, email.toLowerCase());
        body = { email, callbackURL: VERIFIED_CALLBACK };
      }
      // A password check any session could call: guessing through it is not offered. Nor are
      // better-auth's account endpoints the app does not use: they would hand page script the
      // linked Google account's tokens, or change a name past the sign-up form's rules.
      if (UNOFFERED_PATHS.has(path)) throw notFound();
      // The admin plugin's endpoints (our /api/admin routes call them in process) and the
      // two-factor endpoints the app does not use are not there over HTTP.
      if (isClosedPath(path)) throw notFound();
      if (path === '/sign-in/oauth2' && !config.google) {
        throw serviceUnavailable(AUTH_MESSAGES.googleNotConfigured);
      }
      if (request.method === 'POST') {
        const checked =
          (await beforeAccountCall(path, request, ctx)) ??
          (await beforeTwoFactorCall(path, request, ctx));
        if (checked) body = checked.body;
      }
      // 'Forgot password?' answers before anything depends on the address (the checks above are
      // the same for every address): better-auth looks it up, stores a token and queues the mail
      // after the answer has gone, so the answer's timing cannot tell an account from none.
      if (path === '/request-password-reset' && request.method === 'POST') {
        const forwarded = toFetchRequest(request, config.publicUrl, body);
        later.run(reply, async () => {
          const response = await auth.handler(forwarded);
          if (!response.ok) {
            request.log.error({ status: response.status }, 'password reset request failed');
          }
        });
        reply.send({
          status: true,
          message: ACCOUNT_MESSAGES.resetRequested,
        } satisfies PasswordResetResponse);
        return reply;
      }

      // Read before better-auth uses the link up: a successful reset answers the address.
      const resetFor =
        path === '/reset-password' && request.method === 'POST'
          ? await resetLinkAddress(ctx.db, (body as ResetPasswordRequest).token)
          : null;

      let response = await auth.handler(toFetchRequest(request, config.publicUrl, body));
      const extraCookies: string[] = [];
      if (path === '/verify-email' && request.method === 'GET') {
        const { token } = (request.query ?? {}) as { token?: unknown };
        const isChange = (await addressChangeOf(token, config.authSecret)) !== null;
        response = await signInOnlyWhereSignedUp(request, response, auth, isChange);
        // Signed in by its link, the browser that signed up is the account's known device, as
        // after a password sign-in: a stranger's wrong guesses never lock its owner out here.
        const address = await verifiedAddressOf(token, config.authSecret);
        if (address && setsSession(response, sessionCookieName)) {
          const secure = config.publicUrl.startsWith('https:');
          extraCookies.push(deviceCookie(config.authSecret, address, secure));
        }
      }
      // A Google sign-in or an address-change link for an account with two-factor on made no
      // session (two-factor-hooks.ts): the browser goes to the code step instead.
      if (request.method === 'GET' && setsCookie(response, challengeCookieName)) {
        response = toTwoFactorLanding(response);
      }
      // Any POST here may end or change sessions (sign-out, revocation, password or e-mail
      // change): the next request of every user is checked against the database again.
      if (request.method === 'POST') ctx.sessions.forgetAll();

      if (path === '/sign-in/email') return afterSignIn(request, reply, response, ctx);
      if (await afterAccountCall(path, request, reply, response, ctx, sessionCookieName)) {
        return reply;
      }
      if (await afterTwoFactorCall(path, request, reply, response, ctx)) return reply;
      // A new and an already registered address must look alike, so the body says nothing (and
      // both answers carry the sign-up cookie, see sign-up-browser.ts).
      if (path === '/sign-up/email' && response.ok) {
        const secure = config.publicUrl.startsWith('https:');
        reply.header('set-cookie', await signUpCookie(response, config.authSecret, secure));
        return reply.send({ success: true } satisfies SuccessResponse);
      }
      // The reset page opens the sign-in form with the address filled in.
      if (path === '/reset-password' && response.ok && resetFor) {
        return reply
          .header('cache-control', 'no-store')
          .send({ status: true, email: resetFor } satisfies ResetPasswordResponse);
      }
      return forward(reply, response, extraCookies);
    },
  });

  /** The spec's logout call: ends the current session and clears the cookie. */
  await route(app, ctx, endpoints.logout, async (request, reply) => {
    const response = await auth.handler(
      toFetchRequest(request, config.publicUrl, {}, `${AUTH_BASE_PATH}/sign-out`),
    );
    ctx.sessions.forgetAll();
    if (response.status >= 400) {
      // Signed out already (no or expired cookie): logout is idempotent.
      reply.header('set-cookie', response.headers.getSetCookie());
      return reply.status(200).send({ success: true });
    }
    return forward(reply, response);
  });

  /** Which sign-in methods this server offers, so the UI can say when Google is not set up. */
  await route(app, ctx, endpoints.authConfig, async () => ({
    google: Boolean(config.google),
    googleProviderId: GOOGLE_PROVIDER_ID,
  }));
}

async function beforeSignUp(request: FastifyRequest, { limiter }: AppContext) {
  const input = parseOr400(signUpSchema, request.body);
  // Before the sign-up rate limits, so a refused password does not use up the client's tries.
  const problem = await passwordProblem(input.password, input);
  if (problem) throw validationError([{ path: 'password', message: problem }]);
  await enforce(limiter, RATE_RULES.signUpsPerClient, request.ip);
  await enforce(limiter, RATE_RULES.mailsPerClient, request.ip);
  await enforce(limiter, RATE_RULES.mailsPerAddress, input.email.toLowerCase());
  return {
    name: input.name,
    email: input.email,
    password: input.password,
    callbackURL: VERIFIED_CALLBACK,
  };
}

async function beforeSignIn(request: FastifyRequest, ctx: AppContext) {
  const { email } = parseOr400(authEmailBody, request.body);
  const { limiter } = ctx;
  for (const [rule, key] of signInKeys(request, email, ctx)) {
    const state = await limiter.peek(rule, key);
    if (state.count >= rule.limit) throw tooManyRequests(rule, state);
  }
}

async function afterSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  ctx: AppContext,
) {
  const { limiter, config } = ctx;
  const email = String((request.body as { email?: unknown }).email ?? '');
  if (response.status === 401) {
    for (const [rule, key] of signInKeys(request, email, ctx)) await limiter.hit(rule, key);
  } else if (response.ok) {
    const device = knownDevice(request, config.authSecret, email);
    if (device) await limiter.reset(RATE_RULES.signInFailuresPerDevice, device);
    else await limiter.reset(RATE_RULES.signInFailuresPerEmail, email.trim().toLowerCase());
    const secure = config.publicUrl.startsWith('https:');
    return forward(reply, response, [deviceCookie(config.authSecret, email, secure)]);
  } else if (response.status === 403) {
    const payload = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    if (payload.code === 'EMAIL_NOT_VERIFIED') {
      return reply.status(403).send({
        code: 'EMAIL_NOT_VERIFIED',
        message: AUTH_MESSAGES.emailNotVerified,
      } satisfies EmailNotVerifiedResponse);
    }
    // Only after a right password: a guesser learns nothing from it.
    if (payload.code === 'BANNED_USER') {
      return reply.status(403).send({
        code: 'ACCOUNT_SUSPENDED',
        message: AUTH_MESSAGES.suspended,
      } satisfies AccountSuspendedResponse);
    }
  }
  return forward(reply, response);
}

/**
 * The counters a sign-in attempt is held to: per client address, and per account — for a
 * browser that has signed in to this account before, its own device counter; for every other
 * browser, one shared counter for the account (so guessing stays bounded across all clients
 * without letting a stranger lock the owner out of their own browser).
 */
function signInKeys(request: FastifyRequest, email: string, { config }: AppContext) {
  const device = knownDevice(request, config.authSecret, email);
  return [
    device
      ? ([RATE_RULES.signInFailuresPerDevice, device] as const)
      : ([RATE_RULES.signInFailuresPerEmail, email.trim().toLowerCase()] as const),
    [RATE_RULES.signInFailuresPerClient, request.ip] as const,
  ];
}

/** Builds the Fetch API request better-auth expects from Fastify's request. */
function toFetchRequest(
  request: FastifyRequest,
  publicUrl: string,
  body: unknown,
  url: string = request.url,
): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length' || key === 'x-forwarded-for') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // The client address Fastify trusts (proxy-aware when TRUST_PROXY is set), never a spoofed one.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body ?? {}) : undefined,
  });
}

/** Whether an answer signs its browser in (sets a non-empty session cookie). */
function setsSession(response: Response, sessionCookieName: string): boolean {
  return setsCookie(response, sessionCookieName);
}

/** Whether an answer sets the cookie `name` to a value (not expires it). */
function setsCookie(response: Response, name: string): boolean {
  return response.headers
    .getSetCookie()
    .some((header) => header.startsWith(`${name}=`) && !header.startsWith(`${name}=;`));
}

/** The same answer's cookies, as a redirect to the code step. */
function toTwoFactorLanding(response: Response): Response {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
  headers.set('location', TWO_FACTOR_LANDING);
  headers.set('cache-control', 'no-store');
  return new Response(null, { status: 302, headers });
}

async function forward(reply: FastifyReply, response: Response, extraCookies: string[] = []) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') {
      reply.header(key, value);
    }
  });
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  return reply.send(text === '' ? undefined : withoutTokens(text, response));
}

/**
 * The session token lives in an HttpOnly cookie; better-auth also echoes it in JSON bodies
 * (sign-in, get-session). We drop it there so page scripts can never read it.
 */
function withoutTokens(text: string, response: Response): string {
  if (!response.headers.get('content-type')?.includes('application/json')) return text;
  try {
    const data = JSON.parse(text) as unknown;
    if (!data || typeof data !== 'object') return text;
    const record = data as { token?: unknown; session?: { token?: unknown } | null };
    delete record.token;
    if (record.session && typeof record.session === 'object') delete record.session.token;
    return JSON.stringify(record);
  } catch {
    return text;
  }
}
