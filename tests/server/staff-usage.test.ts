import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usageRecorder } from '../../src/server/metrics/usage-recorder';
import { USAGE_MESSAGES } from '../../src/shared/staff/usage-contract';
import { creditAccount, modelUsage, staffAudit, subscription } from '../../src/server/db/schema';
import { DOUBLE_PRICES } from '../doubles/stripe-server';
import { startLlmDouble, type LlmDouble, type LlmReply } from '../doubles/llm-server';
import { enrolTwoFactor, makeStaff } from '../support/two-factor';
import { startBillingApp, type BillingTestApp } from './support/billing';
import type { TestClient } from './support/http-client';
import { AGE_REVIEW } from './support/llm';
import type { TestApp } from './support/test-app';

/**
 * The staff console's usage and cost (issue 48 part 3): every model call recorded with its
 * tokens (the provider's report, else our estimate), by day and model, and each plan's replies,
 * cost and estimated revenue from the stored subscriptions, with the margin between them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** 00:00 UTC of the default range's first day (30 days ending today). */
const rangeStart = () => Date.parse(`${today()}T00:00:00Z`) - 29 * DAY_MS;
const rangeEnd = () => Date.parse(`${today()}T00:00:00Z`) + DAY_MS;

/** US dollars per million tokens, set as the Models page would. */
const PRICES = {
  'big-405b': { label: 'Big 405B', input: 3, output: 15 },
  'rp-70b': { label: 'Roleplay 70B', input: 1, output: 5 },
} as const;

/** What the provider reports for each call (tokens in, tokens out). */
const REVIEW = { prompt_tokens: 10_000, completion_tokens: 2_000 }; // $0.06 on big-405b
const ALICE_REPLY = { prompt_tokens: 200_000, completion_tokens: 20_000 }; // $0.90 on big-405b
const ALICE_SUMMARY = { prompt_tokens: 50_000, completion_tokens: 10_000 }; // $0.30 on big-405b
const BOB_REPLY = { prompt_tokens: 400_000, completion_tokens: 60_000 }; // $0.70 on rp-70b

const character = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently.',
};

let b: BillingTestApp;
let t: TestApp;
let llm: LlmDouble;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let bobId: string;
let staff: TestClient;
let staffId: string;

const idOf = async (c: TestClient): Promise<string> =>
  (await c.get('/api/auth/get-session')).json.user.id;

