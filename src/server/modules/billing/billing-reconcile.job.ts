import { reconcileStaleSubscriptions, type BillingContext } from './billing.service';
import type { JobQueue } from '../../jobs/queue';

/**
 * Every six hours (and at start-up), only when Stripe is configured: re-reads the subscriptions
 * no webhook has refreshed for a day, for webhooks missed while no server was running or lost.
 */
export function registerBillingReconcile(queue: JobQueue, ctx: BillingContext) {
  // Not registered without Stripe, so a schedule left from an earlier configuration is removed.
  if (!ctx.stripe || !ctx.config.stripe) return;
  queue.every(
    'billing-reconcile',
    '41 */6 * * *',
    async () => {
      await reconcileStaleSubscriptions(ctx);
    },
    { runAtStart: true, timeoutSeconds: 30 * 60 },
  );
}
