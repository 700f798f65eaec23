/**
 * Reports (issue 49): a user reports a message of their own chat or a character of theirs, and
 * nothing they cannot see; the same thing reported twice is one report. Staff read the queue
 * (most serious, newest first, counts by reason), a report's page (the message with its context
 * on its own branch of its own conversation, the character, earlier reports; the opening in the
 * audit log) and the feedback users shared. The reports are in the reporter's export and go with
 * their account.
 */
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditAccount, moderationDecision, report, staffAudit } from '../../src/server/db/schema';
import { REPORT_NOT_FOUND, REPORT_REASONS } from '../../src/shared/reports/contract';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { enrolTwoFactor, idOf, signedInStaff } from '../support/two-factor';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let admin: TestClient;
let moderator: TestClient;

async function newCharacter(c: TestClient, name = 'Selene') {
  const res = await c.post('/api/characters', {
    name,
    description: 'A moonlit poet with a sharp wit.',
    gender: 'female',
    personality: 'Playful, literate, teases gently and quotes poetry.',
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function newConversation(c: TestClient, characterId: number) {
  const res = await c.post('/api/conversations', { characterId, chatMode: 'texting' });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** Sends a message and returns its id and the reply's. */
async function send(c: TestClient, conversationId: number, text: string, reply: string) {
  llm.script({ content: reply });
  const res = await c.post('/api/chat', { message: text, conversationId });
  expect(res.status, res.text).toBe(200);
  return { user: res.json.userMessageId as number, ai: res.json.messageId as number };
}

/** A user with a character and a conversation of `turns` exchanges (`u1`/`a1` …). */
async function chatter(turns: number, tag: string) {
  const c = await t.signedInUser();
  const id = await idOf(c);
  await c.get('/api/get-credits'); // the account is opened on first use
  await t.database.db
    .update(creditAccount)
    .set({ credits: 1000 })
    .where(eq(creditAccount.userId, id));
  const characterId = await newCharacter(c);
  const conversationId = await newConversation(c, characterId);
  const turn: { user: number; ai: number }[] = [];
  for (let i = 1; i <= turns; i++)
    turn.push(await send(c, conversationId, `${tag}-u${i}`, `${tag}-a${i}`));
  return { c, id, characterId, conversationId, turn };
}

const reportsBy = (reporterId: string) =>
  t.database.db.select().from(report).where(eq(report.reporterId, reporterId));

const contents = (list: { content: string }[]) => list.map((m) => m.content);

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
  ({ c: admin } = await signedInStaff(t, 'admin'));
  ({ c: moderator } = await signedInStaff(t, 'moderator'));
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

describe('reporting', () => {
  it('reports a message of one’s own chat once: 201, then the same report with 200', async () => {
    const { c, id, characterId, conversationId, turn } = await chatter(1, 'once');
    const first = await c.post('/api/reports', {
      messageId: turn[0]!.ai,
      reason: 'harassment',
      details: '  It insulted me.  ',
    });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      kind: 'message',
      reason: 'harassment',
      status: 'open',
      outcome: null,
      decidedAt: null,
    });
    const again = await c.post('/api/reports', { messageId: turn[0]!.ai, reason: 'other' });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(first.json);

    const rows = await reportsBy(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subjectUserId: id,
      messageId: turn[0]!.ai,
      conversationId,
      characterId,
      reason: 'harassment',
      details: 'It insulted me.',
    });

    // A character of theirs, also once.
    const character = await c.post('/api/reports', { characterId, reason: 'minors' });
    expect(character.status, character.text).toBe(201);
    expect(character.json).toMatchObject({ kind: 'character', reason: 'minors' });
    const twice = await c.post('/api/reports', { characterId, reason: 'minors' });
    expect(twice.status).toBe(200);
    expect(twice.json.id).toBe(character.json.id);
    expect(await reportsBy(id)).toHaveLength(2);
  });

  it('answers 404 for what the user cannot see, and stores nothing', async () => {
    const owner = await chatter(1, 'hidden');
    const stranger = await t.signedInUser();
    const strangerId = await idOf(stranger);
    for (const body of [
      { messageId: owner.turn[0]!.ai, reason: 'illegal' },
      { messageId: owner.turn[0]!.user, reason: 'illegal' },
      { characterId: owner.characterId, reason: 'illegal' },
      { messageId: 999_999_999, reason: 'illegal' },
      { characterId: 999_999, reason: 'illegal' },
    ]) {
      const res = await stranger.post('/api/reports', body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.json).toEqual({ message: 'Not found' });
    }
    expect(await reportsBy(strangerId)).toHaveLength(0);
    expect(
      (await t.client().post('/api/reports', { characterId: 1, reason: 'other' })).status,
    ).toBe(401);
  });

  it('refuses a bad body with the field issues', async () => {
    const { c, id, characterId, turn } = await chatter(1, 'bad');
    for (const body of [
      { reason: 'other' },
      { messageId: turn[0]!.ai, characterId, reason: 'other' },
      { messageId: turn[0]!.ai, reason: 'boring' },
      { messageId: turn[0]!.ai, reason: 'other', details: 'x'.repeat(1001) },
    ]) {
      const res = await c.post('/api/reports', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.issues?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await reportsBy(id)).toHaveLength(0);
  });

  it('lists the user’s reports newest first, with their outcome and removals', async () => {
    const { c, characterId, turn } = await chatter(2, 'mine');
    const older = await c.post('/api/reports', { messageId: turn[0]!.ai, reason: 'other' });
    const newer = await c.post('/api/reports', { characterId, reason: 'self-harm' });
    const mine = await c.get('/api/reports/mine');
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json.reports.map((r: { id: number }) => r.id)).toEqual([
      newer.json.id,
      older.json.id,
    ]);
    expect(mine.json.reports[0]).toMatchObject({ kind: 'character', outcome: null });
    expect(mine.json.removals).toEqual([]);
    // Someone else's list does not hold them.
    const other = await (await t.signedInUser()).get('/api/reports/mine');
    expect(other.json).toEqual({ reports: [], removals: [] });
  });
});

describe('the review queue', () => {
  it('puts the most serious first, then the newest, with open counts for every reason', async () => {
    const { c, characterId, turn } = await chatter(3, 'queue');
    const made: Record<string, number> = {};
    for (const [body, key] of [
      [{ messageId: turn[0]!.ai, reason: 'other' }, 'other'],
      [{ messageId: turn[1]!.ai, reason: 'minors' }, 'minors-old'],
      [{ messageId: turn[2]!.ai, reason: 'harassment' }, 'harassment'],
      [{ characterId, reason: 'minors', details: 'A child.' }, 'minors-new'],
    ] as const) {
      const res = await c.post('/api/reports', body);
      expect(res.status, res.text).toBe(201);
      made[key] = res.json.id;
    }
    const queue = await moderator.get('/api/admin/reports');
    expect(queue.status, queue.text).toBe(200);
    const ids = queue.json.reports.map((r: { id: number }) => r.id);
    const mine = ids.filter((id: number) => Object.values(made).includes(id));
    expect(mine).toEqual([made['minors-new'], made['minors-old'], made.harassment, made.other]);
    // The whole queue is in that order.
    const rank = (r: { reason: string }) => REPORT_REASONS.indexOf(r.reason as never);
    const reports = queue.json.reports as { reason: string; createdAt: string; status: string }[];
    for (let i = 1; i < reports.length; i++) {
      const [a, b] = [reports[i - 1]!, reports[i]!];
      expect(rank(a) < rank(b) || (rank(a) === rank(b) && a.createdAt >= b.createdAt)).toBe(true);
    }
    expect(reports.every((r) => r.status === 'open')).toBe(true);
    expect(
      queue.json.reports.find((r: { id: number }) => r.id === made['minors-new']),
    ).toMatchObject({ kind: 'character', characterName: 'Selene', hasDetails: true });
    // No message text in the queue.
    expect(queue.text).not.toContain('queue-a');
    expect(queue.text).not.toContain('A child.');

    const { rows } = await t.database.db.execute<{ reason: string; n: number }>(
      sql`select reason, count(*)::int as n from report where status = 'open' group by reason`,
    );
    const expected = Object.fromEntries(REPORT_REASONS.map((r) => [r, 0]));
    for (const row of rows) expected[row.reason] = Number(row.n);
    expect(queue.json.openByReason).toEqual(expected);

    // Closed ones are apart.
    await t.database.db
      .update(report)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(report.id, made.other!));
    const open = await admin.get('/api/admin/reports?status=open');
    expect(open.json.reports.map((r: { id: number }) => r.id)).not.toContain(made.other);
    expect(open.json.openByReason.other).toBe(expected.other! - 1);
    const closed = await admin.get('/api/admin/reports?status=closed');
    expect(closed.status).toBe(200);
    expect(closed.json.reports.map((r: { id: number }) => r.id)).toContain(made.other);
    expect((await admin.get('/api/admin/reports?status=later')).status).toBe(400);
  });

  it('is not there for users, and every admin route answers them 404', async () => {
    const user = await t.signedInUser();
    await enrolTwoFactor(user);
    for (const path of ['/api/admin/reports', '/api/admin/reports/1', '/api/admin/feedback']) {
      expect((await user.get(path)).status, path).toBe(404);
      expect((await t.client().get(path)).status, path).toBe(404);
    }
  });
});