/** Sends a message and reads its streamed reply to the end. */
async function streamedReply(client: TestClient, conversationId: number, message: string) {
  const res = await fetch(`${t.url}/api/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      cookie: client.cookieHeader,
      origin: t.url,
    },
    body: JSON.stringify({ message, conversationId }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** A character of the user's (one age review, a model call). */
async function characterOf(client: TestClient) {
  const made = await client.post('/api/characters', character);
  expect(made.status, made.text).toBe(201);
  return made.json.id as number;
}

async function conversationOf(client: TestClient, characterId: number, model: string) {
  const res = await client.post('/api/conversations', { characterId, chatMode: 'texting', model });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

const usageRows = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(modelUsage))[0]!.n;

async function addSubscription(
  userId: string,
  priceId: string,
  status: string,
  periodStart: number,
  periodEnd: number,
) {
  await t.database.db.insert(subscription).values({
    stripeSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
    userId,
    stripeCustomerId: `cus_${userId}`,
    priceId,
    status,
    currentPeriodStart: new Date(periodStart),
    currentPeriodEnd: new Date(periodEnd),
    updatedAt: new Date(),
  });
}

beforeAll(async () => {
  llm = await startLlmDouble();
  b = await startBillingApp({
    LLM_BASE_URL: llm.url,
    LLM_MODELS: 'big-405b,rp-70b,small-8b',
  });
  t = b.t;
  const verdict: LlmReply = {
    content: JSON.stringify({ verdict: 'adult', reason: 'An adult.' }),
    usage: REVIEW,
  };
  llm.answerSchema(AGE_REVIEW, verdict);

  // Alice is on the free plan; Bob pays for Pro (his account set as billing would set it).
  alice = await t.signedInUser();
  aliceId = await idOf(alice);
  bob = await t.signedInUser();
  bobId = await idOf(bob);
  await bob.get('/api/get-credits'); // the account is opened on first use
  await t.database.db
    .update(creditAccount)
    .set({ plan: 'pro', credits: 10_000, periodEnd: new Date(rangeEnd() + 10 * DAY_MS) })
    .where(eq(creditAccount.userId, bobId));

  // Alice: a reply the provider reports, one that fails, and a summary (one age review each).
  const aliceChat = await conversationOf(alice, await characterOf(alice), 'big-405b');
  llm.script({ content: 'A reply in several words.', usage: ALICE_REPLY });
  expect(await streamedReply(alice, aliceChat, 'Hello there')).toContain('event: done');
  llm.script({ status: 500 });
  expect(await streamedReply(alice, aliceChat, 'And again')).toContain('event: error');
  llm.script({ content: 'They talked about the moon.', usage: ALICE_SUMMARY });
  const summary = await alice.post(`/api/conversations/${aliceChat}/summarize`);
  expect(summary.status, summary.text).toBe(200);

  // Bob: a reported reply on another model, and one from a provider that sends no usage report.
  const selene = await characterOf(bob);
  const bobChat = await conversationOf(bob, selene, 'rp-70b');
  llm.script({ content: 'Another reply for Bob.', usage: BOB_REPLY });
  expect(await streamedReply(bob, bobChat, 'Hi')).toContain('event: done');
  const bobSmall = await conversationOf(bob, selene, 'small-8b');
  llm.script({ content: 'A reply nobody counted for us.', usage: null });
  expect(await streamedReply(bob, bobSmall, 'Hi again')).toContain('event: done');

  // 2 reviews, 2 of Alice's replies, her summary, 2 of Bob's replies. Written after each call.
  await vi.waitFor(async () => expect(await usageRows()).toBe(7), { timeout: 10_000 });

  // The prices, as the Models page sets them.
  for (const [model, p] of Object.entries(PRICES)) {
    await t.database.db.execute(sql`
      insert into model_offering (model, label, input_usd_per_million, output_usd_per_million)
      values (${model}, ${p.label}, ${p.input}, ${p.output})
      on conflict (model) do update set label = excluded.label,
        input_usd_per_million = excluded.input_usd_per_million,
        output_usd_per_million = excluded.output_usd_per_million`);
  }

  // Revenue: Bob's Pro for the whole range, Carol's overdue Basic for 15 of its days, and a
  // cancelled subscription of Alice's that brings nothing.
  const carol = await t.signedInUser();
  const carolId = await idOf(carol);
  await addSubscription(
    bobId,
    DOUBLE_PRICES.pro,
    'active',
    rangeStart() - 5 * DAY_MS,
    rangeEnd() + 10 * DAY_MS,
  );
  await addSubscription(
    carolId,
    DOUBLE_PRICES.basic,
    'past_due',
    rangeStart() - 20 * DAY_MS,
    rangeStart() + 15 * DAY_MS,
  );
  await addSubscription(aliceId, DOUBLE_PRICES.basic, 'canceled', rangeStart(), rangeEnd());

  staff = await t.signedInUser();
  staffId = await idOf(staff);
  await makeStaff(t.database.db, staffId, 'moderator');
  await enrolTwoFactor(staff);
}, 60_000);

afterAll(async () => {
  await b?.close();
  await llm?.stop();
});

describe('what each call left behind', () => {
  it('is a row per call with its purpose, plan, tokens and time to first token, no text', async () => {
    const rows = await t.database.db.select().from(modelUsage).orderBy(modelUsage.id);
    const by = (userId: string, purpose: string) =>
      rows.filter((r) => r.userId === userId && r.purpose === purpose);
    expect(by(aliceId, 'review')).toEqual([
      // Made before her credit account was opened: no plan known then (the page counts her
      // plan now).
      expect.objectContaining({ plan: null, model: 'big-405b', ok: true, inputTokens: 10_000 }),
    ]);
    expect(by(aliceId, 'reply')).toEqual([
      expect.objectContaining({
        plan: 'free',
        ok: true,
        inputTokens: 200_000,
        outputTokens: 20_000,
        estimated: false,
        ttftMs: expect.any(Number),
      }),
      expect.objectContaining({ ok: false, inputTokens: 0, outputTokens: 0 }),
    ]);
    expect(by(aliceId, 'summary')).toEqual([
      expect.objectContaining({ ok: true, inputTokens: 50_000, ttftMs: null }),
    ]);
    expect(by(bobId, 'reply').map((r) => [r.plan, r.model, r.estimated])).toEqual([
      ['pro', 'rp-70b', false],
      ['pro', 'small-8b', true],
    ]);
    const estimated = by(bobId, 'reply')[1]!;
    expect(estimated.inputTokens).toBeGreaterThan(0);
    expect(estimated.outputTokens).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('Hello there');
  });
});

describe('GET /api/admin/usage', () => {
  it('answers by day and model, by model and by plan, with cost, revenue and margin', async () => {
    const res = await staff.get('/api/admin/usage');
    expect(res.status, res.text).toBe(200);
    const usage = res.json;
    expect(usage).toMatchObject({
      from: dayOf(rangeStart()),
      to: today(),
      revenueIsEstimate: true,
    });

    expect(usage.days).toEqual([
      {
        day: today(),
        model: 'big-405b',
        replies: 1,
        failures: 1,
        inputTokens: 270_000, // two reviews, Alice's reply and summary
        outputTokens: 34_000,
        estimatedCalls: 0,
        ttftP50Ms: expect.any(Number),
        ttftP95Ms: expect.any(Number),
        costUsd: 1.32,
      },
      expect.objectContaining({
        day: today(),
        model: 'rp-70b',
        replies: 1,
        failures: 0,
        inputTokens: 400_000,
        outputTokens: 60_000,
        estimatedCalls: 0,
        costUsd: 0.7,
      }),
      expect.objectContaining({
        day: today(),
        model: 'small-8b',
        replies: 1,
        estimatedCalls: 1,
        ttftP50Ms: expect.any(Number),
        costUsd: 0, // no price set: it costs nothing here
      }),
    ]);
    const big = usage.days[0];
    expect(big.ttftP50Ms).toBeLessThanOrEqual(big.ttftP95Ms);

    expect(usage.models).toEqual([
      expect.objectContaining({
        model: 'big-405b',
        label: 'Big 405B',
        replies: 1,
        failures: 1,
        costUsd: 1.32,
        inputUsdPerMillion: 3,
        outputUsdPerMillion: 15,
      }),
      expect.objectContaining({ model: 'rp-70b', label: 'Roleplay 70B', costUsd: 0.7 }),
      expect.objectContaining({ model: 'small-8b', estimatedCalls: 1, costUsd: 0 }),
    ]);

    const estimated = usage.days[2];
    expect(usage.plans).toEqual([
      {
        plan: 'free',
        activeUsers: 1, // Alice; her failed reply is no reply
        replies: 1,
        inputTokens: 260_000,
        outputTokens: 32_000,
        revenueUsd: 0,
        costUsd: 1.26,
        marginUsd: -1.26,
      },
      {
        plan: 'basic',
        activeUsers: 0,
        replies: 0,
        inputTokens: 0,
        outputTokens: 0,
        revenueUsd: 2, // $4 a month × 15 days / 30
        costUsd: 0,
        marginUsd: 2,
      },
      {
        plan: 'pro',
        activeUsers: 1,
        replies: 2,
        inputTokens: 410_000 + estimated.inputTokens,
        outputTokens: 62_000 + estimated.outputTokens,
        revenueUsd: 20, // $20 a month × 30 days / 30
        costUsd: 0.76,
        marginUsd: 19.24,
      },
    ]);
    expect(usage.totals).toEqual({
      replies: 3,
      failures: 1,
      inputTokens: 670_000 + estimated.inputTokens,
      outputTokens: 94_000 + estimated.outputTokens,
      estimatedCalls: 1,
      revenueUsd: 22,
      costUsd: 2.02,
      marginUsd: 19.98,
    });
  });

  it('takes a range of UTC days; a range without calls answers zeros for every plan', async () => {
    const one = await staff.get(`/api/admin/usage?from=${today()}&to=${today()}`);
    expect(one.status, one.text).toBe(200);
    expect(one.json.days).toHaveLength(3);
    // One day of Bob's Pro: $20 / 30.
    expect(one.json.plans.find((p: { plan: string }) => p.plan === 'pro').revenueUsd).toBe(0.67);

    const past = await staff.get('/api/admin/usage?from=2020-01-01&to=2020-01-31');
    expect(past.status, past.text).toBe(200);
    expect(past.json).toMatchObject({ from: '2020-01-01', to: '2020-01-31', days: [], models: [] });
    expect(past.json.plans.map((p: { plan: string }) => p.plan)).toEqual(['free', 'basic', 'pro']);
    for (const plan of past.json.plans) {
      expect(plan).toMatchObject({ activeUsers: 0, replies: 0, revenueUsd: 0, costUsd: 0 });
    }
    expect(past.json.totals).toMatchObject({ replies: 0, costUsd: 0, marginUsd: 0 });
  });

  it('refuses a range backwards, longer than 366 days, or not of dates', async () => {
    const backwards = await staff.get('/api/admin/usage?from=2026-03-02&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.json.message).toBe(USAGE_MESSAGES.order);
    const tooLong = await staff.get('/api/admin/usage?from=2024-01-01&to=2025-01-01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe(USAGE_MESSAGES.tooLong);
    // 366 days exactly is allowed.
    expect((await staff.get('/api/admin/usage?from=2024-01-01&to=2024-12-31')).status).toBe(200);
    for (const query of ['from=2026-02-30', 'to=yesterday', 'from=2026-1-5']) {
      const bad = await staff.get(`/api/admin/usage?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.json.message, query).toBe(USAGE_MESSAGES.day);
    }
  });

  it('is not there for users, asks staff for two-factor, and records each look', async () => {
    expect((await alice.get('/api/admin/usage')).status).toBe(404);
    expect((await t.client().get('/api/admin/usage')).status).toBe(404);
    const newcomer = await t.signedInUser();
    await makeStaff(t.database.db, await idOf(newcomer), 'admin');
    const refused = await newcomer.get('/api/admin/usage');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('TWO_FACTOR_REQUIRED');

    const looks = await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.actorId, staffId));
    expect(looks.filter((row) => row.action === 'GET /api/admin/usage').length).toBeGreaterThan(0);
  });

  it('keeps a deleted account’s calls, without its id', async () => {
    await t.database.db.execute(sql`delete from "user" where id = ${aliceId}`);
    const rows = await t.database.db.select().from(modelUsage);
    expect(rows).toHaveLength(7);
    expect(rows.filter((r) => r.userId === aliceId)).toEqual([]);
    const usage = (await staff.get('/api/admin/usage')).json;
    expect(usage.totals.replies).toBe(3);
    expect(usage.plans[0]).toMatchObject({ plan: 'free', activeUsers: 0, replies: 1 });
  });
});

