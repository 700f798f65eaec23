import type Stripe from 'stripe';
import {
  PLAN_KEEPING_STATUSES,
  type BillingPlans,
  type CheckoutResponse,
  type PaidPlan,
  type PortalResponse,
  type ResumeSubscriptionResponse,
  type SubscriptionPlan,
  type SubscriptionView,
  type WebhookResponse,
} from '../../../shared/billing/contract';
import { PLANS } from '../../../shared/plans';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { badRequest, conflict, HttpError, notFound, serviceUnavailable } from '../../errors';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../integrations/billing/stripe';
import type { SessionUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import { applyPlan, type PlanTarget } from '../credits';
import * as repo from './billing.repo';

export const NOT_CONFIGURED = 'Billing is not configured';
export const STRIPE_UNAVAILABLE = 'The payment provider could not be reached. Please try again.';
export const NOTHING_TO_RESUME = 'You have no subscription to resume. Choose a plan first.';
export const ALREADY_ENDED = 'Your plan has already ended. Choose a plan to subscribe again.';
export const NOT_ENDING = 'Your plan is not set to end: it renews by itself.';
export const NO_BILLING_ACCOUNT = 'You have no billing account yet. Choose a plan first.';
export const RESUME_REFUSED =
  'Your plan could not be resumed here. Open Manage Subscription to resume it.';

/** A subscription not read from Stripe for this long is read again (missed webhooks). */
export const RECONCILE_AFTER_MS = 24 * 60 * 60 * 1000;
/** At most this many stale subscriptions are re-read per run of the reconcile job. */
export const RECONCILE_LIMIT = 100;

/** What the billing rules need; the full AppContext fits, and so does a small test context. */
export type BillingContext = Pick<AppContext, 'db' | 'log' | 'stripe'> & {
  config: Pick<Config, 'stripe' | 'publicUrl'>;
};

/**
 * Statuses that grant a new period's allowance once its invoice is paid; past_due keeps the plan
 * but waits for payment.
 */
const RENEWING_STATUSES: readonly string[] = ['active', 'trialing'];
/** Statuses whose unpaid period Stripe may still collect: worth a fresh read when it is shown. */
const AWAITS_PAYMENT: readonly string[] = [...RENEWING_STATUSES, 'past_due'];

/**
 * Every read of a subscription brings its latest invoice along: whether the period is paid is
 * its period's invoice's status (Stripe renews a period, still `active`, an hour before charging
 * its invoice).
 */
const WITH_INVOICE = { expand: ['latest_invoice'] };

/** The invoices that bill a period: the first, and each renewal's. */
const PERIOD_INVOICE_REASONS: readonly string[] = ['subscription_create', 'subscription_cycle'];

/**
 * Whether the subscription's period is paid: its period's invoice — the latest one, or when the
 * latest is another (a plan change's proration, one an operator made) the newest period invoice
 * among its invoices — is `paid`. One without any has nothing to pay. A draft or open invoice is
 * not paid, nor a void or uncollectible one; nor an invoice Stripe did not expand, so that a
 * read that forgot to ask cannot grant a period. (A plan change charged at once that fails makes
 * the subscription past_due: its status says so.)
 */
async function periodPaid(ctx: BillingContext, sub: Stripe.Subscription): Promise<boolean> {
  const latest = sub.latest_invoice;
  if (latest === null) return true;
  if (typeof latest === 'string') return false;
  if (PERIOD_INVOICE_REASONS.includes(latest.billing_reason ?? '')) return latest.status === 'paid';
  const { stripe } = requireBilling(ctx);
  // Newest first, page by page (plan changes since the renewal each left an invoice), up to
  // PERIOD_INVOICE_SEARCH: past that, or with none, the period reads as paid, since no later
  // payment could ever grant it (plan changes are each charged, so a user gains nothing there).
  let read = 0;
  for await (const invoice of stripe.invoices.list({ subscription: sub.id, limit: 100 })) {
    if (PERIOD_INVOICE_REASONS.includes(invoice.billing_reason ?? ''))
      return invoice.status === 'paid';
    if (++read >= PERIOD_INVOICE_SEARCH) break;
  }
  return true;
}

/** The most invoices read looking for a period's own (three pages). */
const PERIOD_INVOICE_SEARCH = 300;

function requireBilling(ctx: BillingContext) {
  const settings = ctx.config.stripe;
  if (!ctx.stripe || !settings) throw serviceUnavailable(NOT_CONFIGURED);
  return { stripe: ctx.stripe, settings };
}

/** Runs a call to Stripe; a failure is logged and becomes a 502 the user can retry. */
async function callStripe<T>(ctx: BillingContext, what: string, call: () => Promise<T>) {
  try {
    return await call();
  } catch (err) {
    ctx.log.error({ err }, `stripe: ${what} failed`);
    throw new HttpError(502, STRIPE_UNAVAILABLE);
  }
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * Stripe's answer about a customer it does not know: deleted there, or the keys are now another
 * Stripe account's (test keys replaced by live ones). Checked by shape, as `syncSubscription`.
 */
const customerMissing = (err: unknown) => {
  const e = err as { code?: unknown; param?: unknown };
  return e.code === 'resource_missing' && e.param === 'customer';
};

export function billingPlans(ctx: BillingContext): BillingPlans {
  const prices = ctx.config.stripe?.prices;
  return {
    configured: Boolean(ctx.stripe && prices),
    prices: { basic: prices?.basic ?? null, pro: prices?.pro ?? null },
  };
}

/** Spec section 9: each paid plan has one configured price; any other price is 'unknown'. */
export function planForPrice(
  prices: { basic: string; pro: string } | undefined,
  priceId: string,
): SubscriptionPlan {
  if (priceId === prices?.basic) return 'basic';
  if (priceId === prices?.pro) return 'pro';
  return 'unknown';
}

/**
 * The allowance a price earns. A price that is neither configured one (an old price the operator
 * replaced) is still a paying customer's: it gets Basic's allowance, never the free one
 * (decision 0008).
 */
const allowancePlan = (plan: SubscriptionPlan): PaidPlan => (plan === 'unknown' ? 'basic' : plan);

/**
 * The subscription that decides the user's plan: among those that keep a plan, the one with the
 * largest allowance (then the newest period). Null when none keeps a plan.
 */
function planSubscription(ctx: BillingContext, rows: repo.SubscriptionRow[]) {
  const allowance = (row: repo.SubscriptionRow) =>
    PLANS[allowancePlan(planForPrice(ctx.config.stripe?.prices, row.priceId))].monthlyMessages;
  return (
    rows
      .filter((row) => PLAN_KEEPING_STATUSES.includes(row.status))
      .sort(
        (a, b) =>
          allowance(b) - allowance(a) ||
          b.currentPeriodStart.getTime() - a.currentPeriodStart.getTime(),
      )[0] ?? null
  );
}

/** The subscription the membership page shows: the plan's one, else the newest real one. */
function shownSubscription(ctx: BillingContext, rows: repo.SubscriptionRow[]) {
  return (
    planSubscription(ctx, rows) ?? rows.find((row) => row.status !== 'incomplete_expired') ?? null
  );
}

/**
 * A subscription that no longer keeps a plan and stopped before its period was over: cancelled
 * at once, unpaid, paused, gone from Stripe. One cancelled at the period end did not (Stripe's
 * `cancel_at_period_end` says so on a canceled subscription); one Stripe moved to a later period
 * before it stopped (a renewal unpaid) names that period, which the credit account never had.
 */
const endedEarly = (row: repo.SubscriptionRow) =>
  !PLAN_KEEPING_STATUSES.includes(row.status) &&
  !(row.status === 'canceled' && row.cancelAtPeriodEnd);

async function planTarget(ctx: BillingContext, db: Database, userId: string): Promise<PlanTarget> {
  const rows = await repo.listSubscriptions(db, userId);
  const row = planSubscription(ctx, rows);
  if (!row) {
    return {
      plan: 'free',
      periodStart: null,
      periodEnd: null,
      grantsNewPeriod: false,
      periodsEndedEarly: rows.filter(endedEarly).map((r) => r.currentPeriodStart),
    };
  }
  return {
    plan: allowancePlan(planForPrice(ctx.config.stripe?.prices, row.priceId)),
    periodStart: row.currentPeriodStart,
    periodEnd: row.currentPeriodEnd,
    grantsNewPeriod: RENEWING_STATUSES.includes(row.status) && row.periodPaid,
    periodsEndedEarly: [],
  };
}

/**
 * When an ended subscription stopped: the end of its period when it ran to it (Stripe keeps
 * `cancel_at_period_end` on it then), else — ended early — when we read it ended (Stripe's event
 * comes as it ends), never past the period's end.
 */
function endedAt(row: repo.SubscriptionRow): Date | null {
  if (!repo.FINAL_STATUSES.includes(row.status)) return null;
  if (row.cancelAtPeriodEnd || row.currentPeriodEnd < row.updatedAt) return row.currentPeriodEnd;
  return row.updatedAt;
}

function toView(ctx: BillingContext, row: repo.SubscriptionRow): SubscriptionView {
  return {
    plan: planForPrice(ctx.config.stripe?.prices, row.priceId),
    status: row.status,
    priceId: row.priceId,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    periodPaid: row.periodPaid,
    endedAt: endedAt(row)?.toISOString() ?? null,
  };
}

export type SyncResult = 'stored' | 'stale' | 'not-ours' | 'missing';

/**
 * Stores a subscription as read from Stripe at `readAt` and makes the user's credits follow it,
 * in one transaction. The owner is whoever our customer table says owns its Stripe customer;
 * a subscription of a customer we never created is ignored.
 */
async function storeSubscription(
  ctx: BillingContext,
  sub: Stripe.Subscription,
  readAt: Date,
): Promise<SyncResult> {
  const customerId = idOf(sub.customer);
  const userId = await repo.findCustomerOwner(ctx.db, customerId);
  const item = sub.items.data[0];
  if (!userId || !item) {
    const why = userId ? 'subscription without items' : 'subscription of a customer not ours';
    ctx.log.warn({ subscription: sub.id, customer: customerId }, `stripe: ignored ${why}`);
    return 'not-ours';
  }
  const state: repo.SubscriptionState = {
    stripeSubscriptionId: sub.id,
    userId,
    stripeCustomerId: customerId,
    priceId: item.price.id,
    status: sub.status,
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodPaid: await periodPaid(ctx, sub),
    updatedAt: readAt,
  };
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (!(await repo.saveSubscription(db, state))) return 'stale';
    const change = await applyPlan({ db, log: ctx.log }, userId, (locked) =>
      planTarget(ctx, locked, userId),
    );
    if (change !== 'unchanged') {
      ctx.log.info({ userId, subscription: sub.id, status: sub.status, change }, 'plan applied');
    }
    return 'stored';
  });
}

