import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/auth/contract';
import {
  conversation,
  creditGrant,
  message,
  replyCharge,
  session,
  staffAudit,
  user as userTable,
} from '../../src/server/db/schema';
import { creditsModule } from '../../src/server/modules/credits';
import { DIRECT_SIGN_IN_PASSWORD } from '../support/direct-sign-in';
import { enrolTwoFactor, idOf, makeStaff, signedInStaff } from '../support/two-factor';
import type { TestClient } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The staff console's users (issue 48 part 2, decision 0056): search, a user's page (counted,
 * never read), credits given and taken with a reason, suspension and sessions ended; each look
 * and action in the audit log.
 */

const character = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently and quotes poetry.',
};
const SECRET_WORDS = 'my private confession about the lighthouse';

let t: TestApp;
let admin: TestClient;
let adminId: string;
let moderator: TestClient;
let moderatorId: string;

async function newUser(email?: string) {
  const c = await t.signedInUser(email);
  const id = await idOf(c);
  const [row] = await t.database.db
    .select({ email: userTable.email })
    .from(userTable)
    .where(eq(userTable.id, id));
  return { c, id, email: row!.email };
}

/** A staff member's grant (or take, below 0) of credits on the user `id`, with its reason. */
const grant = (staff: TestClient, id: string, amount: number, reason: string) =>
  staff.post(`/api/admin/users/${id}/credits`, { amount, reason });

async function auditAbout(userId: string) {
  const page = await admin.get(`/api/admin/audit?userId=${userId}`);
  expect(page.status, page.text).toBe(200);
  return page.json.entries as { action: string; actorId: string; reason: string | null }[];
}

beforeAll(async () => {
  t = await startTestApp();
  ({ c: admin, id: adminId } = await signedInStaff(t, 'admin'));
  ({ c: moderator, id: moderatorId } = await signedInStaff(t, 'moderator'));
});
afterAll(() => t.close());

describe('who may use the users routes', () => {
  it('is not there for users nor signed out, and asks staff without two-factor to set it up', async () => {
    const { id } = await newUser();
    const routes: [method: 'get' | 'post', path: string, body?: object][] = [
      ['get', '/api/admin/users?query=a'],
      ['get', `/api/admin/users/${id}`],
      ['post', `/api/admin/users/${id}/credits`, { amount: 5, reason: 'Support ticket 1' }],
      ['post', `/api/admin/users/${id}/suspension`, { suspended: true, reason: 'Spam reports' }],
      ['post', `/api/admin/users/${id}/sessions/revoke`, { reason: 'Lost phone' }],
    ];
    const plain = await t.signedInUser();
    await enrolTwoFactor(plain);
    const withoutTwoFactor = await t.signedInUser();
    await makeStaff(t.database.db, await idOf(withoutTwoFactor), 'admin');
    for (const [method, path, body] of routes) {
      const call = (c: TestClient) => (method === 'get' ? c.get(path) : c.post(path, body));
      expect((await call(plain)).status, path).toBe(404);
      expect((await call(t.client())).status, path).toBe(404);
      const refused = await call(withoutTwoFactor);
      expect(refused.status, path).toBe(403);
      expect(refused.json.code, path).toBe('TWO_FACTOR_REQUIRED');
    }
    // Nothing of it happened.
    const [row] = await t.database.db
      .select({ banned: userTable.banned })
      .from(userTable)
      .where(eq(userTable.id, id));
    expect(row?.banned).toBe(false);
  });
});

