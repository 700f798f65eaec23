import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's API, speaking the REST calls the official SDK makes (form-encoded
 * requests, JSON answers, Stripe's error shape, Bearer secret key, idempotency keys), plus the
 * hosted pages a browser visits: a Checkout page that can pay or cancel, and a Billing Portal
 * page that can confirm a plan change, cancel at the period end or cancel at once. Webhooks are
 * signed with the real scheme (`stripe.webhooks.generateTestHeaderString`), so the app verifies
 * them exactly as it verifies Stripe's. As Stripe, a change made through the API (an update of a
 * subscription) is answered first and its events are sent after, on their own (`settled()`
 * waits for them); a canceled subscription refuses any update but its metadata.
 *
 * Its clock (`now`) can be moved forward, so renewals can be played without waiting a month.
 */

export const DOUBLE_SECRET_KEY = 'sk_test_reverie_double';
export const DOUBLE_WEBHOOK_SECRET = 'whsec_reverie_double_secret';
export const DOUBLE_PRICES = { basic: 'price_basic_monthly', pro: 'price_pro_monthly' } as const;
const PRICE_AMOUNTS: Record<string, number> = {
  [DOUBLE_PRICES.basic]: 400,
  [DOUBLE_PRICES.pro]: 2000,
};

type Status = Stripe.Subscription.Status;

interface SubscriptionRecord {
  id: string;
  itemId: string;
  customer: string;
  priceId: string;
  status: Status;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  created: number;
  metadata: Record<string, string>;
  latestInvoice: string | null;
}

type InvoiceStatus = 'draft' | 'open' | 'paid';

interface InvoiceRecord {
  id: string;
  subscription: string;
  status: InvoiceStatus;
  reason: string;
  amount: number;
  periodStart: number;
  periodEnd: number;
}

interface CheckoutRecord {
  id: string;
  customer: string;
  priceId: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  created: number;
}

interface PortalRecord {
  id: string;
  customer: string;
  returnUrl: string;
  /** A plan change to confirm: subscription and the new price. */
  change: { subscription: string; price: string } | null;
}

export interface ReceivedStripeRequest {
  method: string;
  path: string;
  body: Record<string, any>;
  idempotencyKey: string | undefined;
}

export interface Delivery {
  event: Stripe.Event;
  status: number;
  body: string;
}

export interface DeliverOptions {
  /** Signs with another secret (a forged event). */
  secret?: string;
  /** Signs with this Unix time (an old, replayed event). */
  timestamp?: number;
  /** Replaces the signature header altogether. */
  signatureHeader?: string;
}

