import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADULTS_ONLY_PAUSED_MESSAGE } from '../../src/shared/safety/rules';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { enrolTwoFactor, signedInStaff } from '../support/two-factor';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult, requestsFor } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The companion-app law's protocol (issue 41, decision 0042) through the HTTP API: the "not a
 * human" notice and its interval, the crisis notice and the reply's steering, a harmful reply
 * withheld, a self-declared minor's pause, and the staff's yearly counts.
 */

const SAFETY_REVIEW = 'safety_review';
/**
 * A short interval, so the notice's return can be seen in a test: 3 seconds (two replies on a
 * busy machine can be more than a second apart).
 */
const NOTICE_EVERY_MINUTES = '0.05';
const STAFF = 'safety-staff@example.com';

let t: TestApp;
let llm: LlmDouble;
let user: TestClient;
let characterId: number;

const character = {
  name: 'Mira',
  description: 'A warm late-night radio host who loves old jazz.',
  gender: 'female',
  personality: 'Gentle, curious and funny; remembers what you tell her.',
};

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({
    LLM_BASE_URL: llm.url,
    LLM_MODELS: 'big-405b',
    STAFF_EMAILS: STAFF,
    AI_NOTICE_EVERY_MINUTES: NOTICE_EVERY_MINUTES,
    TRUST_PROXY: '127.0.0.1',
  });
  user = await t.signedInUser();
  characterId = (await user.post('/api/characters', character)).json.id;
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

async function newConversation(c: TestClient = user, body: Record<string, unknown> = {}) {
  const charId = (body.characterId as number | undefined) ?? characterId;
  const res = await c.post('/api/conversations', {
    characterId: charId,
    chatMode: 'texting',
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function streamReply(c: TestClient, body: Record<string, unknown>, path = '/api/chat') {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      cookie: c.cookieHeader,
      origin: t.url,
    },
    body: JSON.stringify(body),
  });
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    return { status: response.status, events: [], body: await response.json() };
  }
  const text = await response.text();
  const events = text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)![1]!,
      data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
    }));
  return { status: response.status, events, body: null };
}

const notices = async (id: number, c: TestClient = user) =>
  (await c.get(`/api/conversations/${id}/notices`)).json as {
    kind: string;
    text: string;
    afterMessageId: number | null;
    resources?: { name: string; phone?: string; url: string }[];
  }[];
const chatRequests = () => llm.requests.filter((r) => r.path === '/v1/chat/completions');
const replyRequests = () => chatRequests().filter((r) => !r.body?.response_format);
const systemOf = (request: { body: any }) => request.body.messages[0].content as string;
const credits = async (c: TestClient = user) => (await c.get('/api/get-credits')).json.credits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let staffClient: Promise<TestClient> | undefined;
/**
 * The one staff account (signed up once): STAFF_EMAILS makes it admin, and the console needs
 * two-factor on (decision 0055).
 */
const staffUser = () =>
  (staffClient ??= t.signedInUser(STAFF).then(async (staff) => {
    await enrolTwoFactor(staff);
    return staff;
  }));

