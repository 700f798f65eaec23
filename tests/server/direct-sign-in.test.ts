/**
 * signInDirectly (tests/support/direct-sign-in.ts) leaves a user as the real sign-up, the
 * mailed link and sign-in leave one: the same session, credits, profile, account page, themes
 * and stored rows; and the user can sign in with the password afterwards.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { account, session, user } from '../../src/server/db/schema';
import { signInDirectly } from '../support/direct-sign-in';
import { appTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { TEST_PASSWORD, type TestApp } from './support/test-app';

const it = appTest();

/** Times differ between any two users: each becomes the word 'time'. */
function withoutTimes(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)) return 'time';
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutTimes(v)]));
  }
  return value;
}

/** What a user sees of themselves, with what differs between any two users taken out. */
async function visibleState(c: TestClient, email: string) {
  const read = async (path: string) => {
    const res = await c.get(path);
    return { status: res.status, json: res.json };
  };
  const sessionAnswer = await read('/api/auth/get-session');
  const { id: _id, email: shownEmail, createdAt, updatedAt, ...userRest } = sessionAnswer.json.user;
  const { id: _sid, userId, expiresAt, ...sessionRest } = sessionAnswer.json.session;
  expect(shownEmail).toBe(email);
  expect(userId).toBe(sessionAnswer.json.user.id);
  expect(Date.parse(createdAt)).toBeLessThanOrEqual(Date.parse(updatedAt));
  // Thirty days from now, as sign-in sets it.
  expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29.9 * 24 * 3600_000);
  const accountPage = await read('/api/account');
  const devices = await read('/api/auth/list-sessions');
  return {
    status: sessionAnswer.status,
    user: userRest,
    session: {
      ...sessionRest,
      createdAt: typeof sessionRest.createdAt,
      updatedAt: typeof sessionRest.updatedAt,
      // Which program opened the session: the test's HTTP client, or none for a direct one.
      userAgent: typeof sessionRest.userAgent,
    },
    credits: await read('/api/get-credits'),
    profile: await read('/api/user-profile'),
    themes: await read('/api/themes'),
    selection: await read('/api/themes/selection'),
    account: {
      status: accountPage.status,
      json: { ...accountPage.json, email: accountPage.json.email === email },
    },
    devices: {
      status: devices.status,
      json: devices.json.map((d: Record<string, unknown>) => ({
        current: d.current,
        keys: Object.keys(d).sort(),
      })),
    },
  };
}

async function storedRows(t: TestApp, email: string) {
  const { db } = t.database;
  const [u] = await db.select().from(user).where(eq(user.email, email));
  const accounts = await db.select().from(account).where(eq(account.userId, u!.id));
  const sessions = await db.select().from(session).where(eq(session.userId, u!.id));
  return {
    user: {
      name: u!.name,
      emailVerified: u!.emailVerified,
      image: u!.image,
      termsAccepted: u!.termsAcceptedAt instanceof Date,
      ageConfirmed: u!.ageConfirmedAt instanceof Date,
    },
    accounts: accounts.map((a) => ({
      providerId: a.providerId,
      accountIdIsUserId: a.accountId === u!.id,
      hasPassword: typeof a.password === 'string' && a.password.length > 20,
    })),
    sessions: sessions.map((s) => ({ ipAddress: s.ipAddress })),
  };
}

describe('a directly signed-in user', () => {
  it('looks like one who signed up, verified the address and signed in', async ({ t }) => {
    const real = await t.signedInUser('really-signed-up@example.com', { via: 'sign-up' });
    const direct = await t.signedInUser('signed-in-directly@example.com', { via: 'direct' });

    const realState = await visibleState(real, 'really-signed-up@example.com');
    const directState = await visibleState(direct, 'signed-in-directly@example.com');
    expect(withoutTimes(directState)).toEqual(withoutTimes(realState));
    expect(directState.status).toBe(200);
    expect(directState.user.emailVerified).toBe(true);

    expect(await storedRows(t, 'signed-in-directly@example.com')).toEqual(
      await storedRows(t, 'really-signed-up@example.com'),
    );
    // Two sign-ins and a score of reads: more than the default allows on a busy machine.
  }, 120_000);

  it('signs in with the password afterwards, and its cookie is a name=value pair', async ({
    t,
  }) => {
    const { userId, cookie } = await signInDirectly(
      { auth: t.auth, db: t.database.db },
      { email: 'Mixed.Case@Example.com', name: 'Nell' },
    );
    expect(cookie).toMatch(/^reverie\.session_token=[^;\s]+$/);
    const byCookie = await t.client({ cookie }).get('/api/auth/get-session');
    expect(byCookie.json?.user).toMatchObject({ id: userId, email: 'mixed.case@example.com' });
    expect(byCookie.json?.user.name).toBe('Nell');

    const c = t.client();
    const signIn = await c.post('/api/auth/sign-in/email', {
      email: 'mixed.case@example.com',
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect((await c.get('/api/auth/get-session')).json?.user.id).toBe(userId);
  });
});