/** Reads one subscription from Stripe and stores it (the answer to every subscription event). */
export async function syncSubscription(
  ctx: BillingContext,
  subscriptionId: string,
): Promise<SyncResult> {
  const { stripe } = requireBilling(ctx);
  const readAt = await repo.databaseNow(ctx.db);
  let sub: Stripe.Subscription;
  try {
    sub = await stripe.subscriptions.retrieve(subscriptionId, WITH_INVOICE);
  } catch (err) {
    // The SDK's StripeInvalidRequestError for an unknown id (checked by shape: the SDK itself is
    // loaded lazily, see integrations/billing/stripe.ts).
    if ((err as { code?: unknown }).code !== 'resource_missing') throw err;
    // Deleted in Stripe (or a different Stripe account now): it keeps no plan any more.
    ctx.log.warn({ subscription: subscriptionId }, 'stripe: subscription not found');
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const userId = await repo.markSubscriptionGone(db, subscriptionId, readAt);
      if (userId) await applyPlan({ db, log: ctx.log }, userId, (l) => planTarget(ctx, l, userId));
    });
    return 'missing';
  }
  return storeSubscription(ctx, sub, readAt);
}

/** Reads every subscription of the user's Stripe customer and stores each. */
async function syncCustomer(ctx: BillingContext, customerId: string) {
  const { stripe } = requireBilling(ctx);
  const readAt = await repo.databaseNow(ctx.db);
  const list = await stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 20,
    expand: ['data.latest_invoice'],
  });
  for (const sub of list.data) await storeSubscription(ctx, sub, readAt);
}

