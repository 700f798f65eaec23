import type Stripe from 'stripe';
import type { Config } from '../../config';

/** How far a webhook's signed timestamp may be from our clock (Stripe's default, 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The official SDK, pinned to the API version it was released with. STRIPE_API_BASE (tests and
 * local stand-ins only) sends its requests to another host; the SDK's host/port/protocol options
 * exist for exactly this. The SDK is loaded only when billing is configured (it is large, and a
 * server without billing starts faster without it).
 */
export async function createStripeClient(stripe: NonNullable<Config['stripe']>): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const base = stripe.apiBase ? new URL(stripe.apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new StripeSdk(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Reverie' },
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (protocol === 'http' ? 80 : 443)),
      protocol,
    }),
  });
}
