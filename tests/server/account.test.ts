/**
 * The account (issue 14): password reset by mail, password and e-mail changes, signed-in
 * devices, the data export and account deletion — each for its own user only.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/account/contract';
import {
  accountDeletion,
  creditAccount,
  mailQueue,
  session,
  stripeEvent,
  verification,
} from '../../src/server/db/schema';
import { purgeOperationalRows } from '../../src/server/modules/account/retention.service';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import {
  startBillingApp,
  startCheckout,
  subscribe,
  userIdOf,
  type BillingTestApp,
} from './support/billing';
import type { TestClient } from './support/http-client';
import { makeImage } from './support/images';
import { answerAgeReviewsAsAdult } from './support/llm';
import { extractLinks } from './support/mail';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';
import { startSmtpCatcher } from '../doubles/smtp-server';
import { enrolTwoFactor, totpCode } from '../support/two-factor';

let b: BillingTestApp;
let t: TestApp;
let llm: LlmDouble;

beforeAll(async () => {
  llm = await startLlmDouble();
  // Jobs run: password-reset and change-of-address mails are sent by the mail-delivery job.
  b = await startBillingApp(
    { LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' },
    { jobs: true, signIn: 'sign-up' },
  );
  t = b.t;
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await b.close();
  await llm.stop();
});

let addresses = 0;
/** A client that is not signed in, from an address of its own (mail limits are per address). */
const anonymous = () =>
  t.client({ 'x-forwarded-for': `10.9.${++addresses >> 8}.${addresses & 255}` });

const mailsTo = (address: string) => t.outbox().filter((m) => m.raw.includes(`To: ${address}`));
/** The newest mail to `address` containing `text`, once the mail-delivery job has sent it. */
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

async function signIn(email: string, password: string) {
  const c = anonymous();
  const res = await c.post('/api/auth/sign-in/email', { email, password });
  return { c, status: res.status };
}

/** A character, a conversation with one exchange, a memory, a theme and a vote. */
async function fillAccount(user: TestClient, words: string) {
  const character = await user.post('/api/characters', {
    name: 'Selene',
    description: 'A moonlit poet with a sharp wit.',
    gender: 'female',
    personality: 'Playful, literate, teases gently and quotes poetry.',
  });
  expect(character.status, character.text).toBe(201);
  const conversation = await user.post('/api/conversations', {
    characterId: character.json.id,
    chatMode: 'texting',
  });
  llm.script({ content: `Reply about ${words}` });
  const reply = await user.post('/api/chat', {
    message: `Tell me about ${words}`,
    conversationId: conversation.json.id,
  });
  expect(reply.status, reply.text).toBe(200);
  await user.post(`/api/characters/${character.json.id}/memories`, { content: `Loves ${words}` });
  await user.post('/api/feedback', {
    aiMessage: reply.json.message,
    userMessage: `Tell me about ${words}`,
    feedback: 'GOOD',
    messageId: reply.json.messageId,
    comment: `Lovely words on ${words}`,
  });
  return {
    characterId: character.json.id as number,
    conversationId: conversation.json.id as number,
  };
}

