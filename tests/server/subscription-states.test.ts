import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { creditAccount } from '../../src/server/db/schema';
import {
  ALREADY_ENDED,
  NOT_ENDING,
  NOTHING_TO_RESUME,
  STRIPE_UNAVAILABLE,
} from '../../src/server/modules/billing/billing.service';
import { startBillingApp, subscribe, userIdOf, type BillingTestApp } from './support/billing';
import type { TestClient } from './support/http-client';
import { startTestApp } from './support/test-app';

/**
 * Issue 45, defect 5: the membership page shows the state a subscription is in, from what
 * GET /api/subscription answers — renewing, set to end (with the date), ended (with the date it
 * ended) — and POST /api/subscription/resume keeps a plan set to end, the Stripe way
 * (`cancel_at_period_end=false` on the subscription), for its owner only.
 */

let b: BillingTestApp;
beforeAll(async () => {
  b = await startBillingApp();
});
afterAll(() => b.close());

const view = async (client: TestClient) =>
  (await client.get('/api/subscription')).json.subscription;
const credits = async (client: TestClient) => (await client.get('/api/get-credits')).json.credits;
const resume = (client: TestClient) => client.post('/api/subscription/resume');

async function subscriber(plan: 'basic' | 'pro') {
  const client = await b.t.signedInUser();
  const subId = await subscribe(b, client, plan);
  return { client, subId, userId: await userIdOf(client) };
}