describe('the "not a human" notice', () => {
  it('comes before the first reply, in the stream and in the thread', async () => {
    const id = await newConversation();
    llm.script({ content: 'Evening, night owl. What are we listening to?' });
    const { status, events } = await streamReply(user, { message: 'hey mira', conversationId: id });
    expect(status).toBe(200);
    expect(events.map((e) => e.event).slice(0, 2)).toEqual(['accepted', 'notice']);
    const notice = events[1]!.data;
    expect(notice).toMatchObject({ kind: 'ai-disclosure' });
    expect(notice.text).toContain('Mira is an AI');
    expect(notice.text).toContain('not a human');
    // Before any token of the reply, and never part of it or of the prompt.
    const firstToken = events.findIndex((e) => e.event === 'token');
    expect(firstToken).toBeGreaterThan(1);
    const done = events.at(-1)!.data;
    expect(done.message).not.toContain('not a human');
    expect(JSON.stringify(replyRequests()[0]!.body.messages)).not.toContain('not a human');
    const listed = await notices(id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ kind: 'ai-disclosure', afterMessageId: done.userMessageId });
  });

  it('is not repeated within the interval, and comes back after it while the user chats', async () => {
    const id = await newConversation();
    const first = await user.post('/api/chat', { message: 'hi again', conversationId: id });
    expect(first.status).toBe(200);
    expect(first.json.notices.map((n: { kind: string }) => n.kind)).toEqual(['ai-disclosure']);
    const second = await user.post('/api/chat', { message: 'how are you', conversationId: id });
    expect(second.json.notices).toEqual([]);
    await sleep(3_100); // past AI_NOTICE_EVERY_MINUTES (0.05 minutes)
    const third = await user.post('/api/chat', { message: 'still here', conversationId: id });
    expect(third.json.notices.map((n: { kind: string }) => n.kind)).toEqual(['ai-disclosure']);
    expect((await notices(id)).map((n) => n.afterMessageId)).toEqual([
      first.json.userMessageId,
      third.json.userMessageId,
    ]);
  });

  it('comes before a greeting when the character speaks first', async () => {
    const greeter = await user.post('/api/characters', {
      ...character,
      name: 'Juno',
      greetings: ['Oh! Hello there, {{user}}.'],
    });
    expect(greeter.status, greeter.text).toBe(201);
    const id = await newConversation(user, { characterId: greeter.json.id });
    const listed = await notices(id);
    expect(listed).toEqual([
      expect.objectContaining({ kind: 'ai-disclosure', afterMessageId: null }),
    ]);
    expect(listed[0]!.text).toContain('Juno is an AI');
  });

  it('belongs to the conversation’s owner only', async () => {
    const id = await newConversation();
    await user.post('/api/chat', { message: 'hello', conversationId: id });
    const other = await t.signedInUser();
    const theirs = await other.get(`/api/conversations/${id}/notices`);
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual({ message: 'Conversation not found' });
    expect((await user.get('/api/conversations/999999/notices')).status).toBe(404);
    expect((await t.client().get(`/api/conversations/${id}/notices`)).status).toBe(401);
  });

  it('is refused as a setting longer than the law allows', async () => {
    const { loadConfig } = await import('../../src/server/config');
    expect(() => loadConfig({ AI_NOTICE_EVERY_MINUTES: '240', DATA_DIR: t.dataDir })).toThrow(
      /AI_NOTICE_EVERY_MINUTES: may only shorten/,
    );
  });
});