/**
 * The membership page's reconcile: when the user has a Stripe customer and what we store may be
 * behind (no subscription stored yet — e.g. back from Checkout before the webhook — or one not
 * read for a day, one whose period is over, or one whose period waits for its payment), their
 * subscriptions are read from Stripe. Limited per user; a failure is logged and the stored state
 * is shown.
 */
async function reconcileUser(ctx: BillingContext, limiter: AppContext['limiter'], userId: string) {
  const customerId = await repo.findCustomerId(ctx.db, userId);
  if (!customerId) return;
  const rows = await repo.listSubscriptions(ctx.db, userId);
  const now = Date.now();
  const behind =
    rows.length === 0 ||
    rows.some(
      (row) =>
        !repo.FINAL_STATUSES.includes(row.status) &&
        (row.updatedAt.getTime() < now - RECONCILE_AFTER_MS ||
          row.currentPeriodEnd.getTime() <= now ||
          (!row.periodPaid && AWAITS_PAYMENT.includes(row.status))),
    );
  if (!behind) return;
  const rule = RATE_RULES.subscriptionSyncsPerUser;
  if ((await limiter.hit(rule, userId)).count > rule.limit) return;
  try {
    await syncCustomer(ctx, customerId);
  } catch (err) {
    ctx.log.error({ err, userId }, 'stripe: could not reconcile the subscription');
  }
}