describe('forgot password', () => {
  it('answers alike for every address and mails a one-time link only to an account', async () => {
    const email = 'forgetful@example.com';
    await t.signedInUser(email);
    const before = t.outbox().length;
    const unknown = await anonymous().post('/api/auth/request-password-reset', {
      email: 'nobody-here@example.com',
    });
    const known = await anonymous().post('/api/auth/request-password-reset', { email });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.json).toEqual({ status: true, message: ACCOUNT_MESSAGES.resetRequested });
    // Mails go out in the order they were queued: once the known address has its link, the
    // unknown one would have had one too.
    const mail = await mailTo(email, 'Reset your Reverie password');
    expect(mail).toContain('/api/auth/reset-password/');
    expect(t.outbox().length).toBe(before + 1);
    expect(mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('sets a new password through the link, signs every device out, and the link works once', async () => {
    const email = 'reset-me@example.com';
    const device = await t.signedInUser(email);
    await anonymous().post('/api/auth/request-password-reset', { email });
    const link = linkIn(await mailTo(email, 'Reset your'), '/api/auth/reset-password/');
    // The link lands on our page with the token, whatever a request asked for.
    const landing = await fetch(link, { redirect: 'manual' });
    expect(landing.status).toBe(302);
    const to = new URL(landing.headers.get('location')!, t.url);
    expect(to.pathname).toBe('/reset-password');
    const token = to.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const weak = await anonymous().post('/api/auth/reset-password', {
      newPassword: 'password1',
      token,
    });
    expect(weak.status).toBe(400);
    expect(weak.text).not.toContain(email);
    const done = await anonymous().post('/api/auth/reset-password', {
      newPassword: 'copper kettle midnight sonata',
      token,
    });
    expect(done.status, done.text).toBe(200);
    // The address, for the sign-in form the reset page opens; to the link's holder only.
    expect(done.json).toEqual({ status: true, email });
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect((await device.get('/api/account')).status).toBe(401);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(email, 'copper kettle midnight sonata')).status).toBe(200);

    const again = await anonymous().post('/api/auth/reset-password', {
      newPassword: 'another fine evening walk',
      token,
    });
    expect(again.status).toBe(400);
    expect(again.text).not.toContain(email);
    const reused = await fetch(link, { redirect: 'manual' });
    expect(new URL(reused.headers.get('location')!, t.url).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    );
  });

  it('expires the link after an hour', async () => {
    const email = 'slow-reader@example.com';
    await t.signedInUser(email);
    await anonymous().post('/api/auth/request-password-reset', { email });
    const link = linkIn(await mailTo(email, 'Reset your'), '/api/auth/reset-password/');
    const token = new URL(link).pathname.split('/').at(-1)!;
    // An hour and a minute later:
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(sql`${verification.identifier} = ${`reset-password:${token}`}`);
    const res = await anonymous().post('/api/auth/reset-password', {
      newPassword: 'copper kettle midnight sonata',
      token,
    });
    expect(res.status).toBe(400);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('limits how many mails one address gets', async () => {
    const email = 'flooded@example.com';
    await t.signedInUser(email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await anonymous().post('/api/auth/request-password-reset', { email })).status);
    }
    // Sign-up's verification mail counted too: three mails per address per 15 minutes.
    expect(statuses).toEqual([200, 200, 429, 429]);
    await mailTo(email, 'Reset your', 1);
    expect(mailsTo(email)).toHaveLength(3);
  });
});

describe('the reset answer’s timing', () => {
  it('does not wait for the mail server, so a known address answers as fast as an unknown one', async () => {
    // A slow mail server: every connection waits two seconds to be accepted.
    const smtp = await startSmtpCatcher({ connectDelayMs: 2000 });
    const slow = await startTestApp({ SMTP_URL: smtp.url }, { jobs: true, signIn: 'sign-up' });
    try {
      const { db } = slow.database;
      const email = 'timed@example.com';
      // The account, made directly: sign-up's own mail would wait for the slow server.
      await slow.client().post('/api/auth/sign-up/email', {
        name: '',
        email,
        password: TEST_PASSWORD,
        acceptTerms: true,
        acceptPrivacy: true,
      });
      const sentBefore = smtp.mails.length;
      const known = await slow.client().post('/api/auth/request-password-reset', { email });
      const answeredAt = Date.now();
      expect(known.status).toBe(200);
      // The mail goes out after the answer (from the job), not before it.
      await expect
        .poll(() => smtp.mails.slice(sentBefore).filter((m) => m.to.includes(email)).length, {
          timeout: 15_000,
        })
        .toBe(1);
      const mail = smtp.mails.slice(sentBefore).find((m) => m.to.includes(email))!;
      expect(mail.raw).toContain('Reset your Reverie password');
      expect(mail.receivedAt).toBeGreaterThan(answeredAt);
      // Sent, then forgotten (the row goes once the mail server has taken the mail).
      await expect
        .poll(async () => (await db.execute(sql`select count(*)::int as n from mail_queue`)).rows)
        .toEqual([{ n: 0 }]);
    } finally {
      await slow.close();
      await smtp.stop();
    }
  }, 60_000);
});