describe('search', () => {
  it('finds by part of an address or a name, any case, newest first', async () => {
    const tag = `srch${Date.now()}`;
    // More accounts than a page holds, older than the ones searched for.
    await t.database.db.insert(userTable).values(
      Array.from({ length: 21 }, (_, i) => ({
        id: `filler-${i}`,
        email: `filler-${i}@example.com`,
      })),
    );
    const first = await newUser(`${tag}-one@example.com`);
    const second = await newUser(`${tag}-two@example.com`);
    const named = await newUser();
    await t.database.db
      .update(userTable)
      .set({ name: `Ada ${tag.toUpperCase()} Lovelace` })
      .where(eq(userTable.id, named.id));

    const found = await admin.get(`/api/admin/users?query=${tag.toUpperCase()}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json.users.map((u: { id: string }) => u.id)).toEqual([
      named.id,
      second.id,
      first.id,
    ]);
    expect(found.json.users[2]).toEqual({
      id: first.id,
      email: first.email,
      name: '',
      role: 'user',
      plan: 'free',
      createdAt: expect.any(String),
      suspended: false,
    });

    // A blank query lists the newest 20; a % is a character, not a wildcard.
    const newest = await admin.get('/api/admin/users?query=');
    expect(newest.json.users).toHaveLength(20);
    expect(newest.json.users[0].id).toBe(named.id);
    expect((await admin.get('/api/admin/users?query=%25')).json.users).toEqual([]);

    // The audit records each search, never its words: an address or a name typed there would
    // outlive that person's account deletion.
    const searches = await t.database.db
      .select({ details: staffAudit.details })
      .from(staffAudit)
      .where(eq(staffAudit.action, 'GET /api/admin/users'));
    expect(searches.length).toBeGreaterThanOrEqual(3);
    for (const { details } of searches) expect(details).toEqual({ query: { searched: true } });
    expect(JSON.stringify(searches)).not.toContain(tag);
  });
});

describe('a user’s page', () => {
  it('counts what the user has without reading it, and shows sessions without tokens', async () => {
    const { c, id, email } = await newUser();
    const made = await c.post('/api/characters', character);
    expect(made.status, made.text).toBe(201);
    const [conv] = await t.database.db
      .insert(conversation)
      .values({ userId: id, characterId: made.json.id })
      .returning({ id: conversation.id });
    await t.database.db.insert(message).values([
      { conversationId: conv!.id, userId: id, sender: 'user', content: SECRET_WORDS },
      { conversationId: conv!.id, userId: id, sender: 'ai', content: 'A reply kept private.' },
    ]);
    await c.get('/api/get-credits'); // opens the credit account
    await t.database.db.insert(replyCharge).values([
      { userId: id, status: 'done' },
      { userId: id, status: 'done' },
      { userId: id, status: 'refunded' },
    ]);

    const page = await admin.get(`/api/admin/users/${id}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json).toMatchObject({
      id,
      email,
      emailVerified: true,
      role: 'user',
      twoFactorEnabled: false,
      suspended: false,
      suspensionReason: null,
      plan: { id: 'free', renewsAt: null },
      counts: { characters: 1, conversations: 1, messages: 2 },
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(page.json.credits.repliesPerDay).toEqual([{ day: today, replies: 2 }]);
    expect(page.json.lastActiveAt).not.toBeNull();
    expect(page.json.sessions).toHaveLength(1);
    expect(Object.keys(page.json.sessions[0]).sort()).toEqual(
      ['createdAt', 'expiresAt', 'ipAddress', 'lastSeenAt', 'userAgent'].sort(),
    );

    const [stored] = await t.database.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, id));
    expect(page.text).not.toContain(SECRET_WORDS);
    expect(page.text).not.toContain('A reply kept private.');
    expect(page.text).not.toContain(stored!.token);

    // Looking is recorded, with whom.
    expect((await auditAbout(id))[0]).toMatchObject({
      action: 'GET /api/admin/users/:userId',
      actorId: adminId,
    });
    expect((await admin.get('/api/admin/users/no-such-user')).status).toBe(404);
  });
});

