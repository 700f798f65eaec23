import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUT_OF_CREDITS_MESSAGE } from '../../src/shared/chat/rules';
import { PLANS } from '../../src/shared/plans';
import { creditAccount } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { DOUBLE_PRICES } from '../doubles/stripe-server';
import {
  startBillingApp,
  startCheckout,
  subscribe,
  userIdOf,
  type BillingTestApp,
} from './support/billing';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';

/**
 * Plan switches within one billing period (decision 0044): the balance is always the current
 * plan's allowance minus what was used in the period, never below 0, whatever the path between
 * Free, Basic and Pro, however often and in whatever order Stripe's events arrive. Nothing used
 * comes back; only a new period (a renewal, a new subscription) restores an allowance. Every
 * balance is the one the user sees: GET /api/get-credits.
 */

let b: BillingTestApp;
let llm: LlmDouble;

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  b = await startBillingApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await b.close();
  await llm.stop();
});

type Paid = 'basic' | 'pro';

interface User {
  client: TestClient;
  userId: string;
  conversationId: number;
  subId?: string;
}

/** A signed-in user with a character and a conversation to spend credits in. */
async function newUser(): Promise<User> {
  const client = await b.t.signedInUser();
  const userId = await userIdOf(client);
  const character = await client.post('/api/characters', {
    name: 'Selene',
    description: 'A moonlit poet with a sharp wit.',
    gender: 'female',
    personality: 'Playful, literate, teases gently and quotes poetry.',
  });
  expect(character.status, character.text).toBe(201);
  const conversation = await client.post('/api/conversations', {
    characterId: character.json.id,
    chatMode: 'texting',
  });
  expect(conversation.status, conversation.text).toBe(201);
  return { client, userId, conversationId: conversation.json.id };
}

async function subscriber(plan: Paid): Promise<User & { subId: string }> {
  const user = await newUser();
  const subId = await subscribe(b, user.client, plan);
  return { ...user, subId };
}

/** What the user sees. */
const balance = async (u: User) => {
  const res = await u.client.get('/api/get-credits');
  expect(res.status).toBe(200);
  return res.json.credits as number;
};

/** Spends `n` credits the way users do: one AI reply each, over HTTP. */
async function reply(u: User, n = 1) {
  for (let i = 0; i < n; i++) {
    const res = await u.client.post('/api/chat', {
      message: 'Tell me about the sea tonight',
      conversationId: u.conversationId,
    });
    expect(res.status, res.text).toBe(200);
  }
}

/** Asks for one reply; answers the status (200, or 403 when no credit is left). */
async function tryReply(u: User) {
  const res = await u.client.post('/api/chat', {
    message: 'Tell me about the sea tonight',
    conversationId: u.conversationId,
  });
  return res.status;
}

/** A reply is refused for want of credits. */
async function refused(u: User) {
  const check = await u.client.post('/api/credit-check');
  expect(check.status).toBe(403);
  expect(check.json.message).toBe(OUT_OF_CREDITS_MESSAGE);
  const res = await u.client.post('/api/chat', {
    message: 'Tell me about the sea tonight',
    conversationId: u.conversationId,
  });
  expect(res.status).toBe(403);
}

/**
 * Leaves `left` of the current allowance: the rest was used this period (set directly, as
 * thousands of replies one by one would take long).
 */
async function leave(u: User, left: number) {
  await balance(u); // the account exists from the first read
  await b.t.database.db
    .update(creditAccount)
    .set({ credits: left })
    .where(eq(creditAccount.userId, u.userId));
}

/** A plan change through the portal within the current period, its events delivered. */
const switchTo = (u: User, plan: Paid, options?: { deliver?: boolean }) =>
  b.stripe.changePrice(u.subId!, DOUBLE_PRICES[plan], options);

const topUp = async (u: User) => (await u.client.post('/api/topup')).json;

