import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '../../src/server/db/schema';
import { appTest } from '../support/server-fixtures';
import { verificationLink } from './support/mail';
import { TEST_PASSWORD, type TestApp } from './support/test-app';

const it = appTest({}, { signIn: 'sign-up' });

describe('health', () => {
  it('answers ok while the database answers', async ({ t }) => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });
});

describe('sign-up → verification mail → verify → sign-in → profile', () => {
  const email = 'Ann.Example@Example.com';
  const c = () => client;
  let client: ReturnType<TestApp['client']>;

  it('creates the account, records the attestations and writes a verification mail', async ({
    t,
  }) => {
    client = t.client();
    const res = await c().post('/api/auth/sign-up/email', {
      name: 'Ann',
      email,
      password: TEST_PASSWORD,
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    const [row] = await t.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'ann.example@example.com'));
    expect(row!.emailVerified).toBe(false);
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.ageConfirmedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const mails = t.outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.file).toMatch(/\.eml$/);
    expect(mails[0]!.raw).toMatch(/^To: ann\.example@example\.com/im);
    expect(mails[0]!.raw).toMatch(/Subject: Verify your email/);
  });

  it('refuses sign-in before verification with a message that says to verify', async () => {
    const res = await c().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('EMAIL_NOT_VERIFIED');
    expect(res.json.message).toMatch(/verify your email/i);
    expect(res.headers.getSetCookie()).toHaveLength(0);
  });

  it('resends the verification mail on request', async ({ t }) => {
    const res = await c().post('/api/auth/send-verification-email', { email });
    expect(res.status).toBe(200);
    expect(t.outbox()).toHaveLength(2);
  });

  it('verifies through the mailed link and lands in the app, signed out in another browser', async ({
    t,
  }) => {
    const link = verificationLink(t.outbox().at(-1)!.raw);
    expect(link.startsWith(t.url)).toBe(true);
    // Opened by a browser that did not sign up (verification-link.test.ts has the one that did).
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/chat?verified=1');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('signs in with an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await c().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith('reverie.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http locally; Secure behind HTTPS
    expect(res.json.token).toBeUndefined();

    const session = await c().get('/api/auth/get-session');
    expect(session.json.user.email).toBe('ann.example@example.com');
    expect(session.json.user.emailVerified).toBe(true);
    expect(session.json.session.token).toBeUndefined();
  });

  it('has no profile at first (404), then creates, reads and updates it', async () => {
    expect((await c().get('/api/user-profile')).status).toBe(404);
    // As the web app asks (issue 45): a new user's missing profile is no failed request.
    const empty = await c().get('/api/user-profile?empty=ok');
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('null');

    const created = await c().post('/api/user-profile', {
      name: '  Ann  ',
      gender: 'Female',
      sexualPreferences: ['Romance', 'Teasing'],
    });
    expect(created.status).toBe(200);
    expect((await c().get('/api/user-profile')).json).toEqual({
      name: 'Ann',
      gender: 'Female',
      sexualPreferences: ['Romance', 'Teasing'],
      personaCount: 0,
    });

    expect((await c().get('/api/user-profile?empty=ok')).json).toEqual(
      (await c().get('/api/user-profile')).json,
    );

    const updated = await c().put('/api/user-profile', { name: 'Annie', gender: 'Non-binary' });
    expect(updated.status).toBe(200);
    expect((await c().get('/api/user-profile')).json).toEqual({
      name: 'Annie',
      gender: 'Non-binary',
      sexualPreferences: [],
      personaCount: 0,
    });
  });

  it('validates the profile with the spec messages', async () => {
    const res = await c().put('/api/user-profile', { name: ' ', gender: 'Robot' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Name is required');
    expect(res.json.issues).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'gender', message: 'Gender is required' },
    ]);
    const bad = await c().put('/api/user-profile', {
      name: 'A',
      gender: 'Male',
      sexualPreferences: ['Not a thing'],
    });
    expect(bad.status).toBe(400);
    // Nothing was lost by the refused updates.
    expect((await c().get('/api/user-profile')).json.name).toBe('Annie');
  });

  it('logs out with POST /api/logout and the old cookie no longer works', async ({ t }) => {
    const stolen = c().cookieHeader;
    const res = await c().post('/api/logout');
    expect(res.status).toBe(200);
    expect((await c().get('/api/user-profile')).status).toBe(401);
    const replay = await t.client().get('/api/user-profile', { cookie: stolen });
    expect(replay.status).toBe(401);
    // Logging out twice is harmless.
    expect((await c().post('/api/logout')).status).toBe(200);
  });
});