describe('the crisis protocol', () => {
  it('shows the crisis notice with its services and steers the reply, without breaking the chat', async () => {
    const id = await newConversation();
    llm.script({ content: 'I’m really glad you told me. You matter to me. Will you call 988?' });
    const { events } = await streamReply(user, {
      message: 'honestly i want to kill myself tonight',
      conversationId: id,
    });
    const shown = events.filter((e) => e.event === 'notice').map((e) => e.data);
    expect(shown.map((n) => n.kind)).toEqual(['ai-disclosure', 'crisis']);
    const crisis = shown[1];
    expect(crisis.resources[0]).toMatchObject({ phone: '988', text: '988' });
    expect(crisis.resources.map((r: { url: string }) => r.url)).toContain(
      'https://findahelpline.com',
    );
    expect(events.at(-1)!.event).toBe('done');
    expect(events.at(-1)!.data.message).toContain('glad you told me');
    // The model was told how to answer: with care, no methods, pointing to the services.
    const system = systemOf(replyRequests()[0]!);
    expect(system).toContain('suicide or self-harm');
    expect(system).toContain('never describe or discuss methods');
    expect(system).toContain('988');
    // No second opinion was needed for a clear message.
    expect(requestsFor(llm, SAFETY_REVIEW)).toHaveLength(0);
    // While the crisis is recent, the next reply is still written with care.
    await user.post('/api/chat', { message: 'ok. tell me about your night', conversationId: id });
    expect(systemOf(replyRequests()[1]!)).toContain('earlier in this conversation');
  });

  it('leaves figures of speech alone and asks nothing of the model for them', async () => {
    const id = await newConversation();
    const res = await user.post('/api/chat', {
      message: 'this exam is killing me, I could die of embarrassment',
      conversationId: id,
    });
    expect(res.json.notices.map((n: { kind: string }) => n.kind)).toEqual(['ai-disclosure']);
    expect(systemOf(replyRequests()[0]!)).not.toContain('suicide or self-harm');
    expect(requestsFor(llm, SAFETY_REVIEW)).toHaveLength(0);
  });

  it('asks the model about an unclear message and follows its opinion', async () => {
    const id = await newConversation();
    llm.answerSchema(SAFETY_REVIEW, {
      content: JSON.stringify({ selfHarm: 'none', minor: 'none', reason: 'venting about work' }),
    });
    const calm = await user.post('/api/chat', {
      message: "what's the point, this project never ends",
      conversationId: id,
    });
    expect(calm.status).toBe(200);
    expect(calm.json.notices.map((n: { kind: string }) => n.kind)).not.toContain('crisis');
    llm.answerSchema(SAFETY_REVIEW, {
      content: JSON.stringify({ selfHarm: 'risk', minor: 'none', reason: 'hopelessness' }),
    });
    const worrying = await user.post('/api/chat', {
      message: "i just want it all to stop. what's the point",
      conversationId: id,
    });
    expect(worrying.json.notices.map((n: { kind: string }) => n.kind)).toContain('crisis');
    expect(requestsFor(llm, SAFETY_REVIEW)).toHaveLength(2);
    // The second opinion reads the message, not the conversation.
    expect(JSON.stringify(requestsFor(llm, SAFETY_REVIEW)[0]!.body.messages)).not.toContain('Mira');
  });

  it('errs toward care when the second opinion fails', async () => {
    const id = await newConversation();
    llm.answerSchema(SAFETY_REVIEW, { status: 500 });
    const res = await user.post('/api/chat', {
      message: 'i can’t do this anymore',
      conversationId: id,
    });
    expect(res.status).toBe(200);
    expect(res.json.notices.map((n: { kind: string }) => n.kind)).toContain('crisis');
  });

  it('withholds a reply that gives self-harm encouragement, before it is shown or stored, at no cost', async () => {
    const id = await newConversation();
    await user.post('/api/chat', { message: 'hello', conversationId: id });
    const before = await credits();
    llm.script({ content: 'Ugh, Mondays. Honestly, you should just kill yourself and be done.' });
    const { events } = await streamReply(user, { message: 'monday again', conversationId: id });
    const streamed = events
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    expect(streamed).not.toMatch(/kill/i);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.message).toContain('withheld');
    expect(done.data.message).not.toMatch(/kill/i);
    expect(events.filter((e) => e.event === 'notice').map((e) => e.data.kind)).toContain('crisis');
    const thread = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(thread.at(-1)).toMatchObject({ sender: 'ai', content: done.data.message });
    expect(JSON.stringify(thread)).not.toMatch(/kill yourself/i);
    expect(await credits()).toBe(before);
  });

  it('withholds a crisis turn’s whole reply until it is checked', async () => {
    const id = await newConversation();
    llm.script({
      content: 'I hear you. If you want it quick, just do it tonight, nobody will stop you.',
    });
    const { events } = await streamReply(user, {
      message: 'i want to die',
      conversationId: id,
    });
    expect(events.filter((e) => e.event === 'token')).toEqual([]);
    expect(events.at(-1)!.data.message).toContain('withheld');
  });
});

