/**
 * The verification link lands in the app, signed in — in the browser that signed up, and only
 * there (issue 45, src/server/modules/auth/sign-up-browser.ts): a link opened anywhere else
 * verifies the address and signs no one in, and a browser that signed up with an address someone
 * had registered first is never signed in to that account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../../src/server/db/schema';
import { SIGN_UP_COOKIE } from '../../src/server/modules/auth/sign-up-browser';
import type { TestClient } from './support/http-client';
import { verificationLink } from './support/mail';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  // Each browser comes from a client address of its own, so the per-client limits stay out of
  // the way.
  t = await startTestApp({ TRUST_PROXY: '127.0.0.1' }, { signIn: 'sign-up' });
});
afterAll(() => t.close());

let addresses = 0;
/** A browser of its own: its cookies, its client address. */
const browser = () =>
  t.client({ 'x-forwarded-for': `10.8.${++addresses >> 8}.${addresses & 255}` });

const sessionCookie = (res: { headers: Headers }) =>
  res.headers.getSetCookie().find((h) => h.startsWith('reverie.session_token='));

async function signUp(c: TestClient, email: string, password = TEST_PASSWORD) {
  const res = await c.post('/api/auth/sign-up/email', {
    name: '',
    email,
    password,
    acceptTerms: true,
    acceptPrivacy: true,
  });
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The path and query of the newest verification link mailed to `email`. */
function linkTo(email: string) {
  const mail = t
    .outbox()
    .findLast((m) => m.raw.includes(`To: ${email}`) && m.raw.includes('Verify your email'));
  const link = new URL(verificationLink(mail!.raw));
  return link.pathname + link.search;
}

async function sessionsOf(email: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
  return t.database.db.select().from(session).where(eq(session.userId, row!.id));
}

describe('the verification link', () => {
  it('signs in the browser that signed up and lands in the app', async () => {
    const email = 'here@example.com';
    const c = browser();
    const answer = await signUp(c, email);
    const cookie = answer.headers.getSetCookie().find((h) => h.startsWith(`${SIGN_UP_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/verify-email/);

    const res = await c.get(linkTo(email));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/chat?verified=1');
    expect(sessionCookie(res)).toMatch(/HttpOnly/i);
    const signedIn = await c.get('/api/auth/get-session');
    expect(signedIn.json.user).toMatchObject({ email, emailVerified: true });
    expect(signedIn.json.session.token).toBeUndefined();
    expect(await sessionsOf(email)).toHaveLength(1);
    // Opened again: already verified, nothing more (no second session), still the app.
    const again = await c.get(linkTo(email));
    expect(again.headers.get('location')).toBe('/chat?verified=1');
    expect(sessionCookie(again)).toBeUndefined();
    expect(await sessionsOf(email)).toHaveLength(1);

    // This browser is now the account's known device: after a stranger's five wrong guesses lock
    // the address for every other browser, its owner still signs in here.
    for (let i = 0; i < 5; i++) {
      await browser().post('/api/auth/sign-in/email', { email, password: `guess ${i} wrong` });
    }
    const blocked = await browser().post('/api/auth/sign-in/email', {
      email,
      password: TEST_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    const owner = await c.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(owner.status, owner.text).toBe(200);
  });

  it('opened in another browser, verifies the address and signs no one in', async () => {
    const email = 'elsewhere@example.com';
    await signUp(browser(), email);
    const phone = browser();
    const res = await phone.get(linkTo(email));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/chat?verified=1');
    expect(sessionCookie(res)).toBeUndefined();
    expect((await phone.get('/api/auth/get-session')).json).toBeNull();
    // The session better-auth made for the link is gone, not only its cookie.
    expect(await sessionsOf(email)).toHaveLength(0);
    // Verified: the password signs in.
    const signIn = await phone.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status, signIn.text).toBe(200);
  });

  it('leaves the session of a browser signed in to another account as it was', async () => {
    const other = await t.signedInUser('someone-else@example.com');
    const email = 'borrowed-browser@example.com';
    await signUp(browser(), email);
    const res = await other.get(linkTo(email));
    expect(res.status).toBe(302);
    expect(sessionCookie(res)).toBeUndefined();
    expect((await other.get('/api/auth/get-session')).json.user.email).toBe(
      'someone-else@example.com',
    );
    expect(await sessionsOf(email)).toHaveLength(0);
    expect(await sessionsOf('someone-else@example.com')).toHaveLength(1);
  });

  it('never signs in to an account someone else registered first with the address', async () => {
    // Someone signs up with an address that is not theirs, with a password of their own…
    const email = 'pre-hijacked@example.com';
    const first = await signUp(browser(), email, 'someone else picked this');
    // …then its owner signs up too: the answer is the same as any sign-up's, cookie and all…
    const owner = browser();
    const second = await signUp(owner, email);
    expect(second.json).toEqual(first.json);
    const shape = (res: { headers: Headers }) =>
      res.headers
        .getSetCookie()
        .map((h) => h.replace(/=[^;]*/, '=…'))
        .sort();
    expect(shape(second)).toEqual(shape(first));
    // …and the link the owner finds in the inbox verifies the address without signing in to the
    // account whose password the other person knows.
    const res = await owner.get(linkTo(email));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/chat?verified=1');
    expect(sessionCookie(res)).toBeUndefined();
    expect((await owner.get('/api/auth/get-session')).json).toBeNull();
    expect(await sessionsOf(email)).toHaveLength(0);
  });

  it('explains a broken link in the app and signs no one in', async () => {
    const c = browser();
    await signUp(c, 'broken-link@example.com');
    const link = new URL(linkTo('broken-link@example.com'), t.url);
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const res = await c.get(link.pathname + link.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/chat?verified=1&error=INVALID_TOKEN');
    expect(sessionCookie(res)).toBeUndefined();
  });
});