describe('a report’s page', () => {
  it('shows the message with at most 10 messages each side, on its branch only', async () => {
    const { c, characterId, conversationId, turn } = await chatter(12, 'tree');
    // Another conversation of the same user, which never shows.
    const elsewhere = await newConversation(c, characterId);
    await send(c, elsewhere, 'elsewhere-u1', 'elsewhere-a1');
    const line = turn.flatMap((x, i) => [
      [x.user, `tree-u${i + 1}`],
      [x.ai, `tree-a${i + 1}`],
    ]) as [number, string][];
    const textOf = (from: number, to: number) => line.slice(from, to).map(([, text]) => text);
    const open = async (messageId: number) => {
      const made = await c.post('/api/reports', { messageId, reason: 'other' });
      expect(made.status, made.text).toBeLessThan(202);
      const page = await moderator.get(`/api/admin/reports/${made.json.id}`);
      expect(page.status, page.text).toBe(200);
      expect(page.text).not.toContain('elsewhere-');
      return page.json;
    };

    // a6 (index 11): 11 before it, 12 after it on the only branch.
    const page = await open(turn[5]!.ai);
    expect(page.message).toMatchObject({ id: turn[5]!.ai, content: 'tree-a6', removed: false });
    expect(contents(page.before)).toEqual(textOf(1, 11));
    expect(contents(page.after)).toEqual(textOf(12, 22));
    expect(page.character).toMatchObject({ id: characterId, name: 'Selene', removed: false });
    expect(page.report).toMatchObject({ kind: 'message', details: null, reason: 'other' });
    expect(page.decisions).toEqual([]);

    // A new alternative of a9: the current path now ends there.
    llm.script({ content: 'tree-a9-again' });
    const regen = await c.post(`/api/messages/${turn[8]!.ai}/regenerate`);
    expect(regen.status, regen.text).toBe(200);
    const onPath = await open(turn[7]!.user); // u8
    expect(contents(onPath.after)).toEqual(['tree-a8', 'tree-u9', 'tree-a9-again']);
    expect(contents(onPath.before)).toEqual(textOf(4, 14));

    // a10 is on the old branch now: after it, its replies; before it, its own ancestors.
    const offPath = await open(turn[9]!.ai);
    expect(contents(offPath.after)).toEqual(textOf(20, 24));
    expect(contents(offPath.before)).toEqual(textOf(9, 19));
    expect(JSON.stringify(offPath)).not.toContain('tree-a9-again');

    // The new alternative itself: nothing after it, and none of the old branch's later turns.
    const alternative = await open(regen.json.messageId);
    expect(contents(alternative.after)).toEqual([]);
    expect(contents(alternative.before)).toEqual(textOf(7, 17));

    // Back on the old branch: after u7 come the old a9 and its turns, not the newer alternative.
    const back = await c.put(`/api/conversations/${conversationId}/active-leaf`, {
      messageId: turn[8]!.ai,
    });
    expect(back.status, back.text).toBe(200);
    const again = await open(turn[6]!.user);
    expect(contents(again.after)).toEqual(textOf(13, 23));
  });

  it('lists earlier reports about the same user or character, and records the opening', async () => {
    const { c, id, characterId, turn } = await chatter(2, 'earlier');
    const other = await chatter(1, 'unrelated');
    const unrelated = await other.c.post('/api/reports', {
      messageId: other.turn[0]!.ai,
      reason: 'other',
    });
    const first = await c.post('/api/reports', { messageId: turn[0]!.ai, reason: 'other' });
    const second = await c.post('/api/reports', { messageId: turn[1]!.user, reason: 'illegal' });
    const latest = await c.post('/api/reports', { characterId, reason: 'minors' });

    const page = await admin.get(`/api/admin/reports/${latest.json.id}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json.message).toBeNull();
    expect(page.json.before).toEqual([]);
    expect(page.json.report).toMatchObject({ kind: 'character', subjectUserId: id });
    expect(page.json.earlier.map((r: { id: number }) => r.id)).toEqual([
      second.json.id,
      first.json.id,
    ]);
    expect(page.json.earlier.map((r: { id: number }) => r.id)).not.toContain(unrelated.json.id);

    const adminId = await idOf(admin);
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(
        and(
          eq(staffAudit.actorId, adminId),
          eq(staffAudit.action, 'GET /api/admin/reports/:reportId'),
        ),
      );
    expect(audit.map((a) => a.details)).toContainEqual({ params: { reportId: latest.json.id } });

    const missing = await admin.get('/api/admin/reports/999999999');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe(REPORT_NOT_FOUND);
    expect((await admin.get('/api/admin/reports/abc')).status).toBe(404);
  });
});

describe('feedback', () => {
  it('lists the thumbs users gave, newest first, with the model and counts', async () => {
    const { c, turn } = await chatter(2, 'rated');
    const up = await c.post('/api/feedback', {
      aiMessage: 'x',
      feedback: 'GOOD',
      messageId: turn[0]!.ai,
    });
    expect(up.status, up.text).toBe(201);
    await c.post('/api/feedback', { aiMessage: 'x', feedback: 'BAD', messageId: turn[1]!.ai });
    await c.post('/api/feedback', { aiMessage: 'typed by a client', feedback: 'BAD' });

    const all = await moderator.get('/api/admin/feedback');
    expect(all.status, all.text).toBe(200);
    expect(all.json.items.slice(0, 3)).toMatchObject([
      { rating: 'down', aiMessage: 'typed by a client', model: null },
      { rating: 'down', aiMessage: 'rated-a2', userMessage: 'rated-u2', model: 'big-405b' },
      { rating: 'up', aiMessage: 'rated-a1', userMessage: 'rated-u1', model: 'big-405b' },
    ]);
    const down = await moderator.get('/api/admin/feedback?rating=down');
    expect(down.json.items.every((f: { rating: string }) => f.rating === 'down')).toBe(true);
    expect(down.json.items.map((f: { aiMessage: string }) => f.aiMessage)).not.toContain(
      'rated-a1',
    );

    expect(all.json.byDay).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(all.json.byDay.at(-1)).toMatchObject({ day: today });
    expect(all.json.byDay.at(-1).up).toBeGreaterThanOrEqual(1);
    expect(all.json.byDay.at(-1).down).toBeGreaterThanOrEqual(2);
    const model = all.json.byModel.find((m: { model: string | null }) => m.model === 'big-405b');
    expect(model.up).toBeGreaterThanOrEqual(1);
    expect(model.down).toBeGreaterThanOrEqual(1);
    expect((await moderator.get('/api/admin/feedback?rating=meh')).status).toBe(400);
  });

  it('keeps the comment a user adds to a vote, until a vote without one replaces it', async () => {
    const { c, turn } = await chatter(1, 'commented');
    const messageId = turn[0]!.ai;
    const vote = (body: object) =>
      c.post('/api/feedback', { aiMessage: 'x', feedback: 'BAD', messageId, ...body });
    expect((await vote({})).status).toBe(201);
    const commented = await vote({ comment: '  It forgot my name.  ' });
    expect(commented.status, commented.text).toBe(201);
    const mine = async () =>
      (await moderator.get('/api/admin/feedback?rating=down')).json.items.find(
        (f: { aiMessage: string }) => f.aiMessage === 'commented-a1',
      );
    expect(await mine()).toMatchObject({ comment: 'It forgot my name.' });
    const tooLong = await vote({ comment: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe('A comment is at most 1000 characters.');
    expect(await mine()).toMatchObject({ comment: 'It forgot my name.' });
    expect((await vote({ feedback: 'BAD' })).status).toBe(201);
    expect(await mine()).toMatchObject({ comment: null });
  });
});

describe('the account', () => {
  it('exports the user’s reports, and deletes them with the account (decisions stay)', async () => {
    const { c, id, characterId, turn } = await chatter(1, 'leaving');
    const made = await c.post('/api/reports', {
      messageId: turn[0]!.ai,
      reason: 'self-harm',
      details: 'Worrying words.',
    });
    await c.post('/api/reports', { characterId, reason: 'other' });
    // With a conversation, the export is a zip: the JSON beside the transcripts.
    const response = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: c.cookieHeader },
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const exported = JSON.parse(strFromU8(files['reverie-export.json']!));
    expect(exported.reports).toHaveLength(2);
    expect(exported.reports[0]).toMatchObject({
      id: made.json.id,
      messageId: turn[0]!.ai,
      reason: 'self-harm',
      details: 'Worrying words.',
      status: 'open',
      outcome: null,
    });

    const [decision] = await t.database.db
      .insert(moderationDecision)
      .values({ reportId: made.json.id, action: 'dismiss', note: 'Fine.', actorId: 'staff-1' })
      .returning({ id: moderationDecision.id });
    const done = await c.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect(await reportsBy(id)).toHaveLength(0);
    const [kept] = await t.database.db
      .select()
      .from(moderationDecision)
      .where(eq(moderationDecision.id, decision!.id));
    expect(kept).toMatchObject({ reportId: null, action: 'dismiss' });
  });
});