/** GET /api/subscription: the signed-in user's subscription, brought up to date if behind. */
export async function getSubscription(
  ctx: BillingContext,
  limiter: AppContext['limiter'],
  userId: string,
): Promise<SubscriptionView | null> {
  requireBilling(ctx);
  await reconcileUser(ctx, limiter, userId);
  const row = shownSubscription(ctx, await repo.listSubscriptions(ctx.db, userId));
  return row ? toView(ctx, row) : null;
}

/** The SDK's error for a request Stripe refused (400) or a subscription it does not know (404). */
const refusedByStripe = (err: unknown) => {
  const status = (err as { statusCode?: unknown }).statusCode;
  return status === 400 || status === 404;
};

/**
 * POST /api/subscription/resume. The user's plan that is set to end at its period's end renews
 * again: Stripe's subscription is updated with `cancel_at_period_end=false` (as the Billing
 * Portal's "Renew" does), and Stripe's answer is stored at once. Only the subscription the
 * membership page shows can be resumed — the user's own, found by their id. 404 without any
 * subscription, 409 when it has ended or is not set to end (or Stripe refuses: its copy had moved
 * on, which is then stored), 502 when Stripe cannot be reached.
 */
export async function resumeSubscription(
  ctx: BillingContext,
  userId: string,
): Promise<ResumeSubscriptionResponse> {
  const { stripe } = requireBilling(ctx);
  const rows = await repo.listSubscriptions(ctx.db, userId);
  const row = planSubscription(ctx, rows);
  if (!row) {
    throw rows.some((r) => r.status !== 'incomplete_expired')
      ? conflict(ALREADY_ENDED)
      : notFound(NOTHING_TO_RESUME);
  }
  if (!row.cancelAtPeriodEnd) throw conflict(NOT_ENDING);
  const readAt = await repo.databaseNow(ctx.db);
  let sub: Stripe.Subscription;
  try {
    sub = await stripe.subscriptions.update(row.stripeSubscriptionId, {
      cancel_at_period_end: false,
      ...WITH_INVOICE,
    });
  } catch (err) {
    if (!refusedByStripe(err)) {
      ctx.log.error({ err }, 'stripe: resume subscription failed');
      throw new HttpError(502, STRIPE_UNAVAILABLE);
    }
    // Stripe's copy is not ours (e.g. it ended a moment ago): read it, then say what it is.
    ctx.log.warn({ err, subscription: row.stripeSubscriptionId }, 'stripe: resume refused');
    await callStripe(ctx, 'read subscription', () =>
      syncSubscription(ctx, row.stripeSubscriptionId),
    );
    const now = planSubscription(ctx, await repo.listSubscriptions(ctx.db, userId));
    throw conflict(now ? RESUME_REFUSED : ALREADY_ENDED);
  }
  await storeSubscription(ctx, sub, readAt);
  const shown = shownSubscription(ctx, await repo.listSubscriptions(ctx.db, userId));
  return { subscription: toView(ctx, shown ?? row) };
}