describe('from Free', () => {
  it('Free → Basic starts the paid period with Basic’s full allowance', async () => {
    const u = await newUser();
    await reply(u, 2);
    expect(await balance(u)).toBe(18);
    u.subId = await subscribe(b, u.client, 'basic');
    expect(await balance(u)).toBe(1000);
    await reply(u);
    expect(await balance(u)).toBe(999);
  });

  it('Free (used up) → Pro starts the paid period with Pro’s full allowance', async () => {
    const u = await newUser();
    await leave(u, 0);
    await refused(u);
    u.subId = await subscribe(b, u.client, 'pro');
    expect(await balance(u)).toBe(10000);
  });

  it('a free month begun in the same second as the subscription still gives way to it', async () => {
    // Stripe's periods start on whole seconds; a free one begun 347 µs into that second is
    // another period (a Date's milliseconds would read both as the same).
    const u = await newUser();
    u.subId = await subscribe(b, u.client, 'pro');
    const start = b.stripe.subscriptions.get(u.subId)!.periodStart;
    await b.t.database.db
      .update(creditAccount)
      .set({
        plan: 'free',
        credits: 0,
        periodEnd: null,
        periodStart: sql`to_timestamp(${start}) + interval '347 microseconds'`,
      })
      .where(eq(creditAccount.userId, u.userId));
    const updated = b.stripe.event(
      'customer.subscription.updated',
      b.stripe.subscriptionObject(u.subId),
    );
    expect((await b.stripe.deliver(updated)).status).toBe(200);
    expect(await balance(u)).toBe(10000);
  });
});

describe('within one paid period', () => {
  it('Basic → Pro adds the difference: what was used stays used', async () => {
    const u = await subscriber('basic');
    await reply(u, 2);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(9998);
    await reply(u);
    expect(await balance(u)).toBe(9997);
  });

  it('Basic used up → Pro leaves Pro’s allowance minus Basic’s', async () => {
    const u = await subscriber('basic');
    await leave(u, 0);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(9000);
  });

  it('Pro → Basic keeps what was used: Basic’s allowance minus it', async () => {
    const u = await subscriber('pro');
    await reply(u, 2);
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(998);
  });

  it('Pro → Basic after more than Basic’s allowance was used leaves none, shown as 0', async () => {
    const u = await subscriber('pro');
    await leave(u, 500);
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(0);
    expect(await topUp(u)).toMatchObject({ plan: 'basic', credits: 0 });
    await refused(u);
    // A zip (the account has a conversation): the JSON beside its Markdown copy.
    const exported = await fetch(`${b.t.url}/api/account/export`, {
      headers: { cookie: u.client.cookieHeader },
    });
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['reverie-export.json']!));
    expect(data.credits).toMatchObject({ plan: 'basic', credits: 0 });
  });

  it('Pro used up → Basic → Pro gives nothing back (the probe’s case)', async () => {
    const u = await subscriber('pro');
    await leave(u, 0);
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(0);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(0);
    // Nothing else hands credits out either: the top-up only applies a due period.
    expect(await topUp(u)).toMatchObject({ plan: 'pro', credits: 0 });
    await refused(u);
  });

  it('Pro partly used → Basic → Pro leaves Pro’s allowance minus what was used', async () => {
    const u = await subscriber('pro');
    await leave(u, 500);
    await reply(u, 2);
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(0);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(498);
  });

  it('Pro lightly used → Basic → Pro: every reply on the way stays used', async () => {
    const u = await subscriber('pro');
    await reply(u, 3);
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(997);
    await reply(u);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(9996);
  });

  it('Basic → Pro → Basic → Pro with replies on the way', async () => {
    const u = await subscriber('basic');
    await reply(u);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(9999);
    await leave(u, 6); // 9,994 used in all
    await reply(u);
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(0);
    await refused(u);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(5);
    await reply(u);
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(0);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(4);
  });

  it('switching back and forth many times never adds up', async () => {
    const u = await subscriber('pro');
    await leave(u, 100);
    for (let i = 0; i < 4; i++) {
      await switchTo(u, 'basic');
      expect(await balance(u)).toBe(0);
      await switchTo(u, 'pro');
      expect(await balance(u)).toBe(100);
    }
  });

  it('the next renewal restores the current plan’s full allowance, once', async () => {
    const u = await subscriber('pro');
    await leave(u, 0);
    await switchTo(u, 'basic');
    await switchTo(u, 'pro');
    await switchTo(u, 'basic');
    const events = await b.stripe.renew(u.subId);
    expect(await balance(u)).toBe(PLANS.basic.monthlyMessages);
    await reply(u);
    for (const event of events) await b.stripe.deliver(event);
    expect(await balance(u)).toBe(999);
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(9999);
  });
});