export interface StripeDouble {
  /** For STRIPE_API_BASE. */
  url: string;
  /** The STRIPE_* variables that point an app at this double. */
  env: Record<string, string>;
  requests: ReceivedStripeRequest[];
  deliveries: Delivery[];
  customers: Map<
    string,
    { id: string; email: string | null; metadata: Record<string, string>; deleted?: boolean }
  >;
  subscriptions: Map<string, SubscriptionRecord>;
  checkoutSessions: Map<string, CheckoutRecord>;
  portalSessions: Map<string, PortalRecord>;
  setWebhookUrl(url: string): void;
  /** The double's clock, Unix seconds. */
  now(): number;
  advance(seconds: number): void;
  /** Pays an open Checkout session: creates the subscription, then sends its events. */
  completeCheckout(
    sessionId: string,
    options?: { deliver?: boolean },
  ): Promise<{ subscription: SubscriptionRecord; events: Stripe.Event[] }>;
  /**
   * Moves the clock to the period's end and starts the next period, as Stripe does at renewal:
   * paid → active with invoice.paid; unpaid → past_due with invoice.payment_failed. With `draft`,
   * as in the hour before Stripe charges it: the period moves, the subscription stays active and
   * its invoice is a draft (invoice.created) until `chargeInvoice`. A subscription set to cancel
   * at the period end is canceled instead.
   */
  renew(
    subscriptionId: string,
    options?: { paid?: boolean; draft?: boolean; deliver?: boolean },
  ): Promise<Stripe.Event[]>;
  /**
   * Charges the subscription's newest unpaid invoice (a draft renewal's, or a retry of a failed
   * one): paid → invoice.paid, the subscription active; failed → invoice.payment_failed, past_due.
   */
  chargeInvoice(
    subscriptionId: string,
    options?: { paid?: boolean; deliver?: boolean },
  ): Promise<Stripe.Event[]>;
  /** Switches the price within the current period (proration), as a portal plan change does. */
  changePrice(
    subscriptionId: string,
    priceId: string,
    options?: { deliver?: boolean },
  ): Promise<Stripe.Event[]>;
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    options?: { deliver?: boolean },
  ): Promise<Stripe.Event[]>;
  /** Sets a status directly (e.g. Stripe's retries gave up: canceled or unpaid). */
  setStatus(
    subscriptionId: string,
    status: Status,
    options?: { deliver?: boolean },
  ): Promise<Stripe.Event[]>;
  /** Forgets a subscription, as if deleted from the Stripe account. */
  forget(subscriptionId: string): void;
  /**
   * Deletes a customer as the Dashboard does: its subscriptions end at once (no events sent);
   * it still reads as `deleted: true`, and a Checkout for it is refused as an unknown customer.
   */
  deleteCustomer(customerId: string): void;
  /**
   * Forgets a customer and its subscriptions, as another Stripe account's keys would; with
   * `testMode`, as live keys would a test-mode one (Stripe's answer says so).
   */
  forgetCustomer(customerId: string, options?: { testMode?: boolean }): void;
  /** The next `count` API requests fail with Stripe's 500 api_error (an outage). */
  failApi(count: number): void;
  /** Builds an event about the current state of a subscription (or invoice, checkout). */
  event(type: string, object: object): Stripe.Event;
  /** Sends one signed event to the webhook URL. */
  deliver(event: Stripe.Event, options?: DeliverOptions): Promise<Delivery>;
  /** Resolves once the events of API changes, sent after their answers, have been delivered. */
  settled(): Promise<void>;
  subscriptionObject(id: string): Stripe.Subscription;
  stop(): Promise<void>;
}

const signer = new Stripe(DOUBLE_SECRET_KEY);
/** Statuses Stripe never leaves: such a subscription takes no update but its metadata. */
const FINAL: readonly Status[] = ['canceled', 'incomplete_expired'];
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseStripeForm(text: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head, ...rest] = rawKey.split('[').map((part) => part.replace(/]$/, ''));
    const path = [head!, ...rest];
    let node: any = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      if (last) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment];
    });
  }
  return root;
}