/**
 * The user's Stripe customer, created on first checkout. The idempotency key makes Stripe itself
 * answer a retried creation with the same customer; the repo makes sure we store only one.
 */
async function customerFor(ctx: BillingContext, user: SessionUser): Promise<string> {
  return repo.ensureCustomer(ctx.db, user.id, () =>
    createCustomer(ctx, user, `reverie-customer-${user.id}`),
  );
}

async function createCustomer(ctx: BillingContext, user: SessionUser, idempotencyKey: string) {
  const { stripe } = requireBilling(ctx);
  const customer = await callStripe(ctx, 'create customer', () =>
    stripe.customers.create(
      { email: user.email, name: user.name || undefined, metadata: { userId: user.id } },
      { idempotencyKey },
    ),
  );
  return customer.id;
}

/** Stripe's words for a test-mode object asked for with live keys. */
const TEST_OBJECT_UNDER_LIVE_KEYS = /exists in test mode, but a live mode key was used/;

/**
 * Whether Stripe lost the customer `customerId` for good, as `err` (its answer about it) says
 * and a read of the customer confirms: deleted there (`deleted: true`), or a test-mode customer
 * while the keys are live ones (Stripe says so; it can never be charged). A customer merely
 * unknown is not: keys of the wrong account deployed by mistake answer the same, and forgetting
 * a live customer would leave its subscription charging with no one here to credit.
 */
async function customerLost(ctx: BillingContext, customerId: string, err: unknown) {
  const stripe = ctx.stripe;
  if (!stripe || !customerMissing(err)) return false;
  const lost = await stripe.customers.retrieve(customerId).then(
    (customer) => customer.deleted === true,
    (e: unknown) =>
      (e as { code?: unknown }).code === 'resource_missing' &&
      TEST_OBJECT_UNDER_LIVE_KEYS.test((e as Error).message),
  );
  if (!lost) {
    ctx.log.error(
      { customer: customerId },
      'stripe: a customer is unknown to these keys: are they the right Stripe account?',
    );
  }
  return lost;
}

/**
 * The user's customer that Stripe lost (customerLost) replaced by a new one, for a Checkout: its
 * subscriptions marked canceled (they bill no one), the new customer made with a key of its own
 * (naming the lost one: the plain key would have Stripe answer the lost one again for a day),
 * under the user's customer lock, so a concurrent Checkout uses the same replacement.
 */
