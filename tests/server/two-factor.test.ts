import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/auth/contract';
import { startOidcServer } from '../doubles/oidc-server';
import { DIRECT_SIGN_IN_PASSWORD } from '../support/direct-sign-in';
import { enrolTwoFactor, secretOf, totpCode, wrongCode } from '../support/two-factor';
import type { TestClient } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Two-factor authentication (issue 48, decision 0055): enrolment, sign-in with a code or a
 * backup code, what the gate refuses, and Google's sign-in asking for the code too.
 */

let t: TestApp;
let oidc: Awaited<ReturnType<typeof startOidcServer>>;
let clients = 0;

beforeAll(async () => {
  oidc = await startOidcServer();
  t = await startTestApp({
    GOOGLE_CLIENT_ID: 'client-id',
    GOOGLE_CLIENT_SECRET: 'client-secret',
    GOOGLE_ISSUER: oidc.issuer,
    TRUST_PROXY: '127.0.0.1',
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

/** A browser of its own (its own client address, so one test's wrong codes stay its own). */
const browser = () => t.client({ 'x-forwarded-for': `10.9.0.${++clients}` });

const emailOf = async (c: TestClient) => (await c.get('/api/auth/get-session')).json.user.email;

async function signInWithPassword(email: string, c = browser()) {
  const res = await c.post('/api/auth/sign-in/email', {
    email,
    password: DIRECT_SIGN_IN_PASSWORD,
  });
  return { c, res };
}

/** A user with two-factor on, and a browser at the code step of a new sign-in. */
async function atCodeStep() {
  const owner = await t.signedInUser();
  const email = await emailOf(owner);
  const { secret, backupCodes } = await enrolTwoFactor(owner);
  const { c, res } = await signInWithPassword(email);
  expect(res.status).toBe(200);
  return { c, email, secret, backupCodes, owner };
}

describe('enrolment', () => {
  it('takes the password, then a first code, and signs every other device out', async () => {
    const user = await t.signedInUser();
    const email = await emailOf(user);
    const { c: otherDevice } = await signInWithPassword(email);
    expect((await otherDevice.get('/api/auth/get-session')).json.user.email).toBe(email);

    const wrong = await user.post('/api/auth/two-factor/enable', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('That password is not correct.');

    const enabled = await user.post('/api/auth/two-factor/enable', {
      password: DIRECT_SIGN_IN_PASSWORD,
    });
    expect(enabled.status).toBe(200);
    const uri = new URL(enabled.json.totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Reverie');
    expect(enabled.json.backupCodes).toHaveLength(10);
    // Not on until the first code: sign-in is unchanged meanwhile.
    expect((await user.get('/api/auth/get-session')).json.user.twoFactorEnabled).toBe(false);

    const secret = secretOf(enabled.json.totpURI);
    const mistyped = await user.post('/api/auth/two-factor/verify-totp', {
      code: await wrongCode(secret),
    });
    expect(mistyped.status).toBe(401);
    expect(mistyped.json.message).toBe(AUTH_MESSAGES.twoFactorWrongCode);

    const oldCookie = user.cookieHeader;
    const done = await user.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret),
    });
    expect(done.status).toBe(200);
    expect(done.json.token).toBeUndefined();
    expect((await user.get('/api/auth/get-session')).json.user.twoFactorEnabled).toBe(true);
    // The session it was typed in is replaced, and the other device is signed out.
    const stale = await t.client({ cookie: oldCookie }).get('/api/auth/get-session');
    expect(stale.json).toBeNull();
    expect((await otherDevice.get('/api/auth/get-session')).json).toBeNull();

    const again = await user.post('/api/auth/two-factor/enable', {
      password: DIRECT_SIGN_IN_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(AUTH_MESSAGES.twoFactorAlreadyOn);
  });

  it('needs the password of an account that has one', async () => {
    const user = await t.signedInUser();
    const res = await user.post('/api/auth/two-factor/enable', {});
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(AUTH_MESSAGES.twoFactorPasswordNeeded);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code after the password, and signs in only with a right one', async () => {
    const { c, secret } = await atCodeStep();
    // The password was right, but there is no session yet.
    expect((await c.get('/api/auth/get-session')).json).toBeNull();

    const wrong = await c.post('/api/auth/two-factor/verify-totp', {
      code: await wrongCode(secret),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      code: 'INVALID_CODE',
      message: AUTH_MESSAGES.twoFactorWrongCode,
    });
    const malformed = await c.post('/api/auth/two-factor/verify-totp', { code: '12ab' });
    expect(malformed.status).toBe(400);

    // "Trust this device" is not offered: sent anyway, it is dropped.
    const right = await c.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret),
      trustDevice: true,
    });
    expect(right.status).toBe(200);
    expect(right.headers.getSetCookie().some((h) => h.includes('trust_device'))).toBe(false);
    expect(right.json.token).toBeUndefined();
    expect((await c.get('/api/auth/get-session')).json.user.twoFactorEnabled).toBe(true);
  });

  it('answers the sign-in with twoFactorRedirect and no session cookie', async () => {
    const owner = await t.signedInUser();
    const email = await emailOf(owner);
    await enrolTwoFactor(owner);
    const { c, res } = await signInWithPassword(email);
    expect(res.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(c.cookieHeader).toContain('reverie.two_factor=');
    expect(c.cookieHeader).not.toContain('reverie.session_token=');
  });

  it('takes a backup code once', async () => {
    const { c, email, backupCodes } = await atCodeStep();
    const code = backupCodes[0]!;
    const used = await c.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(used.status).toBe(200);
    expect((await c.get('/api/auth/get-session')).json.user.email).toBe(email);

    const { c: later } = await signInWithPassword(email);
    const twice = await later.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(twice.status).toBe(401);
    expect(twice.json.message).toBe(AUTH_MESSAGES.twoFactorWrongCode);
    expect((await later.get('/api/auth/get-session')).json).toBeNull();
  });

  it('starts over after five wrong codes', async () => {
    const { c, secret } = await atCodeStep();
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/api/auth/two-factor/verify-totp', {
        code: await wrongCode(secret),
      });
      expect(res.status).toBe(401);
    }
    const sixth = await c.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret),
    });
    expect(sixth.status).toBe(400);
    expect(sixth.json.message).toBe(AUTH_MESSAGES.twoFactorTimedOut);
    // The challenge is gone: even a right code needs the password again.
    const late = await c.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret),
    });
    expect(late.status).toBe(401);
    expect(late.json.message).toBe(AUTH_MESSAGES.twoFactorTimedOut);
    expect((await c.get('/api/auth/get-session')).json).toBeNull();
  });
});