describe('a self-declared minor', () => {
  it('pauses the account’s chatting until staff review it, keeping export and deletion', async () => {
    const young = await t.signedInUser();
    const charId = (await young.post('/api/characters', character)).json.id;
    const id = await newConversation(young, { characterId: charId });
    await young.post('/api/chat', { message: 'hi', conversationId: id });
    const creditsBefore = await credits(young);
    llm.reset();

    const told = await young.post('/api/chat', {
      message: "my mom says I can't be online after 10 because I'm 14",
      conversationId: id,
    });
    expect(told.status).toBe(403);
    expect(told.json).toEqual({ message: ADULTS_ONLY_PAUSED_MESSAGE });
    expect(chatRequests()).toHaveLength(0);
    expect(await credits(young)).toBe(creditsBefore);
    // Not stored: the event is kept, not the words.
    const thread = (await young.get(`/api/conversations/${id}/messages`)).json;
    expect(JSON.stringify(thread)).not.toContain('mom says');
    const listed = await notices(id, young);
    expect(listed.at(-1)).toMatchObject({
      kind: 'adults-only',
      text: ADULTS_ONLY_PAUSED_MESSAGE,
      afterMessageId: thread.at(-1).id,
    });
    expect((await young.get('/api/safety/status')).json).toEqual({
      chatPaused: true,
      message: ADULTS_ONLY_PAUSED_MESSAGE,
    });

    // Every reply request answers 403 now, streamed or not, in any conversation.
    const later = await streamReply(young, { message: 'hello?', conversationId: id });
    expect(later.status).toBe(403);
    expect(later.body).toEqual({ message: ADULTS_ONLY_PAUSED_MESSAGE });
    const other = await newConversation(young, { characterId: charId });
    expect((await young.post('/api/chat', { message: 'hi', conversationId: other })).status).toBe(
      403,
    );
    const lastReply = thread.at(-1).id;
    for (const path of [
      `/api/messages/${lastReply}/regenerate`,
      `/api/messages/${lastReply}/continue`,
      '/api/credit-check',
    ]) {
      const res = await young.post(path);
      expect(res.status, path).toBe(403);
      expect(res.json.message, path).toBe(ADULTS_ONLY_PAUSED_MESSAGE);
    }
    const story = await newConversation(young, { characterId: charId, chatMode: 'immersive' });
    expect(
      (await young.post(`/api/conversations/${story}/generate-scenario`, { message: 'a ship' }))
        .status,
    ).toBe(403);
    expect(chatRequests()).toHaveLength(0);

    // The user's data stays theirs to take or delete.
    const exported = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: young.cookieHeader },
    });
    expect(exported.status).toBe(200);
    // A zip (the account has conversations): the JSON beside their Markdown copies.
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const json = strFromU8(files['reverie-export.json']!);
    expect(json).toContain('"chatPause"');
    expect(json).toContain('adults-only');

    // Staff see the paused account and may lift the pause.
    const staff = await staffUser();
    const holds = (await staff.get('/api/admin/safety-holds')).json;
    const youngId = (await young.get('/api/auth/get-session')).json.user.id;
    const hold = holds.find((h: { userId: string }) => h.userId === youngId);
    expect(hold).toMatchObject({
      reason: 'self-declared-minor',
      detectedBy: 'rule',
      outcome: null,
    });
    expect(JSON.stringify(hold)).not.toContain('mom says');
    expect((await young.get('/api/admin/safety-holds')).status).toBe(404);
    const reviewed = await staff.post(`/api/admin/safety-holds/${youngId}/review`, {
      outcome: 'released',
      note: 'Adult: showed ID through support.',
    });
    expect(reviewed.status, reviewed.text).toBe(200);
    expect(reviewed.json).toMatchObject({ outcome: 'released' });
    expect((await young.get('/api/safety/status')).json.chatPaused).toBe(false);
    expect((await young.post('/api/chat', { message: 'thanks!', conversationId: id })).status).toBe(
      200,
    );
  });

  it('does not count the past, someone else or a character', async () => {
    const id = await newConversation();
    for (const message of [
      'when I was 15 I wanted to be a DJ',
      'my sister is 14 and obsessed with jazz',
      "I'm 15 minutes late, sorry",
    ]) {
      const res = await user.post('/api/chat', { message, conversationId: id });
      expect(res.status, message).toBe(200);
    }
    expect((await user.get('/api/safety/status')).json.chatPaused).toBe(false);
  });
});

