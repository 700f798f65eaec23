import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/billing/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import {
  billingPlans,
  getSubscription,
  handleWebhook,
  openPortal,
  resumeSubscription,
  startCheckout,
} from './billing.service';

/** Stripe's events are small; this is far above any of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Stripe Checkout, the Billing Portal, the user's subscription and Stripe's webhook. Without the
 * Stripe settings every route answers 503 'Billing is not configured'.
 */
export async function registerBillingRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.billingPlans, async () => billingPlans(ctx));

  await route(app, ctx, endpoints.checkout, async (request, _reply, user) =>
    startCheckout(ctx, user, request.body.priceId),
  );

  await route(app, ctx, endpoints.createPortalSession, async (_request, _reply, user) =>
    openPortal(ctx, user.id),
  );

  await route(app, ctx, endpoints.getSubscription, async (_request, _reply, user) => ({
    subscription: await getSubscription(ctx, ctx.limiter, user.id),
  }));

  await route(app, ctx, endpoints.resumeSubscription, async (_request, _reply, user) =>
    resumeSubscription(ctx, user.id),
  );

  // The signature covers the exact bytes Stripe sent, so this route alone keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    await route(
      scope,
      ctx,
      endpoints.stripeWebhook,
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return handleWebhook(ctx, body, typeof signature === 'string' ? signature : undefined);
      },
      { bodyLimit: WEBHOOK_BODY_LIMIT },
    );
  });
}