describe('calls that end together', () => {
  it('each leave their own row, with their account’s plan', async () => {
    const dave = await t.signedInUser();
    const daveId = await idOf(dave);
    const selene = await characterOf(dave);
    const chats = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => conversationOf(dave, selene, 'rp-70b')),
    );
    // Six replies in flight at once: their rows are written while others are (decision 0071).
    chats.forEach((_, i) =>
      llm.script({
        content: `Reply number ${i}.`,
        usage: { prompt_tokens: 1_000 + i, completion_tokens: 100 + i },
      }),
    );
    const streams = await Promise.all(chats.map((chat) => streamedReply(dave, chat, 'Hi')));
    for (const stream of streams) expect(stream).toContain('event: done');
    await vi.waitFor(
      async () => {
        const replies = await t.database.db
          .select()
          .from(modelUsage)
          .where(sql`${modelUsage.userId} = ${daveId} and ${modelUsage.purpose} = 'reply'`);
        expect(replies.map((r) => [r.plan, r.model, r.inputTokens, r.outputTokens]).sort()).toEqual(
          chats.map((_, i) => ['free', 'rp-70b', 1_000 + i, 100 + i]),
        );
      },
      { timeout: 10_000 },
    );
  });

  it('are all written when one names an account deleted since, or a count too large', async () => {
    const someone = await t.signedInUser();
    const someoneId = await idOf(someone);
    const lines: string[] = [];
    const record = usageRecorder(
      t.database.db,
      pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }),
    );
    const call = { purpose: 'reply' as const, model: 'rp-70b', ok: true, estimated: false };
    const of = (userId: string | null, inputTokens: number) =>
      record({ ...call, userId, inputTokens, outputTokens: 1, ttftMs: 987_654 });
    // Four calls ending in the same moment: one statement writes them (decision 0071).
    await Promise.all([
      of(someoneId, 1),
      of('an-account-deleted-since', 2),
      of(someoneId, 1e12),
      of(someoneId, 3),
    ]);
    const rows = await t.database.db
      .select()
      .from(modelUsage)
      .where(sql`${modelUsage.ttftMs} = 987654 and ${modelUsage.model} = 'rp-70b'`);
    expect(rows.map((r) => [r.userId, r.inputTokens]).sort()).toEqual(
      [
        [null, 2],
        [someoneId, 1],
        [someoneId, 2 ** 31 - 1],
        [someoneId, 3],
      ].sort(),
    );
    expect(lines).toEqual([]);
  });
});