describe('credits', () => {
  it('gives and takes with a reason, reaching the user’s balance, history, export and audit', async () => {
    const { c, id } = await newUser();
    const before = (await c.get('/api/get-credits')).json.credits as number;

    const given = await grant(moderator, id, 25, 'Refund for the outage');
    expect(given.status, given.text).toBe(200);
    expect(given.json).toEqual({ credits: before + 25 });
    expect((await c.get('/api/get-credits')).json.credits).toBe(before + 25);

    const taken = await grant(admin, id, -5, 'Given twice by mistake');
    expect(taken.json).toEqual({ credits: before + 20 });

    const page = (await admin.get(`/api/admin/users/${id}`)).json;
    expect(page.credits.left).toBe(before + 20);
    expect(page.credits.grants).toEqual([
      expect.objectContaining({ amount: -5, reason: 'Given twice by mistake', actorId: adminId }),
      expect.objectContaining({
        amount: 25,
        reason: 'Refund for the outage',
        actorId: moderatorId,
      }),
    ]);

    const actions = await auditAbout(id);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'POST /api/admin/users/:userId/credits',
          actorId: moderatorId,
          reason: 'Refund for the outage',
        }),
      ]),
    );

    const exported = await creditsModule.userData!.exportForUser(t.database.db, id);
    const grants = await (exported.creditGrants as () => Promise<unknown[]>)();
    expect(grants).toEqual([
      expect.objectContaining({ amount: 25, reason: 'Refund for the outage' }),
      expect.objectContaining({ amount: -5, reason: 'Given twice by mistake' }),
    ]);
  });

  it('refuses a take below 0, an amount of 0 or too large, and no reason; unknown users 404', async () => {
    const { c, id } = await newUser();
    const left = (await c.get('/api/get-credits')).json.credits as number;
    const tooMuch = await grant(admin, id, -(left + 1), 'Abuse of free replies');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.message).toBe(
      `The balance cannot go below 0: this account has ${left} credits left.`,
    );
    expect((await c.get('/api/get-credits')).json.credits).toBe(left);

    for (const body of [
      { amount: 0, reason: 'Nothing at all' },
      { amount: 100_001, reason: 'Far too many' },
      { amount: 1.5, reason: 'Half a credit' },
      { amount: 5 },
      { amount: 5, reason: 'no' },
    ]) {
      const refused = await admin.post(`/api/admin/users/${id}/credits`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(typeof refused.json.message).toBe('string');
    }
    const grants = await t.database.db.select().from(creditGrant).where(eq(creditGrant.userId, id));
    expect(grants).toEqual([]);
    // Refused calls are not recorded as actions.
    expect(await auditAbout(id)).toEqual([]);

    const unknown = await admin.post('/api/admin/users/no-such-user/credits', {
      amount: 5,
      reason: 'Support ticket 2',
    });
    expect(unknown.status).toBe(404);
  });

  it('are not a staff member’s to give themselves, nor past a million on any balance', async () => {
    for (const [staff, id] of [
      [admin, adminId],
      [moderator, moderatorId],
    ] as const) {
      const own = await grant(staff, id, 100_000, 'Testing the new model');
      expect([own.status, own.json.message]).toEqual([
        400,
        'You cannot give or take credits of your own account.',
      ]);
    }
    expect(
      await t.database.db.select().from(creditGrant).where(eq(creditGrant.userId, adminId)),
    ).toEqual([]);

    // A balance is a 32-bit count: ten grants of 100,000 reach the ceiling, the eleventh is refused.
    const { c, id } = await newUser();
    const start = (await c.get('/api/get-credits')).json.credits as number;
    const fill = await grant(admin, id, 100_000 - start, 'Support ticket 3');
    expect(fill.status, fill.text).toBe(200);
    for (let i = 0; i < 9; i++) {
      const more = await grant(admin, id, 100_000, 'Support ticket 3');
      expect(more.status, more.text).toBe(200);
    }
    expect((await c.get('/api/get-credits')).json.credits).toBe(1_000_000);
    const past = await grant(admin, id, 1, 'Support ticket 3');
    expect([past.status, past.json.message]).toEqual([
      400,
      'The balance cannot go above 1,000,000 credits.',
    ]);
    expect((await c.get('/api/get-credits')).json.credits).toBe(1_000_000);
  });

  it('goes with the account', async () => {
    const { id } = await newUser();
    await grant(admin, id, 3, 'Welcome gift');
    await t.database.db.delete(userTable).where(eq(userTable.id, id));
    expect(
      await t.database.db.select().from(creditGrant).where(eq(creditGrant.userId, id)),
    ).toEqual([]);
  });
});

