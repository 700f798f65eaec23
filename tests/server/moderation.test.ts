/**
 * Moderation decisions (issue 49): each decision's effect and an admin's reversal. A removed
 * message reads 'Removed by moderation' for its owner everywhere (thread, list, export, the next
 * prompt) and comes back when reversed; a removed character stays readable but says nothing more,
 * with no credit taken; a suspension ends the user's sessions and refuses sign-in until reversed.
 * Each decision and reversal is in the audit log; the owner sees the removal in their notices.
 */
import { eq, like } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  conversationSummary,
  creditAccount,
  memory,
  moderationDecision,
  report,
  staffAudit,
} from '../../src/server/db/schema';
import {
  CHARACTER_REMOVED_BY_MODERATION,
  REMOVED_BY_MODERATION,
  REPORT_NOT_FOUND,
} from '../../src/shared/reports/contract';
import { AUTH_MESSAGES } from '../../src/shared/auth/contract';
import {
  decisionById,
  recordReversal,
  withdrawReversal,
} from '../../src/server/modules/moderation/decisions.repo';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { idOf, signedInStaff } from '../support/two-factor';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let admin: TestClient;
let adminId: string;
let moderator: TestClient;
let moderatorId: string;

const credits = async (c: TestClient) => (await c.get('/api/get-credits')).json.credits as number;

async function send(c: TestClient, conversationId: number, text: string, reply: string) {
  llm.script({ content: reply });
  const res = await c.post('/api/chat', { message: text, conversationId });
  expect(res.status, res.text).toBe(200);
  return { user: res.json.userMessageId as number, ai: res.json.messageId as number };
}

/** A user with credits, a character and a conversation whose reply says `secret`. */
async function chatter(tag: string, secret: string) {
  const email = `${tag}-${Date.now()}@example.com`;
  const c = await t.signedInUser(email);
  const id = await idOf(c);
  await c.get('/api/get-credits'); // the account is opened on first use
  await t.database.db
    .update(creditAccount)
    .set({ credits: 100 })
    .where(eq(creditAccount.userId, id));
  const made = await c.post('/api/characters', {
    name: 'Selene',
    description: 'A moonlit poet with a sharp wit.',
    gender: 'female',
    personality: 'Playful, literate, teases gently and quotes poetry.',
  });
  expect(made.status, made.text).toBe(201);
  const characterId = made.json.id as number;
  const conv = await c.post('/api/conversations', { characterId, chatMode: 'texting' });
  expect(conv.status, conv.text).toBe(201);
  const conversationId = conv.json.id as number;
  const turn = await send(c, conversationId, `${tag} hello`, secret);
  return { c, id, email, characterId, conversationId, turn };
}