async function replaceLostCustomer(ctx: BillingContext, user: SessionUser, lost: string) {
  ctx.log.warn({ userId: user.id, customer: lost }, 'stripe: customer lost at Stripe, replaced');
  const readAt = await repo.databaseNow(ctx.db);
  const customerId = await repo.replaceCustomer(ctx.db, user.id, lost, readAt, () =>
    createCustomer(ctx, user, `reverie-customer-${user.id}-after-${lost}`),
  );
  await applyPlan({ db: ctx.db, log: ctx.log }, user.id, (locked) =>
    planTarget(ctx, locked, user.id),
  );
  return customerId;
}

/** A Billing Portal session; with `change`, straight to confirming that plan change. */
async function portalSession(
  ctx: BillingContext,
  customerId: string,
  change?: { subscriptionId: string; priceId: string },
) {
  const { stripe } = requireBilling(ctx);
  const returnUrl = `${ctx.config.publicUrl}/membership`;
  if (change) {
    try {
      const sub = await stripe.subscriptions.retrieve(change.subscriptionId);
      const item = sub.items.data[0];
      if (item) {
        return await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          flow_data: {
            type: 'subscription_update_confirm',
            subscription_update_confirm: {
              subscription: sub.id,
              items: [{ id: item.id, price: change.priceId, quantity: 1 }],
            },
            after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
          },
        });
      }
    } catch (err) {
      // E.g. the portal's settings do not allow plan changes: the portal's home page still lets
      // the user manage the subscription.
      ctx.log.warn({ err }, 'stripe: plan change flow refused; opening the portal instead');
    }
  }
  return stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
}

/**
 * POST /api/checkout. A user without a paid plan goes to Stripe Checkout for the chosen price.
 * A user who already has one goes to the Billing Portal: to confirm the change to the other
 * plan, or (same plan, or a payment overdue) to manage it — never into a second subscription.
 */
export async function startCheckout(
  ctx: BillingContext,
  user: SessionUser,
  priceId: string,
): Promise<CheckoutResponse> {
  const { settings } = requireBilling(ctx);
  if (priceId !== settings.prices.basic && priceId !== settings.prices.pro) {
    throw badRequest('This plan is not available. Choose Basic or Pro.');
  }
  const known = await repo.findCustomerId(ctx.db, user.id);
  if (!known) {
    const customerId = await customerFor(ctx, user);
    return callStripe(ctx, 'create checkout session', () =>
      checkoutSession(ctx, user, customerId, priceId),
    );
  }
  try {
    return await returningCustomerCheckout(ctx, user, known, priceId);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (!(await customerLost(ctx, known, err))) {
      ctx.log.error({ err }, 'stripe: checkout of a returning customer failed');
      throw new HttpError(502, STRIPE_UNAVAILABLE);
    }
  }
  const customerId = await replaceLostCustomer(ctx, user, known);
  return callStripe(ctx, 'create checkout session', () =>
    checkoutSession(ctx, user, customerId, priceId),
  );
}

/**
 * The Checkout (or the portal, with a plan) of a user who has a Stripe customer; Stripe's own
 * errors are thrown as they come, for startCheckout to tell a customer Stripe lost.
 */
async function returningCustomerCheckout(
  ctx: BillingContext,
  user: SessionUser,
  customerId: string,
  priceId: string,
): Promise<CheckoutResponse> {
  // The subscriptions are read first: a payment whose webhook has not arrived yet must not lead
  // to a second subscription.
  await syncCustomer(ctx, customerId);
  const current = planSubscription(ctx, await repo.listSubscriptions(ctx.db, user.id));
  if (current) {
    const change =
      current.status !== 'past_due' && current.priceId !== priceId
        ? { subscriptionId: current.stripeSubscriptionId, priceId }
        : undefined;
    const session = await portalSession(ctx, customerId, change);
    return { id: session.id, url: session.url, kind: 'portal' };
  }
  await expireOpenCheckouts(ctx, customerId);
  return checkoutSession(ctx, user, customerId, priceId);
}