/** One calendar month later, clamped to the month's last day (as Stripe bills 31 Jan → 28 Feb). */
export function addMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + 1);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button,a.button{display:inline-block;padding:.6rem 1rem;margin:.25rem 0;border-radius:.4rem;border:1px solid #635bff;background:#635bff;color:#fff;font-size:1rem;text-decoration:none;cursor:pointer}
a.secondary{background:#fff;color:#635bff}</style></head><body>${body}</body></html>`;
}

const IDEMPOTENCY_KEPT_S = 24 * 60 * 60;

export async function startStripeDouble(): Promise<StripeDouble> {
  let webhookUrl: string | null = null;
  let clockOffset = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;
  const requests: ReceivedStripeRequest[] = [];
  const deliveries: Delivery[] = [];
  const customers: StripeDouble['customers'] = new Map();
  const subscriptions = new Map<string, SubscriptionRecord>();
  const checkoutSessions = new Map<string, CheckoutRecord>();
  const invoices = new Map<string, InvoiceRecord>();
  /** Customers that exist in test mode only: the keys are live ones. */
  const testModeCustomers = new Set<string>();
  const portalSessions = new Map<string, PortalRecord>();
  /** Answers by idempotency key, replayed for a day (Stripe keeps keys 24 hours). */
  const idempotent = new Map<string, { status: number; body: unknown; at: number }>();
  let origin = '';
  let failures = 0;
  const sending = new Set<Promise<void>>();

  const priceObject = (id: string) => ({
    id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: PRICE_AMOUNTS[id] ?? 0,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1 },
    product: `prod_${id}`,
    livemode: false,
    metadata: {},
  });

  /** A subscription as Stripe answers it; `expandInvoice` as asked with expand[]. */
  const subscriptionObject = (id: string, expandInvoice = false): Stripe.Subscription => {
    const s = subscriptions.get(id);
    if (!s) throw new Error(`no subscription ${id}`);
    const latest = s.latestInvoice ? invoices.get(s.latestInvoice)! : null;
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
      canceled_at: s.canceledAt,
      ended_at: s.endedAt,
      created: s.created,
      start_date: s.created,
      billing_cycle_anchor: s.created,
      currency: 'usd',
      livemode: false,
      metadata: s.metadata,
      latest_invoice: expandInvoice && latest ? invoiceObject(latest) : s.latestInvoice,
      items: {
        object: 'list',
        data: [
          {
            id: s.itemId,
            object: 'subscription_item',
            price: priceObject(s.priceId),
            quantity: 1,
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
            subscription: s.id,
            created: s.created,
            metadata: {},
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${s.id}`,
      },
    } as unknown as Stripe.Subscription;
  };

  const checkoutObject = (c: CheckoutRecord) => ({
    id: c.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: c.status,
    payment_status: c.status === 'complete' ? 'paid' : 'unpaid',
    customer: c.customer,
    client_reference_id: c.clientReferenceId,
    metadata: c.metadata,
    success_url: c.successUrl,
    cancel_url: c.cancelUrl,
    url: c.status === 'open' ? `${origin}/checkout/${c.id}` : null,
    subscription: c.subscription,
    created: c.created,
    expires_at: c.created + 24 * 3600,
    livemode: false,
  });

  const invoiceObject = (i: InvoiceRecord) => {
    const s = subscriptions.get(i.subscription)!;
    return {
      id: i.id,
      object: 'invoice',
      customer: s.customer,
      status: i.status,
      billing_reason: i.reason,
      amount_due: i.amount,
      amount_paid: i.status === 'paid' ? i.amount : 0,
      period_start: i.periodStart,
      period_end: i.periodEnd,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: s.id, metadata: s.metadata },
      },
      lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${i.id}/lines` },
      livemode: false,
    };
  };

  /** The subscription's new latest invoice, for its price and current period. */
  const invoiceFor = (s: SubscriptionRecord, status: InvoiceStatus, reason: string) => {
    const invoice: InvoiceRecord = {
      id: newId('in'),
      subscription: s.id,
      status,
      reason,
      amount: PRICE_AMOUNTS[s.priceId] ?? 0,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
    };
    invoices.set(invoice.id, invoice);
    s.latestInvoice = invoice.id;
    return invoiceObject(invoice);
  };

  const event = (type: string, object: object): Stripe.Event =>
    ({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    }) as unknown as Stripe.Event;

  const deliver = async (evt: Stripe.Event, options: DeliverOptions = {}): Promise<Delivery> => {
    if (!webhookUrl) throw new Error('stripe double: no webhook URL set');
    const payload = JSON.stringify(evt, null, 2);
    const header =
      options.signatureHeader ??
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? DOUBLE_WEBHOOK_SECRET,
        // The signature's timestamp is the real time: the app checks it against its own clock.
        timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
      });
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    const delivery = { event: evt, status: response.status, body: await response.text() };
    deliveries.push(delivery);
    return delivery;
  };

  const send = async (events: Stripe.Event[], deliverNow = true) => {
    if (deliverNow) for (const evt of events) await deliver(evt);
    return events;
  };

  /**
   * Stripe sends the events of a change made through its API by itself, after answering the
   * request. A delivery that fails (the app already stopped) is only recorded as not made.
   */
  const sendLater = (events: Stripe.Event[]) => {
    if (!webhookUrl) return;
    const delivering: Promise<void> = (async () => {
      for (const evt of events) await deliver(evt);
    })()
      .catch(() => undefined)
      .finally(() => sending.delete(delivering));
    sending.add(delivering);
  };

  const settled = async () => {
    while (sending.size > 0) await Promise.all([...sending]);
  };

  const subscriptionEvent = (type: string, id: string) => event(type, subscriptionObject(id));

  const completeCheckout: StripeDouble['completeCheckout'] = async (sessionId, options = {}) => {
    const c = checkoutSessions.get(sessionId);
    if (!c || c.status !== 'open') throw new Error(`checkout ${sessionId} is not open`);
    const start = now();
    const s: SubscriptionRecord = {
      id: newId('sub'),
      itemId: newId('si'),
      customer: c.customer,
      priceId: c.priceId,
      status: 'active',
      periodStart: start,
      periodEnd: addMonth(start),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      created: start,
      metadata: c.subscriptionMetadata,
      latestInvoice: null,
    };
    subscriptions.set(s.id, s);
    c.status = 'complete';
    c.subscription = s.id;
    const invoice = invoiceFor(s, 'paid', 'subscription_create');
    const events = [
      subscriptionEvent('customer.subscription.created', s.id),
      event('invoice.paid', invoice),
      event('checkout.session.completed', checkoutObject(c)),
    ];
    await send(events, options.deliver ?? true);
    return { subscription: s, events };
  };

  const record = (id: string) => {
    const s = subscriptions.get(id);
    if (!s) throw new Error(`no subscription ${id}`);
    return s;
  };

  const renew: StripeDouble['renew'] = async (id, options = {}) => {
    const s = record(id);
    clockOffset += Math.max(0, s.periodEnd - now());
    if (s.cancelAtPeriodEnd) {
      s.status = 'canceled';
      s.endedAt = s.periodEnd;
      s.canceledAt ??= s.periodEnd;
      return send(
        [subscriptionEvent('customer.subscription.deleted', id)],
        options.deliver ?? true,
      );
    }
    s.periodStart = s.periodEnd;
    s.periodEnd = addMonth(s.periodStart);
    if (options.draft) {
      const invoice = invoiceFor(s, 'draft', 'subscription_cycle');
      return send(
        [subscriptionEvent('customer.subscription.updated', id), event('invoice.created', invoice)],
        options.deliver ?? true,
      );
    }
    const paid = options.paid ?? true;
    s.status = paid ? 'active' : 'past_due';
    const invoice = invoiceFor(s, paid ? 'paid' : 'open', 'subscription_cycle');
    return send(
      [
        subscriptionEvent('customer.subscription.updated', id),
        event(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
      ],
      options.deliver ?? true,
    );
  };

  const chargeInvoice: StripeDouble['chargeInvoice'] = async (id, options = {}) => {
    const s = record(id);
    const invoice = [...invoices.values()]
      .reverse()
      .find((i) => i.subscription === id && i.status !== 'paid');
    if (!invoice) throw new Error(`${id} has no invoice to charge`);
    const paid = options.paid ?? true;
    invoice.status = paid ? 'paid' : 'open';
    const status = paid ? 'active' : 'past_due';
    const events = [
      event(paid ? 'invoice.paid' : 'invoice.payment_failed', invoiceObject(invoice)),
    ];
    if (s.status !== status) {
      s.status = status;
      events.unshift(subscriptionEvent('customer.subscription.updated', id));
    }
    return send(events, options.deliver ?? true);
  };

  const changePrice: StripeDouble['changePrice'] = async (id, priceId, options = {}) => {
    const s = record(id);
    s.priceId = priceId;
    const invoice = invoiceFor(s, 'paid', 'subscription_update');
    return send(
      [subscriptionEvent('customer.subscription.updated', id), event('invoice.paid', invoice)],
      options.deliver ?? true,
    );
  };

  const setCancelAtPeriodEnd: StripeDouble['setCancelAtPeriodEnd'] = async (
    id,
    cancel,
    options = {},
  ) => {
    const s = record(id);
    s.cancelAtPeriodEnd = cancel;
    s.canceledAt = cancel ? now() : null;
    return send([subscriptionEvent('customer.subscription.updated', id)], options.deliver ?? true);
  };

  const setStatus: StripeDouble['setStatus'] = async (id, status, options = {}) => {
    const s = record(id);
    s.status = status;
    if (status === 'canceled') {
      s.endedAt = now();
      s.canceledAt ??= now();
    }
    const type =
      status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
    return send([subscriptionEvent(type, id)], options.deliver ?? true);
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'stripe-version': Stripe.API_VERSION,
    });
    res.end(JSON.stringify(body));
  };
  /** Stripe's answer about a customer it does not know (or a deleted one, for a new use). */
  const noSuchCustomer = (res: ServerResponse, id: unknown, status: number, param: string) => {
    const hint = testModeCustomers.has(String(id))
      ? '; a similar object exists in test mode, but a live mode key was used to make this request.'
      : '';
    fail(res, status, `No such customer: '${id}'${hint}`, 'resource_missing', param);
  };
  const known = (id: string | undefined): id is string =>
    id !== undefined && customers.has(id) && !customers.get(id)!.deleted;
  const fail = (
    res: ServerResponse,
    status: number,
    message: string,
    code?: string,
    param?: string,
  ) => json(res, status, { error: { type: 'invalid_request_error', message, code, param } });
  const html = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location });
    res.end();
  };

  /** The REST API under /v1, as the SDK calls it. */
  async function api(req: IncomingMessage, res: ServerResponse, url: URL, text: string) {
    if (req.headers.authorization !== `Bearer ${DOUBLE_SECRET_KEY}`) {
      return fail(res, 401, 'Invalid API Key provided');
    }
    const body = req.method === 'POST' ? parseStripeForm(text) : {};
    // expand[] comes in the query of a GET and in the body of a POST.
    const expand: string[] = Object.values(
      (req.method === 'POST' ? body : parseStripeForm(url.search.slice(1))).expand ?? {},
    );
    const key = req.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: req.method!,
      path: url.pathname + url.search,
      body,
      idempotencyKey: key,
    });
    if (failures > 0) {
      failures--;
      return json(res, 500, { error: { type: 'api_error', message: 'Something went wrong.' } });
    }
    const remembered = key && req.method === 'POST' ? idempotent.get(key) : undefined;
    if (remembered && now() - remembered.at < IDEMPOTENCY_KEPT_S)
      return json(res, remembered.status, remembered.body);
    const answer = (status: number, value: unknown) => {
      if (key && req.method === 'POST') idempotent.set(key, { status, body: value, at: now() });
      json(res, status, value);
    };
    const route = `${req.method} ${url.pathname}`;
    const [, , resource, id] = url.pathname.split('/');

    if (route === 'POST /v1/customers') {
      const customer = {
        id: newId('cus'),
        email: (body.email as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
      };
      customers.set(customer.id, customer);
      return answer(200, {
        ...customer,
        object: 'customer',
        name: body.name ?? null,
        created: now(),
        livemode: false,
      });
    }
    if (req.method === 'GET' && resource === 'customers' && id) {
      const customer = customers.get(id);
      if (!customer) return noSuchCustomer(res, id, 404, 'id');
      if (customer.deleted) return answer(200, { id, object: 'customer', deleted: true });
      return answer(200, { ...customer, object: 'customer', livemode: false });
    }
    if (route === 'POST /v1/checkout/sessions') {
      const customer = body.customer as string | undefined;
      if (!known(customer)) return noSuchCustomer(res, customer, 400, 'customer');
      const priceId = body.line_items?.[0]?.price as string | undefined;
      if (!priceId || !(priceId in PRICE_AMOUNTS)) {
        return fail(
          res,
          400,
          `No such price: '${priceId}'`,
          'resource_missing',
          'line_items[0][price]',
        );
      }
      if (body.mode !== 'subscription')
        return fail(res, 400, 'Only subscription mode here', undefined, 'mode');
      const c: CheckoutRecord = {
        id: newId('cs_test'),
        customer,
        priceId,
        clientReferenceId: (body.client_reference_id as string) ?? null,
        metadata: body.metadata ?? {},
        subscriptionMetadata: body.subscription_data?.metadata ?? {},
        successUrl: body.success_url,
        cancelUrl: body.cancel_url,
        status: 'open',
        subscription: null,
        created: now(),
      };
      checkoutSessions.set(c.id, c);
      return answer(200, checkoutObject(c));
    }
    const listedCustomer = url.searchParams.get('customer');
    if (req.method === 'GET' && listedCustomer && !customers.has(listedCustomer)) {
      return noSuchCustomer(res, listedCustomer, 400, 'customer');
    }
    if (route === 'GET /v1/checkout/sessions') {
      const customer = url.searchParams.get('customer');
      const status = url.searchParams.get('status');
      const data = [...checkoutSessions.values()]
        .filter((c) => (!customer || c.customer === customer) && (!status || c.status === status))
        .map(checkoutObject);
      return answer(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (req.method === 'POST' && expire) {
      const c = checkoutSessions.get(expire[1]!);
      if (!c) return fail(res, 404, 'No such checkout session', 'resource_missing', 'session');
      if (c.status !== 'open') {
        return fail(
          res,
          400,
          'Only open Checkout Sessions can be expired.',
          'checkout_session_not_open',
        );
      }
      c.status = 'expired';
      return answer(200, checkoutObject(c));
    }
    if (req.method === 'GET' && url.pathname.startsWith('/v1/checkout/sessions/')) {
      const c = checkoutSessions.get(url.pathname.split('/')[4]!);
      if (!c) return fail(res, 404, 'No such checkout session', 'resource_missing', 'session');
      return answer(200, checkoutObject(c));
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      const customer = body.customer as string | undefined;
      if (!known(customer)) return noSuchCustomer(res, customer, 400, 'customer');
      const confirm = body.flow_data?.subscription_update_confirm;
      if (confirm && !subscriptions.has(confirm.subscription)) {
        return fail(res, 400, 'No such subscription', 'resource_missing', 'flow_data');
      }
      const p: PortalRecord = {
        id: newId('bps'),
        customer,
        returnUrl: body.return_url,
        change: confirm
          ? { subscription: confirm.subscription, price: confirm.items?.[0]?.price }
          : null,
      };
      portalSessions.set(p.id, p);
      return answer(200, {
        id: p.id,
        object: 'billing_portal.session',
        customer,
        return_url: p.returnUrl,
        url: `${origin}/portal/${p.id}`,
        flow: confirm ? { type: 'subscription_update_confirm' } : null,
        created: now(),
        livemode: false,
      });
    }
    if (route === 'GET /v1/invoices') {
      // Newest first, as Stripe lists them (the map keeps the order they were made in).
      // A page of `limit` after `starting_after`, as the SDK's auto-pagination asks.
      const sub = url.searchParams.get('subscription');
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const after = url.searchParams.get('starting_after');
      const listed = [...invoices.values()].filter((i) => !sub || i.subscription === sub).reverse();
      const from = after ? listed.findIndex((i) => i.id === after) + 1 : 0;
      const page = listed.slice(from, from + limit);
      const has_more = from + limit < listed.length;
      const data = page.map(invoiceObject);
      return answer(200, { object: 'list', data, has_more, url: '/v1/invoices' });
    }
    if (route === 'GET /v1/subscriptions') {
      const customer = url.searchParams.get('customer');
      const status = url.searchParams.get('status');
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const data = [...subscriptions.values()]
        .filter((s) => !customer || s.customer === customer)
        // Stripe's default list leaves canceled subscriptions out; status=all includes them.
        .filter((s) =>
          status === 'all' ? true : status ? s.status === status : s.status !== 'canceled',
        )
        .sort((a, b) => b.created - a.created)
        .slice(0, limit)
        .map((s) => subscriptionObject(s.id, expand.includes('data.latest_invoice')));
      return answer(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
    }
    if (resource === 'subscriptions' && id) {
      if (!subscriptions.has(id)) {
        return fail(res, 404, `No such subscription: '${id}'`, 'resource_missing', 'id');
      }
      if (req.method === 'DELETE') {
        // Cancel at once (DELETE /v1/subscriptions/:id), as an account deletion asks.
        const s = record(id);
        s.status = 'canceled';
        s.canceledAt = now();
        s.endedAt = now();
        return answer(200, subscriptionObject(id));
      }
      if (req.method === 'POST') {
        const s = record(id);
        const changes = Object.keys(body).filter(
          (k) => k !== 'metadata' && k !== 'cancellation_details' && k !== 'expand',
        );
        if (FINAL.includes(s.status) && changes.length > 0) {
          return fail(
            res,
            400,
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        const events: Stripe.Event[] = [];
        const price = body.items?.[0]?.price as string | undefined;
        if (price) events.push(...(await changePrice(id, price, { deliver: false })));
        if (body.cancel_at_period_end !== undefined) {
          const cancel = body.cancel_at_period_end === 'true';
          events.push(...(await setCancelAtPeriodEnd(id, cancel, { deliver: false })));
        }
        answer(200, subscriptionObject(id, expand.includes('latest_invoice')));
        return sendLater(events);
      }
      return answer(200, subscriptionObject(id, expand.includes('latest_invoice')));
    }
    return fail(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  }

  /** The pages a browser visits: hosted Checkout and the Billing Portal. */
  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL) {
    const [, area, id, action] = url.pathname.split('/');
    if (area === 'checkout' && id) {
      const c = checkoutSessions.get(id);
      if (!c) return fail(res, 404, 'No such checkout session');
      if (req.method === 'POST' && action === 'pay') {
        await completeCheckout(id);
        return redirect(res, c.successUrl.replace('{CHECKOUT_SESSION_ID}', c.id));
      }
      const amount = ((PRICE_AMOUNTS[c.priceId] ?? 0) / 100).toFixed(2);
      return html(
        res,
        page(
          'Checkout (Stripe test double)',
          `<h1>Subscribe</h1><p data-testid="checkout-price">${escapeHtml(c.priceId)} — $${amount} per month</p>
<form method="post" action="/checkout/${c.id}/pay"><button type="submit">Pay and subscribe</button></form>
<p><a class="button secondary" href="${escapeHtml(c.cancelUrl)}">Cancel</a></p>`,
        ),
      );
    }
    if (area === 'portal' && id) {
      const p = portalSessions.get(id);
      if (!p) return fail(res, 404, 'No such portal session');
      const sub = [...subscriptions.values()].find(
        (s) => s.customer === p.customer && s.status !== 'canceled',
      );
      if (req.method === 'POST' && action === 'confirm' && p.change) {
        await changePrice(p.change.subscription, p.change.price);
        return redirect(res, p.returnUrl);
      }
      if (req.method === 'POST' && action === 'cancel' && sub) {
        await setCancelAtPeriodEnd(sub.id, true);
        return redirect(res, p.returnUrl);
      }
      if (req.method === 'POST' && action === 'cancel-now' && sub) {
        await setStatus(sub.id, 'canceled');
        return redirect(res, p.returnUrl);
      }
      const change = p.change
        ? `<p>Change your plan to ${escapeHtml(p.change.price)}?</p>
<form method="post" action="/portal/${p.id}/confirm"><button type="submit">Confirm</button></form>`
        : '';
      const cancel = sub
        ? `<form method="post" action="/portal/${p.id}/cancel"><button type="submit">Cancel plan</button></form>
<form method="post" action="/portal/${p.id}/cancel-now"><button type="submit">Cancel immediately</button></form>`
        : '';
      return html(
        res,
        page(
          'Billing portal (Stripe test double)',
          `<h1>Billing portal</h1><p data-testid="portal-customer">${escapeHtml(p.customer)}</p>
${sub ? `<p>Current plan: ${escapeHtml(sub.priceId)} (${sub.status})</p>` : '<p>No subscription</p>'}
${change}${cancel}<p><a class="button secondary" href="${escapeHtml(p.returnUrl)}">Return to Reverie</a></p>`,
        ),
      );
    }
    res.writeHead(404).end();
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://stripe.double');
      const text = await readBody(req);
      if (url.pathname.startsWith('/v1/')) return await api(req, res, url, text);
      return await hosted(req, res, url);
    } catch (error) {
      fail(res, 500, (error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    env: {
      STRIPE_SECRET_KEY: DOUBLE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: DOUBLE_WEBHOOK_SECRET,
      STRIPE_PRICE_BASIC: DOUBLE_PRICES.basic,
      STRIPE_PRICE_PRO: DOUBLE_PRICES.pro,
      STRIPE_API_BASE: origin,
    },
    requests,
    deliveries,
    customers,
    subscriptions,
    checkoutSessions,
    portalSessions,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    now,
    advance: (seconds) => {
      clockOffset += seconds;
    },
    completeCheckout,
    renew,
    chargeInvoice,
    changePrice,
    setCancelAtPeriodEnd,
    setStatus,
    forget: (id) => void subscriptions.delete(id),
    deleteCustomer: (id) => {
      customers.get(id)!.deleted = true;
      for (const s of subscriptions.values()) {
        if (s.customer !== id || FINAL.includes(s.status)) continue;
        s.status = 'canceled';
        s.canceledAt = now();
        s.endedAt = now();
      }
    },
    forgetCustomer: (id, options = {}) => {
      customers.delete(id);
      if (options.testMode) testModeCustomers.add(id);
      for (const s of [...subscriptions.values()])
        if (s.customer === id) subscriptions.delete(s.id);
    },
    failApi: (count) => {
      failures = count;
    },
    event,
    deliver,
    settled,
    subscriptionObject,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