describe('back to Free', () => {
  it('Pro cancelled at once with its allowance used up: no free credits until the free month', async () => {
    const u = await subscriber('pro');
    await leave(u, 0);
    await b.stripe.setStatus(u.subId, 'canceled');
    expect(await balance(u)).toBe(0);
    expect(await topUp(u)).toMatchObject({ plan: 'free', credits: 0 });
    await refused(u);
    // A month after the period began (the period moved back instead of waiting; the double's
    // clock runs ahead of the database's after the renewals above), the free plan's allowance
    // arrives as every month.
    await b.t.database.db.execute(sql`
      update credit_account set period_start = now() - interval '1 month'
      where user_id = ${u.userId}`);
    expect(await balance(u)).toBe(20);
  });

  it('Pro cancelled at once, lightly used: the free allowance minus what was used', async () => {
    const u = await subscriber('pro');
    await reply(u, 2);
    await b.stripe.setStatus(u.subId, 'canceled');
    expect(await balance(u)).toBe(18);
    expect(await topUp(u)).toMatchObject({ plan: 'free', credits: 18 });
    await reply(u);
    expect(await balance(u)).toBe(17);
  });

  it('Basic cancelled at once, lightly used: the free allowance minus what was used', async () => {
    const u = await subscriber('basic');
    await reply(u, 2);
    await b.stripe.setStatus(u.subId, 'canceled');
    expect(await balance(u)).toBe(18);
  });

  it('Basic cancelled at once with 7 left: none, more than the free allowance was used', async () => {
    const u = await subscriber('basic');
    await leave(u, 7);
    await b.stripe.setStatus(u.subId, 'canceled');
    expect(await balance(u)).toBe(0);
    await refused(u);
  });

  it('Pro cancelled at once, unused: the free allowance', async () => {
    const u = await subscriber('pro');
    await b.stripe.setStatus(u.subId, 'canceled');
    expect(await balance(u)).toBe(20);
  });

  it('Pro used up → Basic → Free gives nothing back', async () => {
    const u = await subscriber('pro');
    await leave(u, 0);
    await switchTo(u, 'basic');
    await b.stripe.setStatus(u.subId, 'canceled');
    expect(await balance(u)).toBe(0);
  });

  it('a cancel at the period end starts a fresh free month when the period is over', async () => {
    const u = await subscriber('pro');
    await leave(u, 0);
    await b.stripe.setCancelAtPeriodEnd(u.subId, true);
    expect(await balance(u)).toBe(0);
    await b.stripe.renew(u.subId); // the period ends: Stripe cancels instead of renewing
    expect(await balance(u)).toBe(20);
    expect(await topUp(u)).toMatchObject({ plan: 'free', credits: 20 });
  });

  it('a plan that ends and comes back within the period gives nothing back', async () => {
    const u = await subscriber('pro');
    await leave(u, 0);
    await b.stripe.setStatus(u.subId, 'unpaid');
    expect(await balance(u)).toBe(0);
    await b.stripe.setStatus(u.subId, 'active'); // the same period, paid at last
    expect(await balance(u)).toBe(0);
    await refused(u);
  });

  it('a new subscription after a cancel is a new paid period with its full allowance', async () => {
    const u = await subscriber('basic');
    await leave(u, 0);
    await b.stripe.setStatus(u.subId, 'canceled');
    expect(await balance(u)).toBe(0);
    b.stripe.advance(60);
    const session = await startCheckout(u.client, 'pro');
    expect(session.kind).toBe('checkout');
    await b.stripe.completeCheckout(session.id);
    expect(await balance(u)).toBe(10000);
  });
});

