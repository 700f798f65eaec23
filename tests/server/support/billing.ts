import { DOUBLE_PRICES, startStripeDouble, type StripeDouble } from '../../doubles/stripe-server';
import type { TestClient } from './http-client';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface BillingTestApp {
  t: TestApp;
  stripe: StripeDouble;
  close(): Promise<void>;
}

/** An app whose Stripe is the local double, with the double's webhooks pointed at the app. */
export async function startBillingApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<BillingTestApp> {
  const stripe = await startStripeDouble();
  const t = await startTestApp({ ...stripe.env, TRUST_PROXY: '127.0.0.1', ...env }, options);
  stripe.setWebhookUrl(`${t.url}/api/stripe/webhook`);
  return {
    t,
    stripe,
    close: async () => {
      await t.close();
      await stripe.stop();
    },
  };
}

export const priceOf = (plan: 'basic' | 'pro') => DOUBLE_PRICES[plan];

export async function userIdOf(client: TestClient): Promise<string> {
  return (await client.get('/api/auth/get-session')).json.user.id;
}

/** Starts Checkout for a plan; returns the Checkout session id the app got from Stripe. */
export async function startCheckout(client: TestClient, plan: 'basic' | 'pro') {
  const res = await client.post('/api/checkout', { priceId: priceOf(plan) });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${res.text}`);
  return res.json as { id: string; url: string; kind: 'checkout' | 'portal' };
}

/** Checkout and payment, with Stripe's webhooks delivered; returns the new subscription's id. */
export async function subscribe(b: BillingTestApp, client: TestClient, plan: 'basic' | 'pro') {
  const session = await startCheckout(client, plan);
  const { subscription } = await b.stripe.completeCheckout(session.id);
  return subscription.id;
}