describe('the gate', () => {
  it('has none of the admin plugin’s endpoints over HTTP', async () => {
    const admin = await t.signedInUser();
    const adminPaths = Object.values(t.auth.api as Record<string, { path?: string }>)
      .map((endpoint) => endpoint.path)
      .filter((path): path is string => typeof path === 'string' && path.startsWith('/admin/'));
    expect(adminPaths).toEqual(
      expect.arrayContaining(['/admin/impersonate-user', '/admin/set-role', '/admin/list-users']),
    );
    for (const path of adminPaths) {
      const post = await admin.post(`/api/auth${path}`, {});
      expect(post.status, path).toBe(404);
      const get = await admin.get(`/api/auth${path}`);
      expect(get.status, path).toBe(404);
    }
  });

  it('has no one-time codes by mail and shows the secret only at enrolment', async () => {
    const user = await t.signedInUser();
    await enrolTwoFactor(user);
    for (const path of ['get-totp-uri', 'send-otp', 'verify-otp']) {
      const res = await user.post(`/api/auth/two-factor/${path}`, {
        password: DIRECT_SIGN_IN_PASSWORD,
      });
      expect(res.status, path).toBe(404);
    }
  });
});

describe('an account that signs in with Google', () => {
  async function googleBrowser(sub: string, email: string) {
    oidc.setUser({ sub, email, name: 'Gia Google', email_verified: true });
    const c = browser();
    const start = await c.post('/api/auth/sign-in/oauth2', {
      providerId: 'google',
      callbackURL: '/chat',
    });
    const atProvider = await fetch(new URL(start.json.url), { redirect: 'manual' });
    const back = await c.get(atProvider.headers.get('location')!.slice(t.url.length));
    return { c, back };
  }

  it('enrols without a password, is asked for the code at its next Google sign-in, and needs a code to turn it off', async () => {
    const email = 'gia.google@example.com';
    const { c: first, back } = await googleBrowser('g-2fa', email);
    expect(back.headers.get('location')).toBe('/chat');
    const { secret } = await enrolTwoFactor(first, null);

    const { c, back: again } = await googleBrowser('g-2fa', email);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/?twoFactor=1');
    expect((await c.get('/api/auth/get-session')).json).toBeNull();
    const signedIn = await c.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret),
    });
    expect(signedIn.status).toBe(200);
    expect(await emailOf(c)).toBe(email);

    const noCode = await c.post('/api/auth/two-factor/disable', {});
    expect(noCode.status).toBe(400);
    expect(noCode.json.message).toBe(AUTH_MESSAGES.twoFactorCodeNeeded);
    const badCode = await c.post('/api/auth/two-factor/disable', {
      code: await wrongCode(secret),
    });
    expect(badCode.status).toBe(400);
    expect((await c.get('/api/auth/get-session')).json.user.twoFactorEnabled).toBe(true);
    const off = await c.post('/api/auth/two-factor/disable', { code: await totpCode(secret) });
    expect(off.status).toBe(200);
    expect((await c.get('/api/auth/get-session')).json.user.twoFactorEnabled).toBe(false);
  });
});