describe('password, e-mail and devices', () => {
  it('changes the password, signing other devices out unless asked to keep them', async () => {
    const email = 'changer@example.com';
    const here = await t.signedInUser(email);
    const there = (await signIn(email, TEST_PASSWORD)).c;
    const kept = await here.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'quiet orchard in autumn',
      revokeOtherSessions: false,
    });
    expect(kept.status, kept.text).toBe(200);
    expect((await there.get('/api/account')).status).toBe(200);
    const wrong = await here.post('/api/auth/change-password', {
      currentPassword: 'not my password at all',
      newPassword: 'another quiet orchard',
    });
    expect(wrong.status).toBe(400);
    const revoked = await here.post('/api/auth/change-password', {
      currentPassword: 'quiet orchard in autumn',
      newPassword: 'lantern over the harbour',
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await there.get('/api/account')).status).toBe(401);
    expect((await here.get('/api/account')).status).toBe(200);
  });

  it('changes the e-mail once the new address confirms it, and says nothing of taken ones', async () => {
    const user = await t.signedInUser('old-address@example.com');
    await t.signedInUser('taken@example.com');
    const same = await user.post('/api/auth/change-email', {
      newEmail: 'Old-Address@example.com',
      password: TEST_PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(same.json.message).toBe(ACCOUNT_MESSAGES.sameEmail);
    // A session alone cannot move the account: the password is asked.
    const bare = await user.post('/api/auth/change-email', { newEmail: 'thief@example.com' });
    expect(bare.status).toBe(400);
    expect(bare.json.message).toBe(ACCOUNT_MESSAGES.passwordForEmailChange);
    const wrong = await user.post('/api/auth/change-email', {
      newEmail: 'thief@example.com',
      password: 'not the password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect(mailsTo('thief@example.com')).toHaveLength(0);

    const taken = await user.post('/api/auth/change-email', {
      newEmail: 'taken@example.com',
      password: TEST_PASSWORD,
    });
    const fresh = await user.post('/api/auth/change-email', {
      newEmail: 'new-address@example.com',
      password: TEST_PASSWORD,
    });
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(taken.json).toEqual(fresh.json);
    const mail = await mailTo('new-address@example.com', 'Confirm your new email for Reverie');
    expect(
      mailsTo('taken@example.com').filter((m) => m.raw.includes('Confirm your new email')),
    ).toHaveLength(0);
    expect((await user.get('/api/account')).json.email).toBe('old-address@example.com');
    // The address in use is told, in case it was not its owner who asked.
    const notice = await mailTo(
      'old-address@example.com',
      'Your Reverie email address is being changed',
    );
    expect(notice).toContain('new-address@example.com');

    const confirm = await user.get(
      new URL(linkIn(mail, '/api/auth/verify-email')).pathname +
        new URL(linkIn(mail, '/api/auth/verify-email')).search,
    );
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toContain('/account?emailChanged=1');
    expect((await user.get('/api/account')).json.email).toBe('new-address@example.com');
    expect((await signIn('new-address@example.com', TEST_PASSWORD)).status).toBe(200);
    expect((await signIn('old-address@example.com', TEST_PASSWORD)).status).toBe(401);
  });

  it('asks a two-factor account for its code when the change-of-address link is opened signed out', async () => {
    const user = await t.signedInUser('guarded-address@example.com');
    const { secret } = await enrolTwoFactor(user);
    const asked = await user.post('/api/auth/change-email', {
      newEmail: 'guarded-new@example.com',
      password: TEST_PASSWORD,
    });
    expect(asked.status, asked.text).toBe(200);
    const link = new URL(
      linkIn(
        await mailTo('guarded-new@example.com', 'Confirm your new email'),
        '/api/auth/verify-email',
      ),
    );
    // Opened in another browser: the address changes, but that browser is not signed in by the
    // link alone; it is sent to the code step.
    const browser = anonymous();
    const opened = await browser.get(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/?twoFactor=1');
    expect((await browser.get('/api/auth/get-session')).json).toBeNull();
    expect((await browser.get('/api/account')).status).toBe(401);
    const signedIn = await browser.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(secret),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await browser.get('/api/account')).json.email).toBe('guarded-new@example.com');
  });

  it('voids a pending change of address when the password is reset or changed', async () => {
    for (const how of ['reset', 'change'] as const) {
      const email = `moved-away-${how}@example.com`;
      const thief = `thief-${how}@example.com`;
      const user = await t.signedInUser(email);
      // Someone who knows the password asks to move the account to their own address…
      await user.post('/api/auth/change-email', { newEmail: thief, password: TEST_PASSWORD });
      const mail = await mailTo(thief, 'Confirm your new email for Reverie');
      const link = new URL(linkIn(mail, '/api/auth/verify-email'));
      // …links are signed to the second: the owner's answer comes at least a second later.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      if (how === 'reset') {
        // …and the owner, told by the notice to the old address, resets the password.
        await anonymous().post('/api/auth/request-password-reset', { email });
        const reset = linkIn(await mailTo(email, 'Reset your'), '/api/auth/reset-password/');
        const landing = await fetch(reset, { redirect: 'manual' });
        const token = new URL(landing.headers.get('location')!, t.url).searchParams.get('token');
        const done = await anonymous().post('/api/auth/reset-password', {
          newPassword: 'copper kettle midnight sonata',
          token,
        });
        expect(done.status, done.text).toBe(200);
      } else {
        const done = await user.post('/api/auth/change-password', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'copper kettle midnight sonata',
        });
        expect(done.status, done.text).toBe(200);
      }
      // The link mailed before no longer moves the account.
      const opened = await anonymous().get(link.pathname + link.search);
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toContain('error=INVALID_TOKEN');
      expect((await signIn(email, 'copper kettle midnight sonata')).status).toBe(200);
      expect((await signIn(thief, 'copper kettle midnight sonata')).status).toBe(401);
    }
  });

  it('lists signed-in devices without their tokens and signs one or all others out', async () => {
    const email = 'many-devices@example.com';
    const laptop = await t.signedInUser(email);
    const phone = (await signIn(email, TEST_PASSWORD)).c;
    const tablet = (await signIn(email, TEST_PASSWORD)).c;
    const listed = await laptop.get('/api/auth/list-sessions');
    expect(listed.status).toBe(200);
    expect(listed.json).toHaveLength(3);
    expect(listed.text).not.toMatch(/token/i);
    expect(listed.json.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    for (const s of listed.json) {
      expect(Object.keys(s).sort()).toEqual(
        ['createdAt', 'current', 'expiresAt', 'id', 'updatedAt', 'userAgent'].sort(),
      );
    }

    // The phone's own view says which one it is; the laptop signs it out by id.
    const phoneView = (await phone.get('/api/auth/list-sessions')).json as {
      id: string;
      current: boolean;
    }[];
    const phoneId = phoneView.find((s) => s.current)!.id;
    const stranger = await t.signedInUser();
    expect((await stranger.post('/api/auth/revoke-session', { id: phoneId })).status).toBe(404);
    expect((await phone.get('/api/account')).status).toBe(200);
    expect((await laptop.post('/api/auth/revoke-session', { id: phoneId })).status).toBe(200);
    expect((await phone.get('/api/account')).status).toBe(401);

    // A session signed in days ago lists and revokes too (no 'fresh session' rule).
    await t.database.db.execute(
      sql`update session set created_at = now() - interval '3 days' where user_id = ${await userIdOf(laptop)}`,
    );
    expect((await laptop.get('/api/auth/list-sessions')).status).toBe(200);
    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect((await tablet.get('/api/account')).status).toBe(401);
    expect((await laptop.get('/api/account')).status).toBe(200);
    expect((await laptop.get('/api/auth/list-sessions')).json).toHaveLength(1);
  });

  it('gives a stolen session no way to guess the password', async () => {
    const user = await t.signedInUser('guarded@example.com');
    expect((await user.post('/api/auth/verify-password', { password: TEST_PASSWORD })).status).toBe(
      404,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await user.post('/api/auth/change-password', {
        currentPassword: `guess number ${i}`,
        newPassword: 'quiet orchard in autumn',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The right one is refused too until the window ends; so are e-mail changes.
    const right = await user.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'quiet orchard in autumn',
    });
    expect(right.status).toBe(429);
    const email = await user.post('/api/auth/change-email', {
      newEmail: 'elsewhere@example.com',
      password: TEST_PASSWORD,
    });
    expect(email.status).toBe(429);
  });

  it('describes the account: address, password, linked Google', async () => {
    const user = await t.signedInUser('describe-me@example.com');
    const res = await user.get('/api/account');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      email: 'describe-me@example.com',
      hasPassword: true,
      google: false,
    });
    expect((await anonymous().get('/api/account')).status).toBe(401);
  });
});