async function checkoutSession(
  ctx: BillingContext,
  user: SessionUser,
  customerId: string,
  priceId: string,
): Promise<CheckoutResponse> {
  const { stripe } = requireBilling(ctx);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    // Ties the payment to the signed-in user; never a value from the browser.
    client_reference_id: user.id,
    metadata: { userId: user.id },
    subscription_data: { metadata: { userId: user.id } },
    line_items: [{ price: priceId, quantity: 1 }],
    success_url: `${ctx.config.publicUrl}/membership?checkout=success`,
    cancel_url: `${ctx.config.publicUrl}/pricing?checkout=canceled`,
  });
  if (!session.url) throw new HttpError(502, STRIPE_UNAVAILABLE);
  return { id: session.id, url: session.url, kind: 'checkout' };
}

/**
 * A new Checkout replaces the customer's open ones: each stays payable for a day, and two paid
 * (an abandoned tab, another plan chosen since) were two subscriptions billed every month. One
 * that cannot be expired (paid or expired meanwhile, a concurrent click's) is left: the
 * subscriptions read first catch a paid one the next time.
 */
async function expireOpenCheckouts(ctx: BillingContext, customer: string) {
  const { stripe } = requireBilling(ctx);
  const open = await stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 });
  for (const session of open.data) {
    await stripe.checkout.sessions.expire(session.id).catch((err: unknown) => {
      ctx.log.warn({ err, session: session.id }, 'stripe: an open Checkout was not expired');
    });
  }
}

/** POST /api/stripe/create-portal-session: the Billing Portal of the signed-in user's customer. */
export async function openPortal(ctx: BillingContext, userId: string): Promise<PortalResponse> {
  const { stripe } = requireBilling(ctx);
  const customerId = await repo.findCustomerId(ctx.db, userId);
  if (!customerId) throw notFound(NO_BILLING_ACCOUNT);
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: `${ctx.config.publicUrl}/membership`,
    });
    return { url: session.url };
  } catch (err) {
    // A customer Stripe lost has nothing to manage: the user is told to choose a plan (their
    // Checkout replaces it).
    if (await customerLost(ctx, customerId, err)) throw notFound(NO_BILLING_ACCOUNT);
    ctx.log.error({ err }, 'stripe: create portal session failed');
    throw new HttpError(502, STRIPE_UNAVAILABLE);
  }
}

/** The subscription an event is about, if any. */
function subscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return session.mode === 'subscription' && session.subscription
        ? idOf(session.subscription)
        : null;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = event.data.object.parent?.subscription_details?.subscription;
      return parent ? idOf(parent) : null;
    }
    default:
      return null;
  }
}

/**
 * POST /api/stripe/webhook. Verifies the signature over the raw body (400 when it does not
 * match), re-reads the subscription the event is about from Stripe instead of trusting the
 * event's copy, whose order Stripe does not guarantee, and then records the event id (a later
 * delivery of it does nothing). When the work fails the answer is an error and nothing is
 * recorded, so Stripe's retry handles it again.
 */