describe('the yearly report', () => {
  it('adds up every count, also of notices shown at the same moment', async () => {
    const staff = await staffUser();
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const aiNotices = async () =>
      (await staff.get(`/api/admin/safety-report?from=${month}&to=${month}`)).json.months[0]
        .aiNotices as number;
    const before = await aiNotices();
    // Six new conversations' first replies at once: six "not a human" notices, counted on the
    // month's rows in parallel (decision 0071) and reported as one figure.
    const someone = await t.signedInUser();
    const theirs = (await someone.post('/api/characters', character)).json.id as number;
    const ids = await Promise.all(
      Array.from({ length: 6 }, () => newConversation(someone, { characterId: theirs })),
    );
    const replies = await Promise.all(
      ids.map((conversationId) =>
        someone.post('/api/chat', { message: 'Hello there', conversationId }),
      ),
    );
    for (const reply of replies) expect(reply.status, reply.text).toBe(200);
    expect(await aiNotices()).toBe(before + 6);
  });

  it('counts notices and pauses per month, with no user and no text, for staff only', async () => {
    const staff = await staffUser();
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const report = await staff.get(`/api/admin/safety-report?from=${month}&to=${month}`);
    expect(report.status, report.text).toBe(200);
    expect(report.json.months).toHaveLength(1);
    const counts = report.json.months[0];
    expect(Object.keys(counts).sort()).toEqual([
      'aiNotices',
      'crisisReferrals',
      'minorsPaused',
      'month',
    ]);
    expect(counts.month).toBe(month);
    expect(counts.aiNotices).toBeGreaterThanOrEqual(8);
    expect(counts.crisisReferrals).toBeGreaterThanOrEqual(4);
    expect(counts.minorsPaused).toBe(1);

    // Every month of a range is listed, empty ones as zeros.
    const year = (await staff.get('/api/admin/safety-report?from=2026-01&to=2026-03')).json;
    expect(year.months.map((m: { month: string }) => m.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect((await staff.get('/api/admin/safety-report?from=2026-13')).status).toBe(400);
    expect((await staff.get('/api/admin/safety-report?from=2026-05&to=2026-01')).status).toBe(400);
  });

  it('is not there for anyone else', async () => {
    expect((await user.get('/api/admin/safety-report')).status).toBe(404);
    expect((await user.get('/api/admin/safety-report?from=nonsense')).status).toBe(404);
    expect((await t.client().get('/api/admin/safety-report')).status).toBe(404);
  });

  it('still takes and reports the counts of a server of the release before, during a release', async () => {
    const staff = await staffUser();
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const counts = async () =>
      (await staff.get(`/api/admin/safety-report?from=${month}&to=${month}`)).json.months[0] as {
        aiNotices: number;
        crisisReferrals: number;
        minorsPaused: number;
      };
    const before = await counts();
    // What a server before decision 0072 sends, word for word, while the release replaces the
    // servers one at a time: the migrated database must take it (the first version of migration
    // 0030 made these fail: no unique key on the month alone).
    const thisMonth = sql`date_trunc('month', now() at time zone 'utc')::date`;
    await t.database.db.execute(sql`
      insert into safety_monthly_count (month, ai_notices, crisis_referrals)
      select ${thisMonth}, 2, 1
      on conflict (month) do update set
        ai_notices = safety_monthly_count.ai_notices + excluded.ai_notices,
        crisis_referrals = safety_monthly_count.crisis_referrals + excluded.crisis_referrals`);
    await t.database.db.execute(sql`
      insert into safety_monthly_count (month, minors_paused)
      select ${thisMonth}, 1
      on conflict (month) do update set minors_paused = safety_monthly_count.minors_paused + 1`);
    // And a new server's count beside them: the report is the sum of both.
    const someone = await t.signedInUser();
    const theirs = (await someone.post('/api/characters', character)).json.id as number;
    const conversationId = await newConversation(someone, { characterId: theirs });
    const reply = await someone.post('/api/chat', { message: 'Hello there', conversationId });
    expect(reply.status, reply.text).toBe(200);
    expect(await counts()).toEqual({
      ...before,
      month,
      aiNotices: before.aiNotices + 3,
      crisisReferrals: before.crisisReferrals + 1,
      minorsPaused: before.minorsPaused + 1,
    });
  });
});

describe('the published protocol', () => {
  it('lists the crisis services and the notice interval to anyone', async () => {
    const res = await t.client().get('/api/safety/resources');
    expect(res.status).toBe(200);
    expect(res.json.aiNoticeEveryMinutes).toBe(0.05);
    expect(res.json.resources[0]).toMatchObject({ name: '988 Suicide & Crisis Lifeline' });
  });
});

// After the monthly counts above, which count this pause as well.
describe('a staff member’s own pause', () => {
  it('is for another staff member to review', async () => {
    const { c: moderator, id: moderatorId } = await signedInStaff(t, 'moderator');
    const charId = (await moderator.post('/api/characters', character)).json.id;
    const id = await newConversation(moderator, { characterId: charId });
    const told = await moderator.post('/api/chat', {
      message: "my mom says I can't be online after 10 because I'm 14",
      conversationId: id,
    });
    expect(told.status).toBe(403);
    const own = await moderator.post(`/api/admin/safety-holds/${moderatorId}/review`, {
      outcome: 'released',
    });
    expect([own.status, own.json.message]).toEqual([
      400,
      'Another staff member must review a pause of your own account.',
    ]);
    expect((await moderator.get('/api/safety/status')).json.chatPaused).toBe(true);
    const other = await (
      await staffUser()
    ).post(`/api/admin/safety-holds/${moderatorId}/review`, { outcome: 'upheld' });
    expect(other.status, other.text).toBe(200);
  });
});