describe('download my data', () => {
  it('is a zip of the JSON and the conversation’s Markdown, with nothing of anyone else’s', async () => {
    const user = await t.signedInUser('exporter@example.com');
    const other = await t.signedInUser('bystander@example.com');
    await fillAccount(user, 'lighthouses');
    await fillAccount(other, 'submarines');
    const res = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.cookieHeader },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="reverie-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'conversations/001-selene-tell-me-about-lighthouses.md',
      'reverie-export.json',
    ]);
    const json = strFromU8(files['reverie-export.json']!);
    const data = JSON.parse(json);
    expect(data.format).toBe('reverie-export');
    expect(data.account).toMatchObject({
      email: 'exporter@example.com',
      role: 'user',
      twoFactorEnabled: false,
      suspended: false,
      suspensionReason: null,
    });
    // The devices signed in and the accounts linked, as recorded: no token, no password hash.
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(Object.keys(data.sessions[0]).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'ipAddress',
      'updatedAt',
      'userAgent',
    ]);
    expect(data.linkedAccounts).toEqual([
      { provider: 'credential', accountId: expect.any(String), createdAt: expect.any(String) },
    ]);
    expect(data.characters).toHaveLength(1);
    expect(data.conversations).toHaveLength(1);
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Tell me about lighthouses',
      'Reply about lighthouses',
    ]);
    expect(data.memories[0].content).toBe('Loves lighthouses');
    expect(data.feedback).toHaveLength(1);
    expect(data.feedback[0].comment).toBe('Lovely words on lighthouses');
    expect(data.credits.plan).toBe('free');
    expect(data.creditHistory).toHaveLength(1);
    expect(data.creditHistory[0]).toMatchObject({ amount: 1, status: 'done' });
    expect(data.messages[1]).toMatchObject({ editedAt: null, moderatedAt: null });
    const markdown = strFromU8(files['conversations/001-selene-tell-me-about-lighthouses.md']!);
    expect(markdown).toContain('> Tell me about lighthouses\n');
    expect(markdown).toContain('> Reply about lighthouses\n');
    for (const text of [json, markdown]) {
      expect(text).not.toContain('submarines');
      expect(text).not.toContain('bystander@example.com');
      expect(text).not.toMatch(/password|"token"/i);
    }
    expect((await anonymous().get('/api/account/export')).status).toBe(401);
  });

  it('is a zip of the JSON and the avatars when the user has uploaded any', async () => {
    const user = await t.signedInUser('painter@example.com');
    await fillAccount(user, 'watercolours');
    const image = await makeImage('png');
    const upload = await user.upload('/api/avatars', image, 'me.png', 'image/png');
    expect(upload.status, upload.text).toBe(200);
    const response = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.cookieHeader },
    });
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /filename="reverie-export-.*\.zip"/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [
        'reverie-export.json',
        'conversations/001-selene-tell-me-about-watercolours.md',
        `avatars/${upload.json.fileName}`,
      ].sort(),
    );
    const data = JSON.parse(strFromU8(files['reverie-export.json']!));
    expect(data.messages[0].content).toBe('Tell me about watercolours');
    expect(data.avatars[0].fileName).toBe(upload.json.fileName);
    expect(files[`avatars/${upload.json.fileName}`]!.length).toBeGreaterThan(50);

    // An image storage cannot give back is named in the zip instead of breaking it.
    const second = await user.upload(
      '/api/avatars',
      await makeImage('webp'),
      'b.webp',
      'image/webp',
    );
    rmSync(path.join(t.dataDir, 'avatars', second.json.fileName));
    const again = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.cookieHeader },
    });
    const zipped = unzipSync(new Uint8Array(await again.arrayBuffer()));
    expect(strFromU8(zipped['avatars/NOT-INCLUDED.txt']!)).toContain(second.json.fileName);
    expect(zipped[`avatars/${upload.json.fileName}`]).toBeDefined();
  });

  it('streams an account of 100,000 messages', async () => {
    const user = await t.signedInUser('prolific@example.com');
    const { conversationId } = await fillAccount(user, 'everything');
    const userId = await userIdOf(user);
    await t.database.db.execute(sql`
      insert into message (conversation_id, user_id, sender, content)
      select ${conversationId}, ${userId}, case when g % 2 = 0 then 'ai' else 'user' end,
             'Message number ' || g
        from generate_series(1, 99998) g`);
    const response = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.cookieHeader },
    });
    expect(response.status).toBe(200);
    // Read as it comes: the answer starts before the whole file exists.
    const reader = response.body!.getReader();
    const pieces: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
    }
    expect(pieces.length).toBeGreaterThan(10);
    const files = unzipSync(Buffer.concat(pieces));
    const data = JSON.parse(strFromU8(files['reverie-export.json']!));
    expect(data.messages).toHaveLength(100_000);
    expect(data.messages.at(-1).content).toBe('Message number 99998');
    // Its Markdown copy holds every message too: the inserted ones are other first messages.
    const markdown = strFromU8(files['conversations/001-selene-tell-me-about-everything.md']!);
    expect(markdown).toContain('100000 messages: 2 on the branch being read, 99998 in other');
    expect(markdown).toContain('#### B99998 · Selene · a first message');
    expect(markdown).toContain('> Message number 99998\n');
  }, 60_000);
});