/** The requests the app made to Stripe to update this subscription. */
const updatesOf = (subId: string) =>
  b.stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`);

describe('GET /api/subscription: the state it is in', () => {
  it('a renewing plan has not ended', async () => {
    const { client, subId } = await subscriber('pro');
    const periodEnd = new Date(b.stripe.subscriptions.get(subId)!.periodEnd * 1000);
    expect(await view(client)).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd.toISOString(),
      endedAt: null,
    });
  });

  it('a plan set to end keeps its plan and says when it ends', async () => {
    const { client, subId } = await subscriber('pro');
    await b.stripe.setCancelAtPeriodEnd(subId, true);
    const periodEnd = new Date(b.stripe.subscriptions.get(subId)!.periodEnd * 1000);
    expect(await view(client)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd.toISOString(),
      endedAt: null,
    });
  });

  it('a plan that ran to its period end ended on that date', async () => {
    const { client, subId } = await subscriber('pro');
    await b.stripe.setCancelAtPeriodEnd(subId, true);
    const periodEnd = new Date(b.stripe.subscriptions.get(subId)!.periodEnd * 1000);
    await b.stripe.renew(subId); // Stripe cancels instead of renewing
    expect(await view(client)).toMatchObject({
      plan: 'pro',
      status: 'canceled',
      endedAt: periodEnd.toISOString(),
    });
    expect(await credits(client)).toBe(20);
  });

  it('a plan cancelled at once ended when Stripe ended it, before its period was over', async () => {
    const { client, subId } = await subscriber('basic');
    const before = Date.now();
    await b.stripe.setStatus(subId, 'canceled');
    const shown = await view(client);
    expect(shown.status).toBe('canceled');
    const ended = new Date(shown.endedAt).getTime();
    expect(ended).toBeGreaterThanOrEqual(before - 5_000);
    expect(ended).toBeLessThanOrEqual(Date.now());
    expect(ended).toBeLessThan(new Date(shown.currentPeriodEnd).getTime());
  });

  it('a payment overdue or unpaid has not ended', async () => {
    const { client, subId } = await subscriber('basic');
    await b.stripe.renew(subId, { paid: false });
    expect(await view(client)).toMatchObject({ status: 'past_due', endedAt: null });
    await b.stripe.setStatus(subId, 'unpaid');
    expect(await view(client)).toMatchObject({ status: 'unpaid', endedAt: null });
  });
});

describe('POST /api/subscription/resume', () => {
  it('keeps a plan set to end: Stripe is asked the Stripe way and the plan renews again', async () => {
    const { client, subId, userId } = await subscriber('pro');
    await b.stripe.setCancelAtPeriodEnd(subId, true);
    const [account] = await b.t.database.db
      .select()
      .from(creditAccount)
      .where(eq(creditAccount.userId, userId));

    const res = await resume(client);
    expect(res.status).toBe(200);
    expect(res.json.subscription).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      endedAt: null,
    });
    const updates = updatesOf(subId);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.body).toEqual({
      cancel_at_period_end: 'false',
      expand: ['latest_invoice'],
    });
    expect(b.stripe.subscriptions.get(subId)).toMatchObject({
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });

    // Stripe's own event about the change comes after its answer and changes nothing more.
    await b.stripe.settled();
    const event = b.stripe.deliveries.at(-1)!;
    expect(event.event.type).toBe('customer.subscription.updated');
    expect(event.status).toBe(200);
    expect(await view(client)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    // The allowance is the period's, untouched.
    expect(await credits(client)).toBe(account!.credits);

    // At the period's end it renews instead of ending.
    await b.stripe.renew(subId);
    expect(await view(client)).toMatchObject({ status: 'active', endedAt: null });
  });

  it('answers 409 when the plan is not set to end, and asks Stripe nothing', async () => {
    const { client, subId } = await subscriber('basic');
    const res = await resume(client);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: NOT_ENDING });
    expect(updatesOf(subId)).toHaveLength(0);
  });

  it('answers 409 when the plan has already ended', async () => {
    const { client, subId } = await subscriber('basic');
    await b.stripe.setCancelAtPeriodEnd(subId, true);
    await b.stripe.renew(subId);
    const res = await resume(client);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: ALREADY_ENDED });
    expect(updatesOf(subId)).toHaveLength(0);
  });

  it('answers 409 when Stripe ended it before its event arrived, and shows it ended', async () => {
    const { client, subId } = await subscriber('basic');
    await b.stripe.setCancelAtPeriodEnd(subId, true);
    await b.stripe.renew(subId, { deliver: false });
    const res = await resume(client);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: ALREADY_ENDED });
    // Stripe refused the update of a canceled subscription, as Stripe does.
    expect(updatesOf(subId)).toHaveLength(1);
    expect(await view(client)).toMatchObject({ status: 'canceled' });
    expect(await credits(client)).toBe(20);
  });

  it('answers 404 to a user without a subscription and 401 signed out', async () => {
    const newcomer = await b.t.signedInUser();
    const res = await resume(newcomer);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: NOTHING_TO_RESUME });
    expect((await resume(b.t.client())).status).toBe(401);
  });

  it("resumes only the caller's own plan", async () => {
    const owner = await subscriber('pro');
    await b.stripe.setCancelAtPeriodEnd(owner.subId, true);
    const other = await subscriber('basic');
    const res = await other.client.post('/api/subscription/resume', {
      subscriptionId: owner.subId,
    });
    expect(res.status).toBe(409);
    expect(updatesOf(owner.subId)).toHaveLength(0);
    expect(await view(owner.client)).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it('answers 502 while Stripe is down, changing nothing; a retry works', async () => {
    const { client, subId } = await subscriber('basic');
    await b.stripe.setCancelAtPeriodEnd(subId, true);
    b.stripe.failApi(3); // the SDK tries three times
    const failed = await resume(client);
    expect(failed.status).toBe(502);
    expect(failed.json).toEqual({ message: STRIPE_UNAVAILABLE });
    expect(await view(client)).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await resume(client)).status).toBe(200);
    expect(await view(client)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('refuses a cross-site request carrying the session cookie', async () => {
    const { client, subId } = await subscriber('basic');
    await b.stripe.setCancelAtPeriodEnd(subId, true);
    const res = await client.post('/api/subscription/resume', undefined, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(updatesOf(subId)).toHaveLength(0);
  });

  it('counts against the billing rate rule', async () => {
    const client = await b.t.signedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await resume(client)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
  });
});

describe('without Stripe settings', () => {
  it('answers 503 "Billing is not configured"', async () => {
    const bare = await startTestApp({});
    try {
      const res = await resume(await bare.signedInUser());
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ message: 'Billing is not configured' });
    } finally {
      await bare.close();
    }
  });
});