describe('a payment overdue (past_due)', () => {
  it('an upgrade’s allowance waits for the payment', async () => {
    const u = await subscriber('basic');
    await leave(u, 0);
    await b.stripe.setStatus(u.subId, 'past_due'); // e.g. the upgrade’s invoice failed
    await switchTo(u, 'pro');
    expect(await balance(u)).toBe(0);
    await b.stripe.setStatus(u.subId, 'active');
    expect(await balance(u)).toBe(9000);
    await b.stripe.setStatus(u.subId, 'active');
    expect(await balance(u)).toBe(9000);
  });

  it('a downgrade applies at once', async () => {
    const u = await subscriber('pro');
    await reply(u);
    await b.stripe.setStatus(u.subId, 'past_due');
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(999);
    await b.stripe.setStatus(u.subId, 'active');
    expect(await balance(u)).toBe(999);
  });
});

describe('replayed, reordered and concurrent events', () => {
  it('replays and late events of an earlier plan change nothing', async () => {
    const u = await subscriber('pro');
    await leave(u, 0);
    const toBasic = await switchTo(u, 'basic', { deliver: false });
    const results = await Promise.all([...toBasic, ...toBasic].map((e) => b.stripe.deliver(e)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await balance(u)).toBe(0);

    const toPro = await switchTo(u, 'pro', { deliver: false });
    // The Pro events, their duplicates and the Basic events again as new deliveries (Stripe's
    // order is not guaranteed), all at once.
    const late = toBasic.map((e) => b.stripe.event(e.type, e.data.object));
    const mixed = [...late, ...toPro, ...toBasic, ...toPro.slice().reverse()];
    const again = await Promise.all(mixed.map((e) => b.stripe.deliver(e)));
    expect(again.every((r) => r.status === 200)).toBe(true);
    expect(await balance(u)).toBe(0);

    // Every event ever sent about this subscription, once more as new events.
    const about = b.stripe.deliveries
      .map((d) => d.event)
      .filter((e) => JSON.stringify(e.data.object).includes(u.subId));
    await Promise.all(about.map((e) => b.stripe.deliver(b.stripe.event(e.type, e.data.object))));
    expect(await balance(u)).toBe(0);
    expect(await topUp(u)).toMatchObject({ plan: 'pro', credits: 0 });
  });

  it('switches made while their events are being handled end at the right balance', async () => {
    const u = await subscriber('pro');
    await leave(u, 7);
    await switchTo(u, 'basic');
    expect(await balance(u)).toBe(0);
    const inFlight: Promise<unknown>[] = [];
    for (const plan of ['pro', 'basic', 'pro', 'basic', 'pro'] as const) {
      const events = await switchTo(u, plan, { deliver: false });
      inFlight.push(...events.map((e) => b.stripe.deliver(e)));
      inFlight.push(tryReply(u)); // replies racing the changes (refused while none is left)
    }
    await Promise.all(inFlight);
    // Whatever each handler read, the last state is Pro; one more event makes sure it is applied.
    await b.stripe.deliver(
      b.stripe.event('customer.subscription.updated', b.stripe.subscriptionObject(u.subId)),
    );
    expect(await balance(u)).toBe(7 - (await repliesPaid(u)));
  });
});

/** Replies paid for so far (the stored charges, which the balance follows). */
async function repliesPaid(u: User) {
  const { rows } = await b.t.database.db.execute<{ n: number | string }>(sql`
    select count(*) as n from reply_charge where user_id = ${u.userId} and status = 'done'`);
  return Number(rows[0]!.n);
}