async function reportOf(c: TestClient, body: object) {
  const res = await c.post('/api/reports', { reason: 'harassment', ...body });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

const decide = (c: TestClient, reportId: number, action: string, note = 'Breaks the rules.') =>
  c.post(`/api/admin/reports/${reportId}/decision`, { action, note });

const reverse = (c: TestClient, decisionId: number, note = 'Appeal accepted.') =>
  c.post(`/api/admin/decisions/${decisionId}/reversal`, { note });

async function exportText(c: TestClient) {
  const response = await fetch(`${t.url}/api/account/export`, {
    headers: { cookie: c.cookieHeader },
  });
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.values(files)
    .map((f) => strFromU8(f))
    .join('\n');
}

const thread = async (c: TestClient, conversationId: number) => {
  const res = await c.get(`/api/conversations/${conversationId}/messages`);
  expect(res.status, res.text).toBe(200);
  return (res.json as { id: number; content: string }[]).map((m) => m.content);
};

const promptsText = () => JSON.stringify(llm.requests.map((r) => r.body));

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
  ({ c: admin, id: adminId } = await signedInStaff(t, 'admin'));
  ({ c: moderator, id: moderatorId } = await signedInStaff(t, 'moderator'));
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

describe('remove-message', () => {
  it('shows the owner Removed by moderation everywhere, never the text, until reversed', async () => {
    const secret = 'the-lighthouse-secret-words';
    const { c, id, conversationId, turn } = await chatter('rm', secret);
    const reportId = await reportOf(c, { messageId: turn.ai });

    const decided = await decide(moderator, reportId, 'remove-message');
    expect(decided.status, decided.text).toBe(200);
    expect(decided.json.report.status).toBe('closed');
    expect(decided.json.decisions).toEqual([
      expect.objectContaining({ action: 'remove-message', actorId: moderatorId, reversedAt: null }),
    ]);

    // The thread, the list's preview, the conversation and the export.
    expect(await thread(c, conversationId)).toEqual(['rm hello', REMOVED_BY_MODERATION]);
    const list = await c.get('/api/conversations');
    expect(list.text).not.toContain(secret);
    expect(list.text).toContain(REMOVED_BY_MODERATION);
    expect((await c.get(`/api/conversations/${conversationId}`)).text).not.toContain(secret);
    const exported = await exportText(c);
    expect(exported).not.toContain(secret);
    expect(exported).toContain(REMOVED_BY_MODERATION);
    // Search finds nothing by its words.
    const search = await c.get(`/api/conversations?query=${secret}`);
    expect(search.status, search.text).toBe(200);
    expect(search.json.conversations).toEqual([]);

    // The next prompt carries the replacement, not the text.
    await send(c, conversationId, 'rm again', 'a new answer');
    expect(promptsText()).toContain(REMOVED_BY_MODERATION);
    expect(promptsText()).not.toContain(secret);

    // Editing it is refused; the owner is told in their notices.
    const edit = await c.put(`/api/messages/${turn.ai}/edit`, { content: 'something else' });
    expect(edit.status).toBe(409);
    expect(edit.json.message).toBe('This message was removed by moderation.');
    const mine = await c.get('/api/reports/mine');
    expect(mine.json.removals).toEqual([
      expect.objectContaining({ kind: 'message', conversationId, reversedAt: null }),
    ]);

    // An admin reverses it: the text is back, the report open again.
    const decisionId = decided.json.decisions[0].id as number;
    const reversed = await reverse(admin, decisionId);
    expect(reversed.status, reversed.text).toBe(200);
    expect(reversed.json).toEqual({ decisionId, reportId });
    const reopened = await moderator.get(`/api/admin/reports/${reportId}`);
    expect(reopened.json.report.status).toBe('open');
    expect(reopened.json.decisions[0].reversedAt).not.toBeNull();
    // The owner's page in the console lists the decision about them, with its report.
    const about = await admin.get(`/api/admin/users/${id}/decisions`);
    expect(about.status, about.text).toBe(200);
    expect(about.json.decisions).toEqual([
      expect.objectContaining({ id: decisionId, action: 'remove-message', reportId }),
    ]);
    expect(about.json.decisions[0].reversedAt).not.toBeNull();
    expect(await thread(c, conversationId)).toEqual([
      'rm hello',
      secret,
      'rm again',
      'a new answer',
    ]);
    expect((await c.get('/api/reports/mine')).json.removals[0].reversedAt).not.toBeNull();
    const found = await c.get(`/api/conversations?query=${secret}`);
    expect(found.json.conversations).toHaveLength(1);
    llm.reset();
    await send(c, conversationId, 'rm third', 'third answer');
    expect(promptsText()).toContain(secret);

    // Open again, it can be decided anew; reversed twice is 409.
    expect((await reverse(admin, decisionId)).status).toBe(409);
    expect((await decide(moderator, reportId, 'dismiss')).status).toBe(200);
  });

  it('takes the title it gave, its saved memory and the summaries that read it; the title comes back', async () => {
    const { c, id, characterId, conversationId, turn } = await chatter('ttl', 'a plain reply');
    const title = async () =>
      (await c.get(`/api/conversations/${conversationId}`)).json.title as string;
    expect(await title()).toBe('ttl hello');
    // 'Remember this' on the message, and what the summary jobs wrote from the conversation.
    const saved = await c.post(`/api/characters/${characterId}/memories`, {
      content: 'ttl hello',
      messageId: turn.user,
    });
    expect(saved.status, saved.text).toBe(201);
    const db = t.database.db;
    await db.insert(memory).values({
      userId: id,
      characterId,
      conversationId,
      source: 'summary',
      content: 'They said ttl hello.',
    });
    await db.insert(conversationSummary).values({
      conversationId,
      userId: id,
      throughMessageId: turn.ai,
      content: 'The user said ttl hello.',
    });

    const reportId = await reportOf(c, { messageId: turn.user });
    const decided = await decide(moderator, reportId, 'remove-message');
    expect(decided.status, decided.text).toBe(200);
    expect(await title()).toBe(REMOVED_BY_MODERATION);
    const listed = await c.get('/api/conversations');
    expect(JSON.stringify(listed.json)).not.toContain('ttl hello');
    const memories = await c.get(`/api/characters/${characterId}/memories`);
    expect(JSON.stringify(memories.json)).not.toContain('ttl hello');
    expect(
      await db
        .select()
        .from(conversationSummary)
        .where(eq(conversationSummary.conversationId, conversationId)),
    ).toEqual([]);

    const reversed = await reverse(admin, decided.json.decisions[0].id as number);
    expect(reversed.status, reversed.text).toBe(200);
    expect(await title()).toBe('ttl hello');
  });

  it('leaves a title the user gave as it is', async () => {
    const { c, conversationId, turn } = await chatter('named', 'a plain reply');
    const renamed = await c.put(`/api/conversations/${conversationId}`, { title: 'Our evening' });
    expect(renamed.status, renamed.text).toBe(200);
    const reportId = await reportOf(c, { messageId: turn.user });
    expect((await decide(moderator, reportId, 'remove-message')).status).toBe(200);
    expect((await c.get(`/api/conversations/${conversationId}`)).json.title).toBe('Our evening');
  });

  it('is refused for a character report (400), and the report stays open', async () => {
    const { c, characterId } = await chatter('rmc', 'nothing secret');
    const reportId = await reportOf(c, { characterId });
    const refused = await decide(moderator, reportId, 'remove-message');
    expect(refused.status).toBe(400);
    const [row] = await t.database.db.select().from(report).where(eq(report.id, reportId));
    expect(row?.status).toBe('open');
  });
});

describe('remove-character', () => {
  it('keeps its conversations readable but refuses every reply, free, until reversed', async () => {
    const { c, characterId, conversationId, turn } = await chatter('ch', 'an ordinary reply');
    const reportId = await reportOf(c, { messageId: turn.ai });
    const decided = await decide(moderator, reportId, 'remove-character');
    expect(decided.status, decided.text).toBe(200);
    expect(decided.json.character).toMatchObject({ id: characterId, removed: true });
    // The owner's app knows before anything is typed: the chat says why in the box's place.
    const removedFlag = async () => [
      (await c.get(`/api/characters/${characterId}`)).json.removedByModeration,
      (await c.get('/api/characters')).json.find((x: { id: number }) => x.id === characterId)
        .removedByModeration,
    ];
    expect(await removedFlag()).toEqual([true, true]);

    const before = await credits(c);
    llm.reset();
    const attempts = [
      await c.post('/api/chat', { message: 'are you there?', conversationId }),
      await c.post(`/api/messages/${turn.ai}/regenerate`),
      await c.post(`/api/messages/${turn.ai}/continue`),
      await c.post('/api/conversations', { characterId, chatMode: 'texting' }),
      await c.put(`/api/characters/${characterId}`, { name: 'Selena' }),
      await c.post('/api/generate-options', { conversationId }),
      await c.post(`/api/conversations/${conversationId}/generate-scenario`, {
        message: 'a storm',
      }),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(403);
      expect(res.json.message).toBe(CHARACTER_REMOVED_BY_MODERATION);
    }
    expect(await credits(c)).toBe(before);
    expect(llm.requests).toHaveLength(0);
    expect(await thread(c, conversationId)).toEqual(['ch hello', 'an ordinary reply']);
    expect((await c.get('/api/reports/mine')).json.removals).toEqual([
      expect.objectContaining({ kind: 'character', characterName: 'Selene' }),
    ]);

    const reversed = await reverse(admin, decided.json.decisions[0].id);
    expect(reversed.status, reversed.text).toBe(200);
    const page = await moderator.get(`/api/admin/reports/${reportId}`);
    expect(page.json.character.removed).toBe(false);
    expect(await removedFlag()).toEqual([false, false]);
    await send(c, conversationId, 'back again', 'here I am');
    expect(await credits(c)).toBe(before - 1);
  });
});

describe('suspend-user', () => {
  it('ends the user’s sessions and refuses sign-in, until reversed', async () => {
    const { c, id, email, turn } = await chatter('sus', 'a reply');
    const reportId = await reportOf(c, { messageId: turn.ai });
    const decided = await decide(moderator, reportId, 'suspend-user', 'Spam in chats.');
    expect(decided.status, decided.text).toBe(200);
    expect((await c.get('/api/get-credits')).status).toBe(401);
    const signIn = await t
      .client()
      .post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.json.message).toBe(AUTH_MESSAGES.suspended);

    const reversed = await reverse(admin, decided.json.decisions[0].id);
    expect(reversed.status, reversed.text).toBe(200);
    const again = await t
      .client()
      .post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(again.status, again.text).toBe(200);
    expect(again.json.user.id).toBe(id);
  });

  it('undoes only itself: another suspension that stands keeps the account suspended', async () => {
    const { c, email, turn } = await chatter('twice', 'a reply');
    const first = await reportOf(c, { messageId: turn.ai });
    const second = await reportOf(c, { messageId: turn.user });
    const a = await decide(moderator, first, 'suspend-user', 'Spam in chats.');
    expect(a.status, a.text).toBe(200);
    const b = await decide(moderator, second, 'suspend-user', 'Threats to other users.');
    expect(b.status, b.text).toBe(200);
    const signIn = () =>
      t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });

    expect((await reverse(admin, a.json.decisions[0].id)).status).toBe(200);
    expect((await signIn()).status).toBe(403); // the second decision stands
    expect((await reverse(admin, b.json.decisions[0].id)).status).toBe(200);
    expect((await signIn()).status).toBe(200);

    // Suspended by a decision, then on the user page for another reason: undoing the decision
    // leaves the page's suspension.
    const { c: c2, id: id2, email: email2, turn: turn2 } = await chatter('page', 'a reply');
    const third = await reportOf(c2, { messageId: turn2.ai });
    const decided = await decide(moderator, third, 'suspend-user', 'Spam in chats.');
    expect(decided.status, decided.text).toBe(200);
    const page = await admin.post(`/api/admin/users/${id2}/suspension`, {
      suspended: true,
      reason: 'Chargeback fraud.',
    });
    expect(page.status, page.text).toBe(200);
    expect((await reverse(admin, decided.json.decisions[0].id)).status).toBe(200);
    const still = await t
      .client()
      .post('/api/auth/sign-in/email', { email: email2, password: TEST_PASSWORD });
    expect(still.status).toBe(403);
  });

  it('leaves a suspension about an admin’s own account for another admin to reverse', async () => {
    const { c, turn } = await chatter('ownrev', 'a reply');
    const reportId = await reportOf(c, { messageId: turn.ai });
    const decided = await decide(moderator, reportId, 'suspend-user', 'Spam in chats.');
    expect(decided.status, decided.text).toBe(200);
    const decisionId = decided.json.decisions[0].id as number;
    // The decision is about the admin's own account (as if they had been its subject).
    await t.database.db
      .update(moderationDecision)
      .set({ subjectUserId: adminId })
      .where(eq(moderationDecision.id, decisionId));
    const refused = await reverse(admin, decisionId);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      'A decision about your own account is for another admin to reverse.',
    );
    // The decision stands, as it does on the account, and its report stays decided.
    const page = await moderator.get(`/api/admin/reports/${reportId}`);
    expect(page.json.report.status).toBe('closed');
    expect(page.json.decisions[0].reversedAt).toBeNull();
  });

  it('withdraws a reversal whose restore failed: the decision stands, its report closed when it was decided', async () => {
    const { c, turn } = await chatter('withdrawn', 'a reply');
    const reportId = await reportOf(c, { messageId: turn.ai });
    const decided = await decide(moderator, reportId, 'suspend-user', 'Spam in chats.');
    const decisionId = decided.json.decisions[0].id as number;
    const closedAt = async () =>
      (await t.database.db.select().from(report).where(eq(report.id, reportId)))[0]!.closedAt;
    const decidedAt = await closedAt();
    expect(decidedAt).not.toBeNull();
    // The reversal is recorded, then the account's restore fails (as reverseDecision does then).
    const { db } = t.database;
    const decision = (await decisionById(db, decisionId))!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await recordReversal(db, decision, { actorId: adminId, note: 'Looked again.' })).toBe(
      true,
    );
    expect(await closedAt()).toBeNull();
    await withdrawReversal(db, decision);
    const page = await moderator.get(`/api/admin/reports/${reportId}`);
    expect(page.json.report.status).toBe('closed');
    expect(page.json.decisions[0].reversedAt).toBeNull();
    expect(await closedAt()).toEqual(decidedAt);
  });

  it('lets no moderator suspend staff, and nobody themselves; nothing is decided', async () => {
    const staffUser = await signedInStaff(t, 'moderator');
    const { c, turn } = await chatter('staffsubj', 'a reply');
    const reportId = await reportOf(c, { messageId: turn.ai });
    // The report is about the other moderator's content, and then the admin's own.
    await t.database.db
      .update(report)
      .set({ subjectUserId: staffUser.id })
      .where(eq(report.id, reportId));
    expect((await decide(moderator, reportId, 'suspend-user')).status).toBe(403);
    await t.database.db
      .update(report)
      .set({ subjectUserId: adminId })
      .where(eq(report.id, reportId));
    expect((await decide(admin, reportId, 'suspend-user')).status).toBe(400);
    const [row] = await t.database.db.select().from(report).where(eq(report.id, reportId));
    expect(row?.status).toBe('open');
  });
});

