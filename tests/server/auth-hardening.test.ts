/**
 * Links and answers a security probe found wanting: a reset link that outlives a newer reset or
 * a password change, a change-of-address link that failed for good once someone else took the
 * address, and a forgot-password answer whose timing told known addresses from unknown ones.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/auth/contract';
import { ACCOUNT_MESSAGES, EMAIL_CHANGED_CALLBACK } from '../../src/shared/account/contract';
import { user } from '../../src/server/db/schema';
import type { TestClient } from './support/http-client';
import { extractLinks } from './support/mail';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  // Jobs run: reset and change-of-address mails are sent by the mail-delivery job. Each client
  // comes from an address of its own (TRUST_PROXY), so the per-client limits stay out of the way.
  t = await startTestApp({ TRUST_PROXY: '127.0.0.1' }, { jobs: true, signIn: 'sign-up' });
});
afterAll(() => t.close());

let addresses = 0;
/** A browser that is not signed in, from a client address of its own. */
const anonymous = () =>
  t.client({ 'x-forwarded-for': `10.7.${++addresses >> 8}.${addresses & 255}` });

const mailsTo = (address: string) => t.outbox().filter((m) => m.raw.includes(`To: ${address}`));
/** The newest mail to `address` containing `text`, once there are more than `after` of them. */
async function mailTo(address: string, text: string, after = 0) {
  const matching = () => mailsTo(address).filter((m) => m.raw.includes(text));
  await expect.poll(() => matching().length, { timeout: 15_000 }).toBeGreaterThan(after);
  return matching().at(-1)!.raw;
}
const linkIn = (raw: string, part: string) => {
  const link = extractLinks(raw).find((l) => l.includes(part));
  if (!link) throw new Error(`no ${part} link`);
  return link.replace(/&amp;/g, '&');
};
/** The path and query of a mailed link, to open it with a test client (and its cookies). */
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

async function signInStatus(email: string, password: string) {
  return (await anonymous().post('/api/auth/sign-in/email', { email, password })).status;
}

/** Asks for a reset mail and returns the token of the link it brings (the nth such mail). */
async function requestResetToken(email: string, nth: number) {
  const res = await anonymous().post('/api/auth/request-password-reset', { email });
  expect(res.status, res.text).toBe(200);
  const link = linkIn(await mailTo(email, 'Reset your', nth - 1), '/api/auth/reset-password/');
  return { link, token: new URL(link).pathname.split('/').at(-1)! };
}

const reset = (token: string, newPassword: string) =>
  anonymous().post('/api/auth/reset-password', { token, newPassword });

/** Where the mailed reset link sends the browser: the reset page, or its ?error=. */
async function landing(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!, t.url).searchParams;
}

describe('reset links end with the password they were sent for', () => {
  it('voids an older reset link once a newer one has set the password', async () => {
    const email = 'two-links@example.com';
    await t.signedInUser(email);
    const older = await requestResetToken(email, 1);
    const newer = await requestResetToken(email, 2);
    expect(newer.token).not.toBe(older.token);

    const done = await reset(newer.token, 'copper kettle midnight sonata');
    expect(done.status, done.text).toBe(200);

    // The older link, still within its hour, no longer sets anything.
    const stale = await reset(older.token, 'a stranger chose this one');
    expect(stale.status).toBe(400);
    expect(stale.json).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(typeof stale.json.message).toBe('string');
    expect((await landing(older.link)).get('error')).toBe('INVALID_TOKEN');
    expect(await signInStatus(email, 'a stranger chose this one')).toBe(401);
    expect(await signInStatus(email, 'copper kettle midnight sonata')).toBe(200);
  });

  it('voids every outstanding reset link when the signed-in user changes the password', async () => {
    const email = 'changed-meanwhile@example.com';
    const device = await t.signedInUser(email);
    const first = await requestResetToken(email, 1);
    const second = await requestResetToken(email, 2);
    // An unrelated account's link is not touched.
    const bystanderEmail = 'bystander-links@example.com';
    await t.signedInUser(bystanderEmail);
    const bystander = await requestResetToken(bystanderEmail, 1);

    const change = await device.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'lantern over the quiet harbour',
    });
    expect(change.status, change.text).toBe(200);

    for (const { token, link } of [first, second]) {
      const res = await reset(token, 'a stranger chose this one');
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'INVALID_TOKEN' });
      expect((await landing(link)).get('error')).toBe('INVALID_TOKEN');
    }
    expect(await signInStatus(email, 'a stranger chose this one')).toBe(401);
    expect(await signInStatus(email, 'lantern over the quiet harbour')).toBe(200);

    expect((await landing(bystander.link)).get('token')).toBe(bystander.token);
    expect((await reset(bystander.token, 'an untouched link still opens')).status).toBe(200);
  });

  it('voids the reset links mailed to the old address once a new address is confirmed', async () => {
    const owner = await t.signedInUser('moving-out@example.com');
    const old = await requestResetToken('moving-out@example.com', 1);
    const res = await owner.post('/api/auth/change-email', {
      newEmail: 'moved-in@example.com',
      password: TEST_PASSWORD,
    });
    expect(res.status, res.text).toBe(200);
    const confirm = linkIn(
      await mailTo('moved-in@example.com', 'Confirm your new email'),
      '/api/auth/verify-email',
    );
    expect((await owner.get(pathOf(confirm))).headers.get('location')).toBe(EMAIL_CHANGED_CALLBACK);
    expect((await owner.get('/api/account')).json.email).toBe('moved-in@example.com');

    const stale = await reset(old.token, 'a stranger chose this one');
    expect(stale.status).toBe(400);
    expect(stale.json).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await signInStatus('moved-in@example.com', TEST_PASSWORD)).toBe(200);
  });

  it('keeps the links when a change of password is refused', async () => {
    const email = 'refused-change@example.com';
    const device = await t.signedInUser(email);
    const link = await requestResetToken(email, 1);
    const wrong = await device.post('/api/auth/change-password', {
      currentPassword: 'not my password at all',
      newPassword: 'lantern over the quiet harbour',
    });
    expect(wrong.status).toBe(400);
    expect((await reset(link.token, 'copper kettle midnight sonata')).status).toBe(200);
  });
});