describe('sign-up validation', () => {
  const base = { name: '', email: 'val@example.com', password: TEST_PASSWORD };

  it('requires both the Terms and the Privacy boxes', async ({ t }) => {
    const res = await t.client().post('/api/auth/sign-up/email', { ...base, acceptTerms: true });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('You must accept the Privacy Policy');
  });

  it('refuses short, overlong and common passwords', async ({ t }) => {
    const full = { ...base, acceptTerms: true, acceptPrivacy: true };
    const short = await t.client().post('/api/auth/sign-up/email', { ...full, password: 'abc' });
    expect(short.json.message).toBe('Password must be at least 8 characters');
    const long = await t
      .client()
      .post('/api/auth/sign-up/email', { ...full, password: 'x'.repeat(129) });
    expect(long.json.message).toBe('Password must be at most 128 characters');
    const common = await t
      .client()
      .post('/api/auth/sign-up/email', { ...full, password: 'Password123' });
    expect(common.status).toBe(400);
    expect(common.json.message).toMatch(/too common/);
    expect(t.outbox().some((m) => m.raw.includes('val@example.com'))).toBe(false);
  });
});

describe('signing up with an address that is taken', () => {
  it('answers exactly like a new sign-up and tells the owner by mail', async ({ t }) => {
    const body = { name: '', password: TEST_PASSWORD, acceptTerms: true, acceptPrivacy: true };
    const fresh = await t
      .client()
      .post('/api/auth/sign-up/email', { ...body, email: 'twice@example.com' });
    const again = await t
      .client()
      .post('/api/auth/sign-up/email', { ...body, email: 'twice@example.com' });
    expect(again.status).toBe(fresh.status);
    expect(again.json).toEqual(fresh.json);
    const mails = t.outbox().filter((m) => m.raw.includes('twice@example.com'));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.raw).toMatch(/Subject: You already have a Reverie account/);
    const users = await t.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'twice@example.com'));
    expect(users).toHaveLength(1);
  });
});

describe('wrong credentials', () => {
  it('answers 401 with a readable message', async ({ t }) => {
    const res = await t
      .client()
      .post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'whatever123' });
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/invalid email or password/i);
  });
});

describe('sessions checked a moment ago are still refused once revoked', () => {
  it('refuses another device at once after a password change or a revocation', async ({ t }) => {
    const email = 'two.devices@example.com';
    const laptop = await t.signedInUser(email);
    const phone = t.client();
    const signIn = await phone.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    // Both devices were just recognised (and are remembered by the server for a few seconds).
    expect((await laptop.get('/api/characters')).status).toBe(200);
    expect((await phone.get('/api/characters')).status).toBe(200);

    const change = await laptop.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a lantern over the quiet harbour',
    });
    expect(change.status).toBe(200);
    expect((await phone.get('/api/characters')).status).toBe(401);
    expect((await laptop.get('/api/characters')).status).toBe(200);

    // Signed in again on the phone, then signed out from the laptop's device list.
    const again = await phone.post('/api/auth/sign-in/email', {
      email,
      password: 'a lantern over the quiet harbour',
    });
    expect(again.status).toBe(200);
    expect((await phone.get('/api/characters')).status).toBe(200);
    const revoke = await laptop.post('/api/auth/revoke-other-sessions', {});
    expect(revoke.status).toBe(200);
    expect((await phone.get('/api/characters')).status).toBe(401);
    expect((await laptop.get('/api/characters')).status).toBe(200);
  });
});