describe('dismiss, conflicts and who may reverse', () => {
  it('dismisses with nothing else changed; a decided report is 409; a moderator may not reverse', async () => {
    const secret = 'a perfectly fine reply';
    const { c, conversationId, turn } = await chatter('dis', secret);
    const reportId = await reportOf(c, { messageId: turn.ai });
    const dismissed = await decide(moderator, reportId, 'dismiss', 'Nothing wrong here.');
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(dismissed.json.report.status).toBe('closed');
    expect(await thread(c, conversationId)).toEqual(['dis hello', secret]);
    expect((await c.get('/api/reports/mine')).json.removals).toEqual([]);

    const again = await decide(admin, reportId, 'remove-message');
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This report was decided already.');

    const decisionId = dismissed.json.decisions[0].id as number;
    const byModerator = await reverse(moderator, decisionId);
    expect(byModerator.status).toBe(403);
    expect(byModerator.json.message).toBe('Only an admin can change this.');
    expect((await reverse(admin, 999_999_999)).status).toBe(404);
    expect((await decide(moderator, 999_999_999, 'dismiss')).json.message).toBe(REPORT_NOT_FOUND);
    // Users and signed-out callers do not find the routes.
    expect((await decide(c, reportId, 'dismiss')).status).toBe(404);
    expect((await reverse(t.client(), decisionId)).status).toBe(404);

    // The decision and the reversal in the audit log, with their notes as reasons.
    expect((await reverse(admin, decisionId, 'Looked again.')).status).toBe(200);
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(like(staffAudit.action, 'POST /api/admin/%'));
    const ours = audit.filter((row) => {
      const params = JSON.stringify(row.details?.params ?? {});
      return params.includes(String(reportId)) || params.includes(String(decisionId));
    });
    expect(ours.map((row) => [row.action, row.actorId, row.reason])).toEqual(
      expect.arrayContaining([
        ['POST /api/admin/reports/:reportId/decision', moderatorId, 'Nothing wrong here.'],
        ['POST /api/admin/decisions/:decisionId/reversal', adminId, 'Looked again.'],
      ]),
    );
  });
});