describe('delete my account', () => {
  it('needs the password, then deletes everything of the user’s and only theirs', async () => {
    const email = 'leaving@example.com';
    const user = await t.signedInUser(email);
    const other = await t.signedInUser('staying@example.com');
    await fillAccount(user, 'farewells');
    const theirs = await fillAccount(other, 'beginnings');
    const upload = await user.upload('/api/avatars', await makeImage('png'), 'me.png', 'image/png');
    const file = upload.json.fileName as string;
    expect(existsSync(path.join(t.dataDir, 'avatars', file))).toBe(true);
    const userId = await userIdOf(user);
    // Mail still waiting to go to each (a reset link the mail server has not taken yet).
    const waiting = (to: string) => ({ to, subject: 'Reset your Reverie password', text: '…' });
    await t.database.db
      .insert(mailQueue)
      .values([
        { message: waiting('Leaving@example.com') },
        { message: waiting('staying@example.com') },
      ]);

    const wrong = await user.post('/api/account/delete', { password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await user.get('/api/characters')).json).toHaveLength(1);

    const done = await user.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect(done.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect((await user.get('/api/characters')).status).toBe(401);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(401);

    // Nothing of the user's is left in any table that holds user rows.
    const { rows } = await t.database.db.execute<{ table_name: string }>(sql`
      select table_name::text from information_schema.columns
       where table_schema = 'public' and column_name = 'user_id'`);
    for (const { table_name } of rows) {
      const left = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
      );
      expect(left.rows[0]!.n, table_name).toBe(0);
    }
    expect(
      (await t.database.db.execute(sql`select 1 from "user" where id = ${userId}`)).rows,
    ).toHaveLength(0);
    expect(existsSync(path.join(t.dataDir, 'avatars', file))).toBe(false);
    // Its waiting mail is not sent, nor its address kept; the other user's still goes.
    const queued = await t.database.db.select({ message: mailQueue.message }).from(mailQueue);
    expect(
      queued.map((row) => row.message.to).filter((to) => /^(leaving|staying)@/i.test(to)),
    ).toEqual(['staying@example.com']);
    const records = await t.database.db.select().from(accountDeletion);
    expect(records.length).toBeGreaterThan(0);
    expect(Object.keys(records[0]!).sort()).toEqual(['cancelledSubscription', 'deletedAt', 'id']);

    // The other user still has everything.
    expect((await other.get('/api/characters')).json).toHaveLength(1);
    const messages = await other.get(`/api/conversations/${theirs.conversationId}/messages`);
    expect(messages.json).toHaveLength(2);
    expect(
      (await other.get(`/api/characters/${theirs.characterId}/memories`)).json.memories,
    ).toHaveLength(1);
  });

  it('cancels a paid subscription at once, without a refund, before deleting', async () => {
    const user = await t.signedInUser('subscriber-leaving@example.com');
    const subscriptionId = await subscribe(b, user, 'basic');
    // The export names what Stripe knows the user by, to quote about a payment.
    const exported = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.cookieHeader },
    });
    const data = JSON.parse(await exported.text());
    expect(data.billingCustomer.stripeCustomerId).toMatch(/^cus_/);
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ stripeSubscriptionId: subscriptionId, status: 'active' }),
    ]);
    expect(data.notificationSettings).toMatchObject({ noCreditsToldAt: null });
    b.stripe.failApi(10);
    const refused = await user.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(refused.status).toBe(502);
    expect(refused.json.message).toBe(ACCOUNT_MESSAGES.subscriptionNotCancelled);
    expect((await user.get('/api/characters')).status).toBe(200);
    b.stripe.failApi(0);

    const done = await user.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect(b.stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    const cancel = b.stripe.requests.findLast(
      (r) => r.method === 'DELETE' && r.path.startsWith(`/v1/subscriptions/${subscriptionId}`),
    );
    expect(cancel).toBeDefined();
    // At once and without a refund: no proration, no final invoice.
    expect(`${cancel!.path} ${JSON.stringify(cancel!.body)}`).toMatch(/prorate\W+false/);
    const [record] = await t.database.db
      .select()
      .from(accountDeletion)
      .orderBy(sql`${accountDeletion.id} desc`)
      .limit(1);
    expect(record!.cancelledSubscription).toBe(true);
  });

  it('ends at Stripe what our copies do not know of yet: a subscription and an open Checkout', async () => {
    const user = await t.signedInUser('quick-leaver@example.com');
    // A Checkout left open in another tab, then a subscription through a second one.
    const open = await startCheckout(user, 'basic');
    expect(open.kind).toBe('checkout');
    const subscriptionId = await subscribe(b, user, 'pro');
    const userId = await userIdOf(user);
    // As if the subscription's webhook had not arrived yet: we hold no copy of it.
    await t.database.db.execute(sql`delete from subscription where user_id = ${userId}`);
    const done = await user.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect(b.stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(b.stripe.checkoutSessions.get(open.id)!.status).toBe('expired');
  });

  it('deletes an account whose Stripe customer Stripe lost, and waits for one merely unknown', async () => {
    const user = await t.signedInUser('switched-keys@example.com');
    const subscriptionId = await subscribe(b, user, 'basic');
    const customer = b.stripe.subscriptions.get(subscriptionId)!.customer;
    // Unknown to these keys: it may be charging under the right ones.
    b.stripe.forgetCustomer(customer);
    const waits = await user.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(waits.status).toBe(502);
    expect(waits.json.message).toBe(ACCOUNT_MESSAGES.subscriptionNotCancelled);
    // A test customer while the keys are live: nothing can charge it.
    b.stripe.forgetCustomer(customer, { testMode: true });
    const done = await user.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect((await user.get('/api/account')).status).toBe(401);
  });

  it('deletes what the user wrote through the contact form, and exports it before', async () => {
    const user = await t.signedInUser('correspondent@example.com');
    const sent = await user.post('/api/contact', {
      name: 'Casey',
      email: 'correspondent@example.com',
      reason: 'feedback',
      message: 'A private note to the team',
    });
    expect(sent.status).toBe(201);
    const exported = await user.get('/api/account/export');
    expect(exported.json.contactMessages[0].message).toBe('A private note to the team');
    expect((await user.post('/api/account/delete', { password: TEST_PASSWORD })).status).toBe(200);
    const left = await t.database.db.execute(
      sql`select 1 from contact_message where message = 'A private note to the team'`,
    );
    expect(left.rows).toHaveLength(0);
  });

  it('takes the e-mail typed again for an account that signs in only with Google', async () => {
    const user = await t.signedInUser('google-only@example.com');
    const userId = await userIdOf(user);
    // As if the account had been made through Google: no password to confirm with.
    await t.database.db.execute(
      sql`update account set provider_id = 'google', password = null where user_id = ${userId}`,
    );
    expect((await user.get('/api/account')).json).toMatchObject({
      hasPassword: false,
      google: true,
    });
    const wrong = await user.post('/api/account/delete', { email: 'someone-else@example.com' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(ACCOUNT_MESSAGES.wrongEmail);
    const done = await user.post('/api/account/delete', { email: ' Google-Only@example.com ' });
    expect(done.status, done.text).toBe(200);
    expect((await user.get('/api/account')).status).toBe(401);
  });

  it('bounds password guesses', async () => {
    const user = await t.signedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await user.post('/api/account/delete', { password: `guess ${i}` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });
});

describe('deletion on a server without Stripe settings', () => {
  it('deletes nothing while a Stripe customer of the user may still be charged', async () => {
    const bare = await startTestApp();
    try {
      const user = await bare.signedInUser('stranded@example.com');
      const userId = await userIdOf(user);
      await bare.database.db.execute(
        sql`insert into billing_customer (user_id, stripe_customer_id) values (${userId}, 'cus_left_behind')`,
      );
      const res = await user.post('/api/account/delete', { password: TEST_PASSWORD });
      expect(res.status).toBe(503);
      expect(res.json.message).toBe(ACCOUNT_MESSAGES.billingNotConfigured);
      expect((await user.get('/api/account')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('retention', () => {
  it('purges expired sessions and links and old webhook ids, and keeps what is in use', async () => {
    const user = await t.signedInUser('retained@example.com');
    const userId = await userIdOf(user);
    const { db } = t.database;
    const past = new Date(Date.now() - 60_000);
    await db.insert(session).values({
      id: 'expired-session',
      token: 'expired-token',
      userId,
      expiresAt: past,
    });
    await db.insert(verification).values({
      id: 'expired-link',
      identifier: 'reset-password:old',
      value: userId,
      expiresAt: past,
    });
    const day = 24 * 60 * 60 * 1000;
    await db.insert(stripeEvent).values([
      { id: 'evt_old', type: 'invoice.paid', receivedAt: new Date(Date.now() - 91 * day) },
      { id: 'evt_recent', type: 'invoice.paid', receivedAt: new Date(Date.now() - 10 * day) },
    ]);
    const purged = await purgeOperationalRows({ db, log: t.app.log as never });
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    const left = async (q: ReturnType<typeof sql>) => (await db.execute(q)).rows.length;
    expect(await left(sql`select 1 from session where id = 'expired-session'`)).toBe(0);
    expect(await left(sql`select 1 from verification where id = 'expired-link'`)).toBe(0);
    expect(await left(sql`select 1 from stripe_event where id = 'evt_old'`)).toBe(0);
    expect(await left(sql`select 1 from stripe_event where id = 'evt_recent'`)).toBe(1);
    expect((await user.get('/api/account')).status).toBe(200);
    expect(await db.select().from(creditAccount)).not.toHaveLength(0);
  });
});
