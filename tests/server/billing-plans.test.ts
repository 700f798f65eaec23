import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { creditAccount, subscription } from '../../src/server/db/schema';
import { JobQueue } from '../../src/server/jobs';
import { registerBillingReconcile } from '../../src/server/modules/billing/billing-reconcile.job';
import * as billingRepo from '../../src/server/modules/billing/billing.repo';
import {
  reconcileStaleSubscriptions,
  type BillingContext,
} from '../../src/server/modules/billing/billing.service';
import { takeCredit } from '../../src/server/modules/credits/credits.service';
import { createStripeClient } from '../../src/server/integrations/billing/stripe';
import { DOUBLE_PRICES } from '../doubles/stripe-server';
import {
  startBillingApp,
  startCheckout,
  subscribe,
  userIdOf,
  type BillingTestApp,
} from './support/billing';
import type { TestClient } from './support/http-client';

/**
 * Credits follow the plan: Free 20, Basic 1,000, Pro 10,000 per period; the paid period is the
 * subscription's; renewals restore the allowance once; plan changes apply at once; cancellation
 * and failed payments fall back to Free only when Stripe says the plan is over.
 */

let b: BillingTestApp;
let ctx: BillingContext;
beforeAll(async () => {
  b = await startBillingApp();
  ctx = {
    config: b.t.config,
    db: b.t.database.db,
    log: pino({ level: 'silent' }),
    stripe: await createStripeClient(b.t.config.stripe!),
  };
});
afterAll(() => b.close());

const db = () => b.t.database.db;

async function account(userId: string) {
  const [row] = await db().select().from(creditAccount).where(eq(creditAccount.userId, userId));
  return row!;
}

/** Spends `n` credits the way replies do. */
async function spend(userId: string, n: number) {
  for (let i = 0; i < n; i++) await takeCredit({ db: db(), log: ctx.log }, userId, null);
}

const view = async (client: TestClient) =>
  (await client.get('/api/subscription')).json.subscription;
const credits = async (client: TestClient) => (await client.get('/api/get-credits')).json.credits;

/** A subscribed user with their ids. */
async function subscriber(plan: 'basic' | 'pro') {
  const client = await b.t.signedInUser();
  const userId = await userIdOf(client);
  const subId = await subscribe(b, client, plan);
  return { client, userId, subId };
}

