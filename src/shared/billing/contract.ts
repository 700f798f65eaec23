import { z } from 'zod';
import { PLANS } from '../plans';

/**
 * One contract per billing endpoint (spec sections 3 and 7). The server validates with these
 * schemas and shapes its answers with them; the web app's types come from the same place.
 *
 *   GET  /api/billing/plans                 → billingPlansResponse
 *   POST /api/checkout                      checkoutRequest → checkoutResponse
 *   POST /api/stripe/create-portal-session  → portalResponse
 *   GET  /api/subscription                  → subscriptionResponse
 *   POST /api/subscription/resume           → resumeSubscriptionResponse
 *   POST /api/stripe/webhook                Stripe's signed raw bytes → webhookResponse
 */

/** The paid plans a subscription can be on; 'unknown' when its price is neither configured one. */
export const PAID_PLANS = ['basic', 'pro'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export type SubscriptionPlan = PaidPlan | 'unknown';

/** GET /api/billing/plans: the configured Stripe price of each paid plan. */
export const billingPlansResponse = z.object({
  configured: z.boolean(),
  prices: z.object({ basic: z.string().nullable(), pro: z.string().nullable() }),
});
export type BillingPlans = z.infer<typeof billingPlansResponse>;

/**
 * POST /api/checkout. The price is checked against the configured ones by the server (after it
 * has checked that billing is configured at all, so an unconfigured server says so).
 */
export const checkoutRequest = z.object({
  priceId: z.string({ error: 'Choose a plan.' }).trim().max(200, 'Unknown price.'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/**
 * The page to send the browser to: Stripe Checkout for a new subscription, or the Billing Portal
 * when the user already pays (to change plan there, never to start a second subscription).
 */
export const checkoutResponse = z.object({
  id: z.string(),
  url: z.url(),
  kind: z.enum(['checkout', 'portal']),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** POST /api/stripe/create-portal-session */
export const portalResponse = z.object({ url: z.url() });
export type PortalResponse = z.infer<typeof portalResponse>;

export const subscriptionView = z.object({
  plan: z.enum(['basic', 'pro', 'unknown']),
  status: z.string(),
  priceId: z.string(),
  /** ISO 8601 */
  currentPeriodStart: z.string(),
  /** ISO 8601: the renewal date, or the end date when the subscription will not renew. */
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /**
   * Whether the period's invoice is paid: false in the hour between a renewal and its charge
   * (and while a failed one is retried); the period's messages arrive once it is.
   */
  periodPaid: z.boolean(),
  /**
   * ISO 8601, once the subscription has ended (canceled): when it stopped — its period's end when
   * it ran to it, else when Stripe ended it. Null while it has not ended.
   */
  endedAt: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** GET /api/subscription: the signed-in user's subscription (the spec's subscriptions read). */
export const subscriptionResponse = z.object({ subscription: subscriptionView.nullable() });
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/**
 * POST /api/subscription/resume: the user's plan, set to end at its period's end, renews again
 * (Stripe's `cancel_at_period_end` turned off). Answers the subscription as it now stands.
 */
export const resumeSubscriptionResponse = z.object({ subscription: subscriptionView });
export type ResumeSubscriptionResponse = z.infer<typeof resumeSubscriptionResponse>;

/** POST /api/stripe/webhook: for Stripe, which retries anything else; a repeat is a duplicate. */
export const webhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookResponse = z.infer<typeof webhookResponse>;

/** The membership page's plan name: from the price, 'Unknown Plan' when it matches neither. */
export function planName(plan: SubscriptionPlan): string {
  return plan === 'unknown' ? 'Unknown Plan' : PLANS[plan].name;
}

/** Statuses that keep a paid plan (past_due only for Stripe's retry window: see decision 0008). */
export const PLAN_KEEPING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

export type StatusTone = 'success' | 'warning' | 'error';

/** Spec section 4: active is green; past_due and trialing amber; anything else red. */
export function statusTone(status: string | null | undefined): StatusTone {
  if (status === 'active') return 'success';
  if (status === 'past_due' || status === 'trialing') return 'warning';
  return 'error';
}

/** Spec section 4: uppercase with underscores as spaces, 'unknown' when absent. */
export function statusLabel(status: string | null | undefined): string {
  return status ? status.replaceAll('_', ' ').toUpperCase() : 'unknown';
}
