/**
 * Check-ins (issue 52 part 3): a character writes first, at the user's times and days in their
 * time zone, never in quiet hours, at most maxPerDay a day, once across servers, for one credit
 * (none left: skipped, and the user told once). The 'check-ins' job runs on the app's own queue
 * with a clock the test sets; the model is a local stand-in; the push service too.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkIn,
  conversation,
  conversationNotice,
  message,
  safetyHold,
  user,
} from '../../src/server/db/schema';
import { claimSlot } from '../../src/server/modules/check-ins/check-ins.repo';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { startPushService, type PushServiceDouble } from '../doubles/push-service';
import { runCheckInsAt, TestClock } from './support/check-ins';
import { creditsOf, userWithCredits } from './support/credits';
import type { TestClient } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let push: PushServiceDouble;
const clock = new TestClock();
const CHECK_IN = 'Morning! Did the interview go well?';

beforeAll(async () => {
  [llm, push] = await Promise.all([startLlmDouble(), startPushService()]);
  t = await startTestApp(
    { LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b', PUSH_ALLOW_HTTP_HOSTS: '127.0.0.1' },
    { jobs: true, clock },
  );
});
beforeEach(() => {
  llm.reset();
  llm.setDefault({ content: CHECK_IN });
  push.reset();
});
afterAll(async () => {
  await t.close();
  await Promise.all([llm.stop(), push.stop()]);
});

const NEW_YORK = {
  enabled: true,
  times: ['09:00'],
  days: [0, 1, 2, 3, 4, 5, 6],
  timezone: 'America/New_York',
  quietHours: { from: '22:00', to: '08:00' },
  maxPerDay: 1,
};

async function characterOf(c: TestClient, name = 'Selene') {
  const res = await c.post('/api/characters', {
    name,
    description: 'A night-shift radio host in her thirties.',
    personality: 'Warm, wry and curious about people.',
    gender: 'female',
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function subscribed(c: TestClient) {
  const browser = push.browser();
  const res = await c.post('/api/push/subscriptions', browser.subscription);
  expect(res.status, res.text).toBe(201);
  return browser;
}

const checkInsOf = (characterId: number) =>
  t.database.db.select().from(checkIn).where(eq(checkIn.characterId, characterId));

const aiMessagesOf = (userId: string) =>
  t.database.db
    .select({ content: message.content, conversationId: message.conversationId })
    .from(message)
    .where(and(eq(message.userId, userId), eq(message.sender, 'ai')));

describe('GET|PUT /api/characters/{id}/check-ins', () => {
  it('is off until set, keeps what is set, and says when the next one is due', async () => {
    const { c } = await userWithCredits(t, 5);
    const id = await characterOf(c);
    const first = await c.get(`/api/characters/${id}/check-ins`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ enabled: false, nextAt: null, skippedForCreditsAt: null });

    clock.at = new Date('2026-12-01T12:00:00Z'); // 07:00 in New York
    const put = await c.put(`/api/characters/${id}/check-ins`, NEW_YORK);
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ ...NEW_YORK, nextAt: '2026-12-01T14:00:00.000Z' });
    expect((await c.get(`/api/characters/${id}/check-ins`)).json).toEqual(put.json);
  });

  it('refuses what cannot be a schedule, field by field, and other users’ characters', async () => {
    const { c } = await userWithCredits(t, 5);
    const id = await characterOf(c);
    const bad = await c.put(`/api/characters/${id}/check-ins`, {
      ...NEW_YORK,
      times: ['25:00'],
      timezone: 'Mars/Olympus',
      quietHours: { from: '08:00', to: '08:00' },
      maxPerDay: 0,
    });
    expect(bad.status).toBe(400);
    const paths = bad.json.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['times.0', 'timezone', 'quietHours', 'maxPerDay']),
    );
    const empty = await c.put(`/api/characters/${id}/check-ins`, { ...NEW_YORK, times: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.issues[0].message).toBe('Pick at least one time.');

    const { c: other } = await userWithCredits(t, 5);
    expect((await other.get(`/api/characters/${id}/check-ins`)).status).toBe(404);
    expect((await other.put(`/api/characters/${id}/check-ins`, NEW_YORK)).status).toBe(404);
    expect((await t.client().get(`/api/characters/${id}/check-ins`)).status).toBe(401);
  });
});

describe('the check-ins job', () => {
  it('writes at the user’s local time, into the last conversation, with the notice, a push and one credit', async () => {
    const { c, id: userId } = await userWithCredits(t, 5);
    const id = await characterOf(c);
    const started = await c.post('/api/conversations', { characterId: id, chatMode: 'texting' });
    const conversationId = started.json.id as number;
    const browser = await subscribed(c);
    await c.put(`/api/characters/${id}/check-ins`, NEW_YORK);

    // 08:59 in New York (EST, UTC−5): not yet.
    await runCheckInsAt(t, clock, '2026-12-01T13:59:00Z');
    expect(await aiMessagesOf(userId)).toEqual([]);
    // 09:01 in New York.
    await runCheckInsAt(t, clock, '2026-12-01T14:01:00Z');
    expect(await aiMessagesOf(userId)).toEqual([{ content: CHECK_IN, conversationId }]);
    expect(await creditsOf(c)).toBe(4);
    // The character wrote from its sheet and the user's local time.
    const asked = llm.requests.at(-1)!.body.messages.at(-1).content as string;
    expect(asked).toContain('Tuesday, 09:00');
    // The "not a human" notice comes with it, and the conversation is unread.
    const notices = await c.get(`/api/conversations/${conversationId}/notices`);
    expect(notices.json.map((n: { kind: string }) => n.kind)).toContain('ai-disclosure');
    const list = await c.get('/api/conversations');
    expect(list.json.find((x: { id: number }) => x.id === conversationId).unread).toBe(true);
    // Pushed discreetly (no preview by default).
    await expect.poll(() => browser.received().length, { timeout: 15_000 }).toBe(1);
    expect(browser.received()[0]).toEqual({
      kind: 'check-in',
      title: 'Reverie',
      body: 'Someone is thinking of you.',
      url: `/chat/${conversationId}`,
      tag: `conversation-${conversationId}`,
      unread: 1,
    });
    // A second run in the same minute writes nothing more.
    await runCheckInsAt(t, clock, '2026-12-01T14:02:00Z');
    expect(await aiMessagesOf(userId)).toHaveLength(1);
  });

  it('starts a conversation when there is none, and keeps quiet hours and the daily limit', async () => {
    const { c, id: userId } = await userWithCredits(t, 5);
    const id = await characterOf(c);
    await c.put(`/api/characters/${id}/check-ins`, {
      ...NEW_YORK,
      timezone: 'Asia/Tokyo',
      times: ['07:30', '12:00', '18:00', '23:00'],
      quietHours: { from: '22:00', to: '08:00' },
      maxPerDay: 2,
    });
    // 07:30 in Tokyo (UTC+9) is in the quiet hours.
    await runCheckInsAt(t, clock, '2026-12-01T22:31:00Z');
    expect(await aiMessagesOf(userId)).toEqual([]);
    // 12:00 and 18:00 are sent, in a new Texting conversation.
    await runCheckInsAt(t, clock, '2026-12-02T03:00:30Z');
    await runCheckInsAt(t, clock, '2026-12-02T09:00:30Z');
    const written = await aiMessagesOf(userId);
    expect(written).toHaveLength(2);
    const [made] = await t.database.db
      .select()
      .from(conversation)
      .where(eq(conversation.id, written[0]!.conversationId));
    expect(made).toMatchObject({ characterId: id, chatMode: 'texting', userId });
    // 23:00 is quiet, and the day's two are used anyway; the next day starts again.
    await runCheckInsAt(t, clock, '2026-12-02T14:00:30Z');
    expect(await aiMessagesOf(userId)).toHaveLength(2);
    await runCheckInsAt(t, clock, '2026-12-03T03:00:30Z');
    expect(await aiMessagesOf(userId)).toHaveLength(3);
  });

  it('sends nothing once turned off, to a paused account or to a suspended one', async () => {
    const off = await userWithCredits(t, 5);
    const paused = await userWithCredits(t, 5);
    const suspended = await userWithCredits(t, 5);
    for (const u of [off, paused, suspended]) {
      const id = await characterOf(u.c);
      await u.c.put(`/api/characters/${id}/check-ins`, NEW_YORK);
      if (u === off)
        await u.c.put(`/api/characters/${id}/check-ins`, { ...NEW_YORK, enabled: false });
    }
    await t.database.db
      .insert(safetyHold)
      .values({ userId: paused.id, reason: 'self-declared-minor', detectedBy: 'rule' });
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, suspended.id));
    await runCheckInsAt(t, clock, '2026-12-04T14:01:00Z');
    for (const u of [off, paused, suspended]) expect(await aiMessagesOf(u.id)).toEqual([]);
  });

  it('out of credits: skipped without a charge, the user told once, and the page says so', async () => {
    const { c, id: userId } = await userWithCredits(t, 0);
    const id = await characterOf(c, 'Nadia');
    const browser = await subscribed(c);
    await c.put(`/api/characters/${id}/check-ins`, {
      ...NEW_YORK,
      times: ['09:00', '15:00'],
      maxPerDay: 2,
    });
    const asked = llm.requests.length;
    await runCheckInsAt(t, clock, '2026-12-05T14:01:00Z');
    await runCheckInsAt(t, clock, '2026-12-05T20:01:00Z');
    expect(await aiMessagesOf(userId)).toEqual([]);
    expect((await checkInsOf(id)).map((r) => r.status)).toEqual(['no-credits', 'no-credits']);
    // The model was never asked to write as her (other users' check-ins are due meanwhile).
    const asHer = llm.requests.slice(asked).filter((r) => JSON.stringify(r.body).includes('Nadia'));
    expect(asHer).toEqual([]);
    await expect.poll(() => browser.received().length, { timeout: 15_000 }).toBe(1);
    expect(browser.received()[0]).toMatchObject({ kind: 'no-credits', url: '/pricing' });
    const page = await c.get(`/api/characters/${id}/check-ins`);
    expect(page.json.skippedForCreditsAt).not.toBeNull();
    expect(await creditsOf(c)).toBe(0);
  });

  it('after a crisis in the conversation, writes with the crisis protocol’s care', async () => {
    const { c, id: userId } = await userWithCredits(t, 5);
    const id = await characterOf(c, 'Ottilie');
    const started = await c.post('/api/conversations', { characterId: id, chatMode: 'texting' });
    await t.database.db.insert(conversationNotice).values({
      userId,
      conversationId: started.json.id,
      kind: 'crisis',
      text: 'If you are thinking about suicide, help is there.',
    });
    await c.put(`/api/characters/${id}/check-ins`, { ...NEW_YORK, timezone: 'Europe/Lisbon' });
    await runCheckInsAt(t, clock, '2026-12-07T09:00:30Z');
    const asked = llm.requests.filter((r) => {
      const body = JSON.stringify(r.body);
      return body.includes('Ottilie') && body.includes('to check in on me');
    });
    expect(asked).toHaveLength(1);
    const system = asked[0]!.body.messages.filter((m: { role: string }) => m.role === 'system');
    expect(JSON.stringify(system)).toContain('may be thinking about suicide or self-harm');
    expect(await aiMessagesOf(userId)).toHaveLength(1);
  });

  it('a slot is taken once, however many servers run at the same moment', async () => {
    const { c, id: userId } = await userWithCredits(t, 5);
    const id = await characterOf(c);
    const slot = {
      userId,
      characterId: id,
      slotAt: new Date('2026-12-06T14:00:00Z'),
      localDay: '2026-12-06',
      maxPerDay: 3,
    };
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => claimSlot(t.database.db, slot)),
    );
    expect(claims.filter((x) => x !== null)).toHaveLength(1);
  });
});