describe('suspension', () => {
  it('signs the user out and refuses sign-in with our words, until restored', async () => {
    const { c, id, email } = await newUser();
    expect((await c.get('/api/get-credits')).status).toBe(200);

    const suspended = await moderator.post(`/api/admin/users/${id}/suspension`, {
      suspended: true,
      reason: 'Spam in shared characters',
    });
    expect(suspended.status, suspended.text).toBe(200);
    expect(suspended.json).toMatchObject({
      suspended: true,
      suspensionReason: 'Spam in shared characters',
      sessions: [],
    });
    expect((await c.get('/api/get-credits')).status).toBe(401);
    const signIn = await t
      .client()
      .post('/api/auth/sign-in/email', { email, password: DIRECT_SIGN_IN_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.json).toEqual({ code: 'ACCOUNT_SUSPENDED', message: AUTH_MESSAGES.suspended });
    expect(
      (await admin.get(`/api/admin/users?query=${encodeURIComponent(email)}`)).json.users[0]
        .suspended,
    ).toBe(true);

    const restored = await admin.post(`/api/admin/users/${id}/suspension`, {
      suspended: false,
      reason: 'Appeal accepted',
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ suspended: false, suspensionReason: null });
    const again = await t
      .client()
      .post('/api/auth/sign-in/email', { email, password: DIRECT_SIGN_IN_PASSWORD });
    expect(again.status, again.text).toBe(200);

    const actions = (await auditAbout(id)).filter((e) => e.action.startsWith('POST'));
    expect(actions).toEqual([
      expect.objectContaining({
        action: 'POST /api/admin/users/:userId/suspension',
        actorId: adminId,
        reason: 'Appeal accepted',
      }),
      expect.objectContaining({
        action: 'POST /api/admin/users/:userId/suspension',
        actorId: moderatorId,
        reason: 'Spam in shared characters',
      }),
    ]);
  });

  it('is not for oneself, and a staff account is only an admin’s to suspend', async () => {
    const self = await admin.post(`/api/admin/users/${adminId}/suspension`, {
      suspended: true,
      reason: 'Testing myself',
    });
    expect(self.status).toBe(400);
    expect(self.json.message).toBe('You cannot suspend or restore your own account.');

    const byModerator = await moderator.post(`/api/admin/users/${adminId}/suspension`, {
      suspended: true,
      reason: 'Power grab',
    });
    expect(byModerator.status).toBe(403);
    expect(byModerator.json.message).toBe('Only an admin can do this to a staff account.');

    const other = await signedInStaff(t, 'moderator');
    const byAdmin = await admin.post(`/api/admin/users/${other.id}/suspension`, {
      suspended: true,
      reason: 'Left the team',
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect((await other.c.get('/api/admin/users')).status).toBe(404);
  });
});

describe('ending sessions', () => {
  it('signs the user out everywhere, and is recorded with the reason', async () => {
    const { c, id, email } = await newUser();
    const second = t.client();
    const signIn = await second.post('/api/auth/sign-in/email', {
      email,
      password: DIRECT_SIGN_IN_PASSWORD,
    });
    expect(signIn.status, signIn.text).toBe(200);

    const revoked = await moderator.post(`/api/admin/users/${id}/sessions/revoke`, {
      reason: 'Lost their phone',
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await c.get('/api/get-credits')).status).toBe(401);
    expect((await second.get('/api/get-credits')).status).toBe(401);
    expect((await admin.get(`/api/admin/users/${id}`)).json.sessions).toEqual([]);
    expect((await auditAbout(id)).find((e) => e.action.startsWith('POST'))).toMatchObject({
      action: 'POST /api/admin/users/:userId/sessions/revoke',
      actorId: moderatorId,
      reason: 'Lost their phone',
    });
  });
});

describe('deleting an account', () => {
  it('is an admin’s, with a reason: everything of the user goes, the audit keeps who and why', async () => {
    const { c, id, email } = await newUser();
    const made = await c.post('/api/characters', character);
    expect(made.status, made.text).toBe(201);

    const byModerator = await moderator.post(`/api/admin/users/${id}/deletion`, {
      reason: 'Asked by e-mail',
    });
    expect(byModerator.status).toBe(403);
    expect(byModerator.json.message).toBe('Only an admin can change this.');
    expect((await admin.post(`/api/admin/users/${id}/deletion`, {})).status).toBe(400);
    const own = await admin.post(`/api/admin/users/${adminId}/deletion`, { reason: 'Testing' });
    expect(own.status).toBe(400);
    expect(own.json.message).toBe('Delete your own account from the Account page.');
    expect(
      (await admin.post('/api/admin/users/nobody/deletion', { reason: 'Asked by e-mail' })).status,
    ).toBe(404);

    const deleted = await admin.post(`/api/admin/users/${id}/deletion`, {
      reason: 'Asked by e-mail',
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await c.get('/api/get-credits')).status).toBe(401);
    expect((await admin.get(`/api/admin/users/${id}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/users?query=${email}`)).json.users).toEqual([]);
    const rows = await t.database.db
      .select({ id: userTable.id })
      .from(userTable)
      .where(eq(userTable.id, id));
    expect(rows).toEqual([]);
    expect((await auditAbout(id)).find((e) => e.action.endsWith('/deletion'))).toMatchObject({
      action: 'POST /api/admin/users/:userId/deletion',
      actorId: adminId,
      reason: 'Asked by e-mail',
    });
  });
});
