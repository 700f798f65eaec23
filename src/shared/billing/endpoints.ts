import { endpointsOf } from '../http/endpoint';

/** Stripe Checkout, the Billing Portal, the subscription and Stripe's webhook (decision 0008). */
const endpoint = /* @__PURE__ */ endpointsOf('Billing', () => import('./contract'));

export const billingPlans = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/billing/plans',
  needs: { auth: 'public' },
  summary: 'The configured plans and prices',
  schemas: (c) => ({ response: { 200: c.billingPlansResponse } }),
});

export const checkout = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/checkout',
  needs: { auth: 'user', rate: 'billingSessionsPerUser' },
  summary: 'A Stripe Checkout URL for a price (or the Billing Portal’s, for a plan change)',
  schemas: (c) => ({ body: c.checkoutRequest, response: { 200: c.checkoutResponse } }),
});

export const createPortalSession = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/stripe/create-portal-session',
  needs: { auth: 'user', rate: 'billingSessionsPerUser' },
  summary: 'A Stripe Billing Portal URL',
  schemas: (c) => ({ response: { 200: c.portalResponse } }),
});

export const getSubscription = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/subscription',
  needs: { auth: 'user' },
  summary: 'The user’s subscription, re-read from Stripe when it may be behind',
  schemas: (c) => ({ response: { 200: c.subscriptionResponse } }),
});

export const resumeSubscription = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/subscription/resume',
  needs: { auth: 'user', rate: 'billingSessionsPerUser' },
  summary: 'Keeps the user’s plan that was set to end at its period’s end: it renews again',
  schemas: (c) => ({ response: { 200: c.resumeSubscriptionResponse } }),
});

export const stripeWebhook = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/stripe/webhook',
  needs: { auth: 'public' },
  summary: 'Stripe’s signed events (the raw body, checked against Stripe-Signature)',
  schemas: (c) => ({ response: { 200: c.webhookResponse } }),
});
