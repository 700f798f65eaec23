import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/auth/contract';
import { lockDataDir } from '../../src/server/data-dir-lock';
import { openDatabase } from '../../src/server/db/client';
import { safetyHold, staffAudit, user as userTable } from '../../src/server/db/schema';
import { DIRECT_SIGN_IN_PASSWORD } from '../support/direct-sign-in';
import { enrolTwoFactor, makeStaff } from '../support/two-factor';
import type { TestClient } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The staff console's rule (issue 48 part 1, decision 0055): a staff role and two-factor, 404 for
 * everyone else, 403 with the way to set it up for staff without it; STAFF_EMAILS makes the first
 * admin; every look and action written to the audit log.
 */

const LISTED = 'first-admin@example.com';
const UNVERIFIED = 'unverified-admin@example.com';
const TWO_FACTOR_REQUIRED = {
  message: 'Set up two-factor authentication to use the staff console.',
  code: 'TWO_FACTOR_REQUIRED',
  setupUrl: '/account#two-factor',
};
const STAFF_ROUTES = [
  '/api/admin/audit',
  '/api/admin/safety-report',
  '/api/admin/safety-holds',
] as const;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ STAFF_EMAILS: `${LISTED}, ${UNVERIFIED}` });
});
afterAll(() => t.close());

const sessionUser = async (c: TestClient) => (await c.get('/api/auth/get-session')).json.user;

async function moderator() {
  const c = await t.signedInUser();
  const { id } = await sessionUser(c);
  await makeStaff(t.database.db, id, 'moderator');
  return { c, id };
}

describe('who may use the console', () => {
  it('is not there for users, nor signed out, whatever they send', async () => {
    const user = await t.signedInUser();
    await enrolTwoFactor(user);
    for (const path of STAFF_ROUTES) {
      expect((await user.get(path)).status, path).toBe(404);
      expect((await t.client().get(path)).status, path).toBe(404);
    }
    const review = await user.post('/api/admin/safety-holds/someone/review', { outcome: 'x' });
    expect(review.status).toBe(404);
  });

  it('tells staff without two-factor to set it up, and opens once it is on', async () => {
    const { c } = await moderator();
    for (const path of STAFF_ROUTES) {
      const refused = await c.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.json, path).toEqual(TWO_FACTOR_REQUIRED);
    }
    // The hidden model picker is not the console: staff see it without two-factor.
    expect((await c.get('/api/models')).json.staff).toBe(true);

    await enrolTwoFactor(c);
    for (const path of STAFF_ROUTES) expect((await c.get(path)).status, path).toBe(200);
  });

  it('makes a verified STAFF_EMAILS address admin when it signs in, never an unverified one', async () => {
    const listed = await t.signedInUser(LISTED);
    expect(await sessionUser(listed)).toMatchObject({ role: 'admin', twoFactorEnabled: false });
    expect((await listed.get('/api/admin/audit')).status).toBe(403);
    // Recorded like every role change, by the list.
    const { id: listedId } = await sessionUser(listed);
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.targetUserId, listedId));
    expect(audit).toMatchObject([
      { actorId: 'staff-emails', action: 'staff.role.set', details: { from: 'user', to: 'admin' } },
    ]);

    // An account whose address is not verified: a session of its own changes nothing.
    const context = await t.auth.$context;
    const unverified = await context.internalAdapter.createUser({
      email: UNVERIFIED,
      name: '',
      emailVerified: false,
    });
    await context.internalAdapter.createSession(unverified.id, false);
    const [row] = await t.database.db
      .select({ role: userTable.role })
      .from(userTable)
      .where(eq(userTable.id, unverified.id));
    expect(row?.role).toBe('user');

    // Taking an address off the list demotes nobody: the role is stored with the user.
    expect((await sessionUser(listed)).role).toBe('admin');
  });
});