export async function handleWebhook(
  ctx: BillingContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResponse> {
  const { stripe, settings } = requireBilling(ctx);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      settings.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch {
    throw badRequest('Invalid Stripe signature.');
  }
  if (await repo.eventHandled(ctx.db, event.id)) return { received: true, duplicate: true };
  try {
    const subscriptionId = subscriptionOf(event);
    if (subscriptionId) await syncSubscription(ctx, subscriptionId);
  } catch (err) {
    ctx.log.error({ err, event: event.id, type: event.type }, 'stripe: webhook not processed');
    throw new HttpError(502, 'The event could not be processed now; Stripe will retry it.');
  }
  // Recorded once handled, not before: a server that dies, or a database that fails, midway
  // leaves the event unrecorded, and Stripe's next delivery handles it (claimed first, it was
  // answered as a duplicate and lost until the reconcile a day later). Two deliveries at once
  // are both handled, which the handling allows: it re-reads Stripe and writes by read time.
  await repo.recordEvent(ctx.db, event.id, event.type).catch((err: unknown) => {
    ctx.log.warn({ err, event: event.id }, 'stripe: a handled event was not recorded');
  });
  return { received: true, duplicate: false };
}

/**
 * Re-reads up to `limit` subscriptions that no webhook has refreshed for a day (oldest first),
 * for webhooks that never arrived. Safe to run on several servers at once (every write is
 * guarded by its read time). Failures are logged per subscription; returns the counts.
 */
export async function reconcileStaleSubscriptions(
  ctx: BillingContext,
  { limit = RECONCILE_LIMIT }: { limit?: number } = {},
): Promise<{ checked: number; failed: number }> {
  if (!ctx.stripe || !ctx.config.stripe) return { checked: 0, failed: 0 };
  const stale = await repo.staleSubscriptions(ctx.db, RECONCILE_AFTER_MS, limit);
  let failed = 0;
  for (const { id } of stale) {
    try {
      await syncSubscription(ctx, id);
    } catch (err) {
      failed++;
      ctx.log.error({ err, subscription: id }, 'stripe: reconcile of a subscription failed');
    }
  }
  if (stale.length > 0) {
    ctx.log.info({ checked: stale.length, failed }, 'stripe: stale subscriptions reconciled');
  }
  return { checked: stale.length, failed };
}

/**
 * An account is being deleted: nothing may go on charging it. At Stripe — not only in our copies,
 * which a webhook still on its way may not have reached — every open Checkout of the user's
 * customer is expired (none can complete afterwards) and every live subscription is cancelled at
 * once, without proration (the terms: no refund); our copies are marked cancelled as each goes,
 * so trying again after a failure does not cancel twice. Throws 502 (`message`) when Stripe
 * cannot be reached and 503 when this server has a customer for the user but no Stripe
 * settings: the deletion then stops before anything is deleted. Answers how many subscriptions
 * were cancelled.
 */
export async function cancelBillingForDeletion(
  ctx: BillingContext,
  userId: string,
  message: { unreachable: string; notConfigured: string },
): Promise<number> {
  const customer = await repo.findCustomerId(ctx.db, userId);
  if (!customer) return 0; // never started a Checkout: nothing at Stripe to end
  if (!ctx.stripe) throw serviceUnavailable(message.notConfigured);
  const stripe = ctx.stripe;
  const atStripe = async <T>(what: string, call: () => Promise<T>) => {
    try {
      return await call();
    } catch (err) {
      ctx.log.error({ err }, `stripe: ${what} for an account deletion failed`);
      throw new HttpError(502, message.unreachable);
    }
  };
  // A customer Stripe lost (deleted there, or a test one under live keys) has nothing left to
  // charge: the deletion goes on (it was refused for good). One merely unknown to these keys
  // may be charging under the right ones: the deletion waits, as for Stripe unreachable.
  const open = await stripe.checkout.sessions
    .list({ customer, status: 'open', limit: 100 })
    .catch(async (err: unknown) => {
      if (await customerLost(ctx, customer, err)) return null;
      ctx.log.error({ err }, 'stripe: listing open Checkouts for an account deletion failed');
      throw new HttpError(502, message.unreachable);
    });
  if (!open) {
    ctx.log.warn({ userId, customer }, 'stripe: customer lost at Stripe; nothing to cancel');
    return 0;
  }
  for (const session of open.data) {
    await atStripe('expiring a Checkout', () => stripe.checkout.sessions.expire(session.id));
  }
  const subscriptions = await atStripe('listing subscriptions', () =>
    stripe.subscriptions.list({ customer, status: 'all', limit: 100 }),
  );
  let cancelled = 0;
  for (const s of subscriptions.data) {
    if (repo.FINAL_STATUSES.includes(s.status)) continue;
    await atStripe('cancelling a subscription', () =>
      stripe.subscriptions.cancel(s.id, { invoice_now: false, prorate: false }),
    );
    await repo.markSubscriptionCancelled(ctx.db, userId, s.id);
    cancelled++;
  }
  return cancelled;
}
