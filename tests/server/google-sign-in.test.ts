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