describe('the audit log', () => {
  it('records every look and action, who, whom and why, and lists them newest first by pages', async () => {
    const { c: staff, id: staffId } = await moderator();
    await enrolTwoFactor(staff);
    const target = await t.signedInUser();
    const { id: targetId } = await sessionUser(target);

    expect((await staff.get('/api/admin/safety-report')).status).toBe(200);
    const review = await staff.post(`/api/admin/safety-holds/${targetId}/review`, {
      outcome: 'released',
      note: 'Checked with support.',
    });
    // No pause to review: refused, and not recorded as done.
    expect(review.status).toBe(404);

    const page = await staff.get(`/api/admin/audit?limit=2`);
    expect(page.status, page.text).toBe(200);
    const [newest, previous] = page.json.entries;
    // The audit list is itself a look, recorded before it is read.
    expect(newest).toMatchObject({
      actorId: staffId,
      actorRole: 'moderator',
      action: 'GET /api/admin/audit',
      details: { query: { limit: 2 } },
    });
    expect(previous).toMatchObject({ action: 'GET /api/admin/safety-report', actorId: staffId });
    expect(new Date(previous.at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(typeof newest.actorEmail).toBe('string');
    expect(page.json.nextBefore).toBe(previous.id);
    const older = await staff.get(`/api/admin/audit?limit=2&before=${page.json.nextBefore}`);
    expect(older.json.entries.every((e: { id: number }) => e.id < previous.id)).toBe(true);
    expect((await staff.get('/api/admin/audit?limit=0')).status).toBe(400);
  });

  it('names the user an action was about and the reason given', async () => {
    const { c: staff } = await moderator();
    await enrolTwoFactor(staff);
    const target = await t.signedInUser();
    const { id: targetId } = await sessionUser(target);
    // A pause to lift: what the crisis protocol sets for a self-declared minor.
    await t.database.db
      .insert(safetyHold)
      .values({ userId: targetId, reason: 'self-declared-minor', detectedBy: 'rule' });
    const review = await staff.post(`/api/admin/safety-holds/${targetId}/review`, {
      outcome: 'released',
      note: 'Adult: showed ID through support.',
    });
    expect(review.status, review.text).toBe(200);

    const about = await staff.get(`/api/admin/audit?userId=${targetId}`);
    expect(about.json.entries).toEqual([
      expect.objectContaining({
        action: 'POST /api/admin/safety-holds/:userId/review',
        targetUserId: targetId,
        reason: 'Adult: showed ID through support.',
        details: expect.objectContaining({
          body: expect.objectContaining({ outcome: 'released' }),
        }),
      }),
    ]);
  });
});

describe('suspension (the admin plugin, for part 2’s routes)', () => {
  it('refuses a suspended user’s sign-in with our words and ends their sessions', async () => {
    const admin = await t.signedInUser();
    const { id: adminId } = await sessionUser(admin);
    await makeStaff(t.database.db, adminId, 'admin');
    const user = await t.signedInUser();
    const { id, email } = await sessionUser(user);

    await t.auth.api.banUser({
      headers: new Headers({ cookie: admin.cookieHeader }),
      body: { userId: id, banReason: 'spam' },
    });
    // Its sessions are gone, and a right password no longer signs it in.
    const signIn = await t
      .client()
      .post('/api/auth/sign-in/email', { email, password: DIRECT_SIGN_IN_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.json).toEqual({ code: 'ACCOUNT_SUSPENDED', message: AUTH_MESSAGES.suspended });
    expect((await user.get('/api/auth/get-session')).json).toBeNull();
  });
});

describe('npm run staff', () => {
  const root = path.resolve(import.meta.dirname, '../..');

  /**
   * The CLI as `npm run staff -- …` runs it, on its own DATA_DIR. Asynchronous: a lock this
   * process holds must go on being refreshed meanwhile, as a running server's is.
   */
  function runStaff(dataDir: string, ...args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    return new Promise<{ status: number; output: string }>((resolve) => {
      execFile(
        tsx,
        ['scripts/staff.ts', ...args],
        { cwd: root, env, timeout: 60_000 },
        (error, stdout, stderr) => {
          const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ status, output: `${stdout}${stderr}` });
        },
      );
    });
  }

  it('makes an account admin, writes it to the audit log, and waits for a running server', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-staff-'));
    try {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      await database.migrate();
      await database.db.insert(userTable).values({ id: 'owner', email: 'owner@example.com' });
      await database.close();

      const added = await runStaff(dataDir, 'add', 'Owner@Example.com', 'admin');
      expect(added.status, added.output).toBe(0);
      expect(added.output).toContain('Owner@Example.com: user → admin.');
      const listed = await runStaff(dataDir, 'list');
      expect(listed.output).toContain('owner@example.com\tadmin\t2FA off');
      expect((await runStaff(dataDir, 'add', 'owner@example.com', 'superuser')).status).toBe(1);

      const reopened = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      const [row] = await reopened.db
        .select({ role: userTable.role })
        .from(userTable)
        .where(eq(userTable.id, 'owner'));
      expect(row?.role).toBe('admin');
      const audit = await reopened.db.select().from(staffAudit);
      expect(audit).toEqual([
        expect.objectContaining({
          actorId: 'cli',
          action: 'staff.role.set',
          targetUserId: 'owner',
          details: { from: 'user', to: 'admin' },
        }),
      ]);
      await reopened.close();

      // A server holding the data directory: the CLI says what to do instead.
      const lock = await lockDataDir(dataDir, () => {});
      try {
        const refused = await runStaff(dataDir, 'remove', 'owner@example.com');
        expect(refused.status).toBe(1);
        expect(refused.output).toContain('Stop Reverie first, or list the address in STAFF_EMAILS');
      } finally {
        await lock.release();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