describe('a change of address whose new address was taken meanwhile', () => {
  async function changeEmail(owner: TestClient, newEmail: string) {
    const res = await owner.post('/api/auth/change-email', { newEmail, password: TEST_PASSWORD });
    expect(res.status, res.text).toBe(200);
    return linkIn(await mailTo(newEmail, 'Confirm your new email'), '/api/auth/verify-email');
  }

  it('says the address is in use, changes nothing, and lets the owner choose another', async () => {
    const owner = await t.signedInUser('owner-before@example.com');
    const sessionsBefore = (await owner.get('/api/auth/list-sessions')).json as unknown[];
    const link = await changeEmail(owner, 'wanted@example.com');

    // Someone else signs up with the address before the owner opens the link.
    const squatter = await anonymous().post('/api/auth/sign-up/email', {
      name: '',
      email: 'wanted@example.com',
      password: 'someone else entirely here',
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(squatter.status).toBe(200);

    // Opened in the owner's browser, again, and in another browser: the account page says why.
    for (const open of [() => owner.get(pathOf(link)), () => anonymous().get(pathOf(link))]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await open();
        expect(res.status, res.text).toBe(302);
        const to = new URL(res.headers.get('location')!, t.url);
        expect(to.pathname + '?emailChanged=1').toBe(EMAIL_CHANGED_CALLBACK);
        expect(to.searchParams.get('error')).toBe('EMAIL_IN_USE');
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
    // Called without a page to return to, it is a 409 with the message.
    const bare = new URL(link);
    bare.searchParams.delete('callbackURL');
    const api = await owner.get(pathOf(bare.toString()));
    expect(api.status).toBe(409);
    expect(api.json).toEqual({ code: 'EMAIL_IN_USE', message: AUTH_MESSAGES.emailInUse });

    // Nothing changed: the address, the devices (no session was made for the link), the other
    // account.
    expect((await owner.get('/api/account')).json.email).toBe('owner-before@example.com');
    expect((await owner.get('/api/auth/list-sessions')).json).toHaveLength(sessionsBefore.length);
    expect(await signInStatus('owner-before@example.com', TEST_PASSWORD)).toBe(200);
    const taken = await t.database.db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, 'wanted@example.com'));
    expect(taken).toEqual([{ emailVerified: false }]);

    // The owner starts again with another address, and that one goes through.
    const next = await changeEmail(owner, 'owner-after@example.com');
    const confirmed = await owner.get(pathOf(next));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe(EMAIL_CHANGED_CALLBACK);
    expect((await owner.get('/api/account')).json.email).toBe('owner-after@example.com');
    expect(await signInStatus('owner-after@example.com', TEST_PASSWORD)).toBe(200);
  });
});

describe('a change-of-address link whose old address another account has taken since', () => {
  const confirmLink = async (owner: TestClient, newEmail: string) => {
    const res = await owner.post('/api/auth/change-email', { newEmail, password: TEST_PASSWORD });
    expect(res.status, res.text).toBe(200);
    return pathOf(
      linkIn(await mailTo(newEmail, 'Confirm your new email'), '/api/auth/verify-email'),
    );
  };

  it('opened in another browser, signs in the account it changes', async () => {
    const owner = await t.signedInUser('changing-on-phone@example.com');
    const link = await confirmLink(owner, 'changed-on-phone@example.com');
    // (better-auth's own path for a change, which autoSignInAfterVerification does not touch.)
    const phone = anonymous();
    const res = await phone.get(link);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(EMAIL_CHANGED_CALLBACK);
    expect((await phone.get('/api/account')).json.email).toBe('changed-on-phone@example.com');
    expect((await owner.get('/api/account')).json.email).toBe('changed-on-phone@example.com');
  });

  it('is refused: it neither moves the newcomer’s account nor signs anyone in to it', async () => {
    const owner = await t.signedInUser('left-behind@example.com');
    const stale = await confirmLink(owner, 'never-confirmed@example.com');
    // The owner moves to another address instead, which frees the old one…
    const moved = await confirmLink(owner, 'moved-on@example.com');
    expect((await owner.get(moved)).headers.get('location')).toBe(EMAIL_CHANGED_CALLBACK);
    // …and someone signs up with it (a second later at least: links are signed to the second).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const newcomer = await anonymous().post('/api/auth/sign-up/email', {
      name: '',
      email: 'left-behind@example.com',
      password: 'a newcomer of my own',
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(newcomer.status).toBe(200);

    for (const open of [() => anonymous().get(stale), () => owner.get(stale)]) {
      const res = await open();
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get('location')!, t.url);
      expect(to.pathname + '?emailChanged=1').toBe(EMAIL_CHANGED_CALLBACK);
      expect(to.searchParams.get('error')).toBe('INVALID_TOKEN');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const rows = await t.database.db
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(sql`${user.email} in ('left-behind@example.com', 'never-confirmed@example.com')`);
    expect(rows).toEqual([{ email: 'left-behind@example.com', emailVerified: false }]);
    expect((await owner.get('/api/account')).json.email).toBe('moved-on@example.com');
  });
});

describe('forgot password answers before anything depends on the address', () => {
  const known = 'known-reset@example.com';
  beforeAll(async () => {
    await t.signedInUser(known);
  });

  const ask = (email: string, signal?: AbortSignal) =>
    fetch(`${t.url}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t.url,
        'x-forwarded-for': `10.8.0.${++addresses & 255}`,
      },
      body: JSON.stringify({ email }),
      signal,
    });
  const headersOf = (res: Response) =>
    [...res.headers].filter(([name]) => name !== 'date').sort(([a], [b]) => a.localeCompare(b));

  it('answers a known and an unknown address alike: status, headers and body', async () => {
    const a = await ask(known);
    const b = await ask('nobody-at-all@example.com');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(headersOf(a)).toEqual(headersOf(b));
    const body = { status: true, message: ACCOUNT_MESSAGES.resetRequested };
    expect(await a.json()).toEqual(body);
    expect(await b.json()).toEqual(body);
    await mailTo(known, 'Reset your');
  });

  it('answers both while the accounts cannot be read, then mails only the known one', async () => {
    const before = mailsTo(known).filter((m) => m.raw.includes('Reset your')).length;
    // Nothing that depends on the address may run before the answer: with the account table
    // locked, both requests must still be answered (a request that looked the address up first
    // would wait for the lock, and is cut off here).
    const answers = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table "user" in access exclusive mode`);
      return Promise.all(
        [known, 'nobody-either@example.com'].map(async (email) => {
          const res = await ask(email, AbortSignal.timeout(5_000)).catch((error: Error) => {
            throw new Error(`no answer while the account table was locked (${error.name})`);
          });
          return { status: res.status, body: await res.json() };
        }),
      );
    });
    const body = { status: true, message: ACCOUNT_MESSAGES.resetRequested };
    expect(answers).toEqual([
      { status: 200, body },
      { status: 200, body },
    ]);
    // The work itself still happens, once the table is free again.
    const mail = await mailTo(known, 'Reset your', before);
    expect(mail).toContain('/api/auth/reset-password/');
    expect(mailsTo('nobody-either@example.com')).toHaveLength(0);
  });
});
