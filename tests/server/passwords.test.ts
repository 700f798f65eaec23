import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../src/shared/auth/contract';
import { user, verification } from '../../src/server/db/schema';
import { verificationLink } from './support/mail';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  // Each user from an address of their own, so this file's sign-ups stay within the limits.
  t = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => t.close());

const LONG_PASSPHRASE =
  '🌙✨ moonlight over the harbour, my favourite quiet place to read 📚☕ every sunday';
let clients = 0;
const client = () => t.client({ 'x-forwarded-for': `10.9.0.${++clients}` });

const refusal = (message: string, path: string) => ({
  message,
  issues: [{ path, message }],
});

async function signUp(email: string, password: string, name = '') {
  return client().post('/api/auth/sign-up/email', {
    name,
    email,
    password,
    acceptTerms: true,
    acceptPrivacy: true,
  });
}

/** Signs up with a name, verifies through the mail and signs in. */
async function verifiedUser(email: string, name: string) {
  expect((await signUp(email, TEST_PASSWORD, name)).status).toBe(200);
  const mail = t.outbox().findLast((m) => m.raw.includes(email))!;
  expect((await fetch(verificationLink(mail.raw), { redirect: 'manual' })).status).toBe(302);
  const c = client();
  expect((await c.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(
    200,
  );
  return c;
}

const signInStatus = async (email: string, password: string) =>
  (await client().post('/api/auth/sign-in/email', { email, password })).status;

describe('sign-up', () => {
  const email = 'Marguerite.Okafor@example.com';
  const weak: [string, string][] = [
    [' '.repeat(8), PASSWORD_MESSAGES.blank],
    ['aaaaaaaa', PASSWORD_MESSAGES.weak],
    ['reverie123', PASSWORD_MESSAGES.weak],
    [email, PASSWORD_MESSAGES.personal],
    ['marguerite.okafor!2024', PASSWORD_MESSAGES.personal],
    ['Okafor family picnic', PASSWORD_MESSAGES.personal],
    [' '.repeat(64), PASSWORD_MESSAGES.blank],
    ['a'.repeat(64), PASSWORD_MESSAGES.weak],
  ];

  it('refuses weak and personal passwords with 400 before anything is created', async () => {
    for (const [password, message] of weak) {
      const res = await signUp(email, password, 'Marguerite Okafor');
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(res.json).toEqual(refusal(message, 'password'));
    }
    const rows = await t.database.db.select().from(user).where(eq(user.email, email.toLowerCase()));
    expect(rows).toHaveLength(0);
    expect(t.outbox().some((m) => m.raw.includes(email.toLowerCase()))).toBe(false);
  });

  it('accepts a long passphrase with emoji and spaces', async () => {
    const res = await signUp(email, LONG_PASSPHRASE, 'Marguerite Okafor');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
  });
});

describe('change-password', () => {
  const email = 'theodora.blum@example.com';
  let c: Awaited<ReturnType<typeof verifiedUser>>;
  beforeAll(async () => {
    c = await verifiedUser(email, 'Theodora Blum');
  });

  it('refuses a weak or personal new password and keeps the old one', async () => {
    for (const [newPassword, message] of [
      ['aaaaaaaa', PASSWORD_MESSAGES.weak],
      ['theodora blum forever', PASSWORD_MESSAGES.personal],
      [' '.repeat(12), PASSWORD_MESSAGES.blank],
    ] as const) {
      const res = await c.post('/api/auth/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword,
      });
      expect(res.status, newPassword).toBe(400);
      expect(res.json).toEqual(refusal(message, 'newPassword'));
    }
    expect((await c.get('/api/auth/get-session')).json?.user.email).toBe(email);
    expect(await signInStatus(email, TEST_PASSWORD)).toBe(200);
  });

  it('accepts a strong new password', async () => {
    const res = await c.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: LONG_PASSPHRASE,
    });
    expect(res.status).toBe(200);
    expect(await signInStatus(email, LONG_PASSPHRASE)).toBe(200);
    expect(await signInStatus(email, TEST_PASSWORD)).toBe(401);
  });

  it('needs a session before judging the password', async () => {
    const res = await client().post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'aaaaaaaa',
    });
    expect(res.status).toBe(401);
  });
});

describe('reset-password', () => {
  const email = 'ingrid.vasquez@example.com';

  /**
   * A token written the way better-auth's request-password-reset does (without waiting for the
   * mail): the reset endpoint's own password rule is under test here, not the mail.
   */
  async function resetToken() {
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    const token = randomBytes(12).toString('hex');
    await t.database.db.insert(verification).values({
      id: randomBytes(8).toString('hex'),
      identifier: `reset-password:${token}`,
      value: row!.id,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    return token;
  }

  beforeAll(async () => {
    await verifiedUser(email, 'Ingrid Vasquez');
  });

  it("refuses a weak password or the token owner's name, and the token stays usable", async () => {
    const token = await resetToken();
    for (const [newPassword, message] of [
      ['reverie123', PASSWORD_MESSAGES.weak],
      ['vasquez garden party', PASSWORD_MESSAGES.personal],
    ] as const) {
      const res = await client().post('/api/auth/reset-password', { token, newPassword });
      expect(res.status, newPassword).toBe(400);
      expect(res.json).toEqual(refusal(message, 'newPassword'));
    }
    expect(await signInStatus(email, TEST_PASSWORD)).toBe(200);

    const ok = await client().post('/api/auth/reset-password', {
      token,
      newPassword: 'copper kettle drifting north',
    });
    expect(ok.status).toBe(200);
    expect(await signInStatus(email, 'copper kettle drifting north')).toBe(200);
    expect(await signInStatus(email, TEST_PASSWORD)).toBe(401);
  });

  it('answers an unknown token as better-auth does, whatever the password', async () => {
    const res = await client().post('/api/auth/reset-password', {
      token: 'no-such-token',
      newPassword: 'aaaaaaaa',
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('INVALID_TOKEN');
  });
});
