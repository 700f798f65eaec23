import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcServer } from '../doubles/oidc-server';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let oidc: Awaited<ReturnType<typeof startOidcServer>>;
beforeAll(async () => {
  oidc = await startOidcServer();
  t = await startTestApp({
    GOOGLE_CLIENT_ID: 'client-id',
    GOOGLE_CLIENT_SECRET: 'client-secret',
    GOOGLE_ISSUER: oidc.issuer,
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

describe('Google sign-in through OpenID Connect', () => {
  it('runs the redirect flow against the issuer and lands on /chat signed in', async () => {
    oidc.setUser({
      sub: 'g-42',
      email: 'oidc.person@example.com',
      name: 'Olive Oidc',
      email_verified: true,
    });
    const c = t.client();
    expect((await c.get('/api/auth-config')).json.google).toBe(true);
    const start = await c.post('/api/auth/sign-in/oauth2', {
      providerId: 'google',
      callbackURL: '/chat',
    });
    expect(start.status).toBe(200);
    const authorize = new URL(start.json.url);
    expect(authorize.origin).toBe(new URL(oidc.issuer).origin);
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();

    // The provider redirects back to our callback with a code.
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const callback = atProvider.headers.get('location')!;
    expect(callback.startsWith(`${t.url}/api/auth/oauth2/callback/google`)).toBe(true);

    const back = await c.get(callback.slice(t.url.length));
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/chat');

    const session = await c.get('/api/auth/get-session');
    expect(session.json.user).toMatchObject({
      email: 'oidc.person@example.com',
      name: 'Olive Oidc',
      emailVerified: true,
    });
    expect(session.json.user.ageConfirmedAt).toBeTruthy();

    // The linked account's tokens are never handed to page script, nor is the name changed
    // past the sign-up form's rules: better-auth's endpoints for these are not offered.
    for (const [path, body] of [
      ['/api/auth/get-access-token', { providerId: 'google' }],
      ['/api/auth/refresh-token', { providerId: 'google' }],
      ['/api/auth/update-user', { name: 'x'.repeat(5000) }],
      ['/api/auth/unlink-account', { providerId: 'google' }],
    ] as const) {
      expect((await c.post(path, body)).status, path).toBe(404);
    }
    for (const path of ['/api/auth/account-info', '/api/auth/list-accounts']) {
      expect((await c.get(path)).status, path).toBe(404);
    }
    expect((await c.get('/api/auth/get-session')).json.user.name).toBe('Olive Oidc');
  });
});

/** Google's redirect flow from start to the callback, in client `c`; answers the callback. */
async function signInWithGoogle(c: ReturnType<TestApp['client']>) {
  const start = await c.post('/api/auth/sign-in/oauth2', {
    providerId: 'google',
    callbackURL: '/chat',
  });
  const atProvider = await fetch(new URL(start.json.url), { redirect: 'manual' });
  return c.get(atProvider.headers.get('location')!.slice(t.url.length));
}

describe('an address someone else registered first', () => {
  it('is taken over by its Google owner without the stranger’s password', async () => {
    const email = 'pre.registered@example.com';
    // A stranger signs up with the address and a password, and never verifies it.
    const stranger = t.client();
    const signUp = await stranger.post('/api/auth/sign-up/email', {
      name: '',
      email,
      password: 'stranger owns this now',
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(signUp.status).toBe(200);
    // The address's owner signs in with Google: the account becomes theirs, verified.
    oidc.setUser({ sub: 'g-owner', email, name: 'Owner', email_verified: true });
    const owner = t.client();
    const back = await signInWithGoogle(owner);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/chat');
    expect((await owner.get('/api/auth/get-session')).json.user).toMatchObject({
      email,
      emailVerified: true,
    });
    // The stranger's password, set before anyone proved the address theirs, no longer opens it.
    const again = await t.client().post('/api/auth/sign-in/email', {
      email,
      password: 'stranger owns this now',
    });
    expect(again.status).toBe(401);
  });
  it('is not linked to a Google account that has not verified the address', async () => {
    const email = 'kept.apart@example.com';
    await t.signedInUser(email);
    oidc.setUser({ sub: 'g-unverified', email, name: 'Someone', email_verified: false });
    const back = await signInWithGoogle(t.client());
    expect(back.headers.get('location')).toContain('error=account_not_linked');
  });
});

describe('without Google settings', () => {
  it('says Google sign-in is not configured', async () => {
    const plain = await startTestApp();
    try {
      const c = plain.client();
      expect((await c.get('/api/auth-config')).json.google).toBe(false);
      const res = await c.post('/api/auth/sign-in/oauth2', { providerId: 'google' });
      expect(res.status).toBe(503);
      expect(res.json.message).toBe('Google sign-in is not configured on this server.');
    } finally {
      await plain.close();
    }
  });
});