describe('subscribing', () => {
  it('moves a free user to the paid allowance and the subscription’s period', async () => {
    const client = await b.t.signedInUser();
    const userId = await userIdOf(client);
    await spend(userId, 15);
    expect(await credits(client)).toBe(5);
    const subId = await subscribe(b, client, 'basic');
    const sub = b.stripe.subscriptions.get(subId)!;
    expect(await credits(client)).toBe(1000);
    const row = await account(userId);
    expect(row.plan).toBe('basic');
    expect(row.periodStart.getTime()).toBe(sub.periodStart * 1000);
    expect(row.periodEnd!.getTime()).toBe(sub.periodEnd * 1000);
    expect((await client.post('/api/topup')).json).toMatchObject({
      plan: 'basic',
      credits: 1000,
      nextResetAt: new Date(sub.periodEnd * 1000).toISOString(),
    });
    expect(await view(client)).toEqual({
      plan: 'basic',
      status: 'active',
      priceId: DOUBLE_PRICES.basic,
      currentPeriodStart: new Date(sub.periodStart * 1000).toISOString(),
      currentPeriodEnd: new Date(sub.periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      periodPaid: true,
      endedAt: null,
    });
  });

  it('gives Pro 10,000', async () => {
    const { client } = await subscriber('pro');
    expect(await credits(client)).toBe(10000);
  });
});

describe('renewal', () => {
  it('restores the allowance once per period, with no rollover', async () => {
    const { client, userId, subId } = await subscriber('basic');
    await spend(userId, 10);
    const events = await b.stripe.renew(subId);
    expect(await credits(client)).toBe(1000);
    const newStart = b.stripe.subscriptions.get(subId)!.periodStart * 1000;
    expect((await account(userId)).periodStart.getTime()).toBe(newStart);

    await spend(userId, 5);
    // Stripe delivers the renewal again (duplicates), and fresh events about the same period.
    for (const event of events) await b.stripe.deliver(event);
    await b.stripe.deliver(b.stripe.event('invoice.paid', events[1]!.data.object));
    await b.stripe.deliver(
      b.stripe.event('customer.subscription.updated', b.stripe.subscriptionObject(subId)),
    );
    expect(await credits(client)).toBe(995);
  });

  it('restores once when the renewal events arrive at the same time', async () => {
    const { client, userId, subId } = await subscriber('basic');
    await spend(userId, 30);
    const events = await b.stripe.renew(subId, { deliver: false });
    const copies = [...events, ...events, b.stripe.event('invoice.paid', events[1]!.data.object)];
    const deliveries = await Promise.all(copies.map((e) => b.stripe.deliver(e)));
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(await credits(client)).toBe(1000);
    await spend(userId, 1);
    expect(await credits(client)).toBe(999);
  });

  it('waits for the renewal’s invoice to be paid: Stripe moves the period an hour before it charges', async () => {
    const { client, userId, subId } = await subscriber('basic');
    // 990 replies used this period (set directly: spending them one by one would take long).
    await db().update(creditAccount).set({ credits: 10 }).where(eq(creditAccount.userId, userId));
    // The period moves, the subscription still active, its invoice a draft: nothing is paid yet.
    await b.stripe.renew(subId, { draft: true });
    expect(await credits(client)).toBe(10);
    // The membership page re-reads it (its payment is awaited): still a draft, still waiting.
    expect(await view(client)).toMatchObject({ status: 'active', periodPaid: false });
    expect(await credits(client)).toBe(10);
    // The charge fails: past due, what is left stays.
    await b.stripe.chargeInvoice(subId, { paid: false });
    expect((await view(client)).status).toBe('past_due');
    expect(await credits(client)).toBe(10);
    // A retry is paid: the new period's allowance arrives, once.
    await b.stripe.chargeInvoice(subId);
    expect(await credits(client)).toBe(1000);
    expect((await view(client)).periodPaid).toBe(true);
    const newStart = b.stripe.subscriptions.get(subId)!.periodStart * 1000;
    expect((await account(userId)).periodStart.getTime()).toBe(newStart);
  });

  it('waits for the renewal’s own invoice, not a plan change’s paid meanwhile', async () => {
    const { client, userId, subId } = await subscriber('basic');
    await spend(userId, 100);
    await b.stripe.renew(subId, { draft: true });
    // An upgrade in the hour before the renewal is charged: its proration invoice, paid at once,
    // is the latest; the new period is still unpaid and the upgrade waits with it.
    await b.stripe.changePrice(subId, DOUBLE_PRICES.pro);
    expect((await view(client)).plan).toBe('pro');
    expect(await credits(client)).toBe(900);
    // However many plan changes come between (the renewal's invoice is read past a page).
    for (let i = 0; i < 12; i++) {
      await b.stripe.changePrice(subId, DOUBLE_PRICES.basic, { deliver: false });
      await b.stripe.changePrice(subId, DOUBLE_PRICES.pro, { deliver: false });
    }
    expect(await view(client)).toMatchObject({ plan: 'pro', periodPaid: false });
    expect(await credits(client)).toBe(900);
    // The renewal is paid: the new period, with Pro's allowance.
    await b.stripe.chargeInvoice(subId);
    expect(await credits(client)).toBe(10000);
  });

  it('grants a renewal paid while its webhook was missed when the membership page opens', async () => {
    const { client, userId, subId } = await subscriber('basic');
    await spend(userId, 40);
    await b.stripe.renew(subId, { draft: true });
    expect(await credits(client)).toBe(960);
    await b.stripe.chargeInvoice(subId, { deliver: false });
    // No invoice.paid arrived; the membership page reads the subscription awaiting its payment.
    expect((await view(client)).status).toBe('active');
    expect(await credits(client)).toBe(1000);
  });

  it('is not done by the calendar on a paid plan: only Stripe starts the next period', async () => {
    const { client, userId } = await subscriber('basic');
    await spend(userId, 3);
    await db().execute(sql`
      update credit_account set period_start = now() - interval '40 days' where user_id = ${userId}`);
    expect(await credits(client)).toBe(997);
  });
});

describe('reordered events', () => {
  it('cannot bring back an old state: every event re-reads the subscription', async () => {
    const { client, subId } = await subscriber('basic');
    const created = b.stripe.deliveries.find(
      (d) =>
        d.event.type === 'customer.subscription.created' &&
        (d.event.data.object as { id: string }).id === subId,
    )!.event;
    await b.stripe.setStatus(subId, 'canceled');
    expect(await credits(client)).toBe(20);
    // The old "created" event (active, Basic) arrives late, as a new delivery.
    const late = b.stripe.event('customer.subscription.created', created.data.object);
    expect((await b.stripe.deliver(late)).status).toBe(200);
    expect((await view(client)).status).toBe('canceled');
    expect(await credits(client)).toBe(20);
  });

  it('drops a read that is older than the stored one', async () => {
    const { subId } = await subscriber('basic');
    const [row] = await db()
      .select()
      .from(subscription)
      .where(eq(subscription.stripeSubscriptionId, subId));
    const older = new Date(row!.updatedAt.getTime() - 1000);
    const { createdAt: _createdAt, ...state } = row!;
    expect(
      await billingRepo.saveSubscription(db(), { ...state, status: 'canceled', updatedAt: older }),
    ).toBe(false);
    const [after] = await db()
      .select()
      .from(subscription)
      .where(eq(subscription.stripeSubscriptionId, subId));
    expect(after!.status).toBe('active');
  });
});

describe('plan changes', () => {
  it('upgrades at once: Pro’s allowance for the rest of the period, minus what was used', async () => {
    const { client, userId, subId } = await subscriber('basic');
    await spend(userId, 300);
    const periodBefore = (await account(userId)).periodStart.getTime();
    await b.stripe.changePrice(subId, DOUBLE_PRICES.pro);
    expect(await credits(client)).toBe(9700);
    expect((await account(userId)).periodStart.getTime()).toBe(periodBefore);
    expect((await view(client)).plan).toBe('pro');
    // The next renewal gives the full Pro allowance.
    await b.stripe.renew(subId);
    expect(await credits(client)).toBe(10000);
  });

  it('upgrades through the portal flow the pricing page opens', async () => {
    const { client, userId, subId } = await subscriber('basic');
    await spend(userId, 10);
    const session = await startCheckout(client, 'pro');
    expect(session.kind).toBe('portal');
    const confirm = await fetch(`${b.stripe.url}/portal/${session.id}/confirm`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${b.t.url}/membership`);
    expect(b.stripe.subscriptions.get(subId)!.priceId).toBe(DOUBLE_PRICES.pro);
    expect(await credits(client)).toBe(9990);
  });

  it('downgrades within the period keeping what was used, never below zero', async () => {
    const { client, userId, subId } = await subscriber('pro');
    await spend(userId, 200);
    await b.stripe.changePrice(subId, DOUBLE_PRICES.basic);
    expect(await credits(client)).toBe(800);
    await b.stripe.changePrice(subId, DOUBLE_PRICES.pro);
    expect(await credits(client)).toBe(9800);
    // 9,500 more replies later (set directly: spending them one by one would take long).
    await db().update(creditAccount).set({ credits: 300 }).where(eq(creditAccount.userId, userId));
    await b.stripe.changePrice(subId, DOUBLE_PRICES.basic);
    expect(await credits(client)).toBe(0);
  });

  it('treats a price that is neither configured one as a paid plan with Basic’s allowance', async () => {
    const { client, subId } = await subscriber('basic');
    await b.stripe.changePrice(subId, 'price_legacy_plan');
    expect((await view(client)).plan).toBe('unknown');
    expect(await credits(client)).toBe(1000);
  });
});

describe('cancellation', () => {
  it('keeps the plan until the period ends, then falls back to Free', async () => {
    const { client, userId, subId } = await subscriber('basic');
    await spend(userId, 100);
    await b.stripe.setCancelAtPeriodEnd(subId, true);
    expect(await view(client)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await credits(client)).toBe(900);
    expect((await account(userId)).plan).toBe('basic');

    await b.stripe.renew(subId); // the period ends: Stripe cancels instead of renewing
    expect(await view(client)).toMatchObject({ status: 'canceled', plan: 'basic' });
    const row = await account(userId);
    expect(row).toMatchObject({ plan: 'free', credits: 20, periodEnd: null });
    expect(await credits(client)).toBe(20);
  });

  it('lets a canceled user subscribe again with a new Checkout', async () => {
    const { client, subId } = await subscriber('basic');
    await b.stripe.setStatus(subId, 'canceled');
    const again = await startCheckout(client, 'pro');
    expect(again.kind).toBe('checkout');
    await b.stripe.completeCheckout(again.id);
    expect(await view(client)).toMatchObject({ plan: 'pro', status: 'active' });
    expect(await credits(client)).toBe(10000);
  });
});

describe('failed payments (past_due)', () => {
  it('keeps the plan during Stripe’s retries, restores once paid, falls back when Stripe gives up', async () => {
    const { client, userId, subId } = await subscriber('basic');
    // 990 replies used this period (set directly: spending them one by one would take long).
    await db().update(creditAccount).set({ credits: 10 }).where(eq(creditAccount.userId, userId));
    await b.stripe.renew(subId, { paid: false });
    expect((await view(client)).status).toBe('past_due');
    // Access is kept (the plan and what is left), but the new period waits for the payment.
    expect((await account(userId)).plan).toBe('basic');
    expect(await credits(client)).toBe(10);

    // A retry succeeds: the period's allowance arrives, once.
    await b.stripe.chargeInvoice(subId);
    expect(await credits(client)).toBe(1000);
    await spend(userId, 1);
    await b.stripe.deliver(
      b.stripe.event('customer.subscription.updated', b.stripe.subscriptionObject(subId)),
    );
    expect(await credits(client)).toBe(999);

    // The next renewal fails and Stripe's retries run out.
    await b.stripe.renew(subId, { paid: false });
    expect(await credits(client)).toBe(999);
    await b.stripe.setStatus(subId, 'unpaid');
    expect((await view(client)).status).toBe('unpaid');
    expect(await account(userId)).toMatchObject({ plan: 'free', credits: 20 });
  });
});

describe('reconcile (missed webhooks)', () => {
  it('shows a paid plan on /membership load even when no webhook arrived', async () => {
    const client = await b.t.signedInUser();
    const session = await startCheckout(client, 'pro');
    await b.stripe.completeCheckout(session.id, { deliver: false });
    expect(await view(client)).toMatchObject({ plan: 'pro', status: 'active' });
    expect(await credits(client)).toBe(10000);
  });

  it('re-reads a subscription whose period is over when /membership loads', async () => {
    const { client, userId, subId } = await subscriber('basic');
    await spend(userId, 50);
    await b.stripe.renew(subId, { deliver: false });
    // The stored period has ended (by the database clock) and no webhook said what came next.
    await db().execute(sql`
      update subscription set current_period_end = now() - interval '1 minute'
      where stripe_subscription_id = ${subId}`);
    expect((await view(client)).currentPeriodEnd).toBe(
      new Date(b.stripe.subscriptions.get(subId)!.periodEnd * 1000).toISOString(),
    );
    expect(await credits(client)).toBe(1000);
  });

  it('re-reads at most `limit` subscriptions not updated for a day, oldest first', async () => {
    const users = [await subscriber('basic'), await subscriber('basic'), await subscriber('pro')];
    for (const [index, user] of users.entries()) {
      await spend(user.userId, 5);
      await b.stripe.setCancelAtPeriodEnd(user.subId, true, { deliver: false });
      await db().execute(sql`
        update subscription set updated_at = now() - make_interval(days => ${3 - index})
        where stripe_subscription_id = ${user.subId}`);
    }
    // Everything else in this file is fresh; only these three are stale.
    expect(await reconcileStaleSubscriptions(ctx, { limit: 2 })).toEqual({ checked: 2, failed: 0 });
    expect((await view(users[0]!.client)).cancelAtPeriodEnd).toBe(true);
    expect((await view(users[1]!.client)).cancelAtPeriodEnd).toBe(true);
    const [third] = await db()
      .select()
      .from(subscription)
      .where(eq(subscription.stripeSubscriptionId, users[2]!.subId));
    expect(third!.cancelAtPeriodEnd).toBe(false);
    expect(await reconcileStaleSubscriptions(ctx, { limit: 100 })).toEqual({
      checked: 1,
      failed: 0,
    });
    expect(await reconcileStaleSubscriptions(ctx)).toEqual({ checked: 0, failed: 0 });
    // Nothing was restored twice on the way.
    expect(await credits(users[0]!.client)).toBe(995);
  });

  it('ends the plan of a subscription Stripe no longer knows', async () => {
    const { client, userId, subId } = await subscriber('pro');
    b.stripe.forget(subId);
    await db().execute(sql`
      update subscription set updated_at = now() - interval '2 days'
      where stripe_subscription_id = ${subId}`);
    expect(await reconcileStaleSubscriptions(ctx)).toEqual({ checked: 1, failed: 0 });
    expect((await view(client)).status).toBe('canceled');
    expect(await account(userId)).toMatchObject({ plan: 'free', credits: 20 });
  });

  it('re-reads stale subscriptions on the job queue as soon as a server starts', async () => {
    const { client, subId } = await subscriber('basic');
    await b.stripe.setCancelAtPeriodEnd(subId, true, { deliver: false });
    await db().execute(sql`
      update subscription set updated_at = now() - interval '2 days'
      where stripe_subscription_id = ${subId}`);
    const queue = new JobQueue(b.t.database.jobConnection);
    registerBillingReconcile(queue, ctx);
    await queue.start(ctx.log);
    try {
      expect(await queue.schedules()).toContainEqual({
        name: 'billing-reconcile',
        cron: '41 */6 * * *',
      });
      await vi.waitFor(
        async () => {
          const [row] = await db()
            .select()
            .from(subscription)
            .where(eq(subscription.stripeSubscriptionId, subId));
          expect(row!.cancelAtPeriodEnd).toBe(true);
        },
        { timeout: 15_000 },
      );
    } finally {
      await queue.stop();
    }
    expect((await view(client)).cancelAtPeriodEnd).toBe(true);
  });

  it('is not scheduled without Stripe, and an earlier schedule is removed', async () => {
    const queue = new JobQueue(b.t.database.jobConnection);
    registerBillingReconcile(queue, { ...ctx, stripe: undefined });
    await queue.start(ctx.log);
    try {
      expect((await queue.schedules()).map((s) => s.name)).not.toContain('billing-reconcile');
    } finally {
      await queue.stop();
    }
  });

  it('logs and counts failures without stopping', async () => {
    const { subId } = await subscriber('basic');
    await db().execute(sql`
      update subscription set updated_at = now() - interval '2 days'
      where stripe_subscription_id = ${subId}`);
    b.stripe.failApi(3);
    expect(await reconcileStaleSubscriptions(ctx)).toEqual({ checked: 1, failed: 1 });
    expect(await reconcileStaleSubscriptions(ctx)).toEqual({ checked: 1, failed: 0 });
  });
});
