import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingPlansResponse,
  checkoutRequest,
  checkoutResponse,
  portalResponse,
  subscriptionResponse,
  webhookResponse,
} from '../../../shared/billing/contract';
import type { AppContext } from '../../context';
import { enforce } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import {
  billingPlans,
  getSubscription,
  handleWebhook,
  openPortal,
  startCheckout,
} from './billing.service';

/** Stripe's events are small; this is far above any of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Stripe Checkout, the Billing Portal, the user's subscription and Stripe's webhook. Without the
 * Stripe settings every route answers 503 'Billing is not configured'.
 */
export async function registerBillingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/billing/plans', { schema: { response: { 200: billingPlansResponse } } }, async () =>
    billingPlans(ctx),
  );

  r.post(
    '/api/checkout',
    { schema: { body: checkoutRequest, response: { 200: checkoutResponse } } },
    async (request) => {
      const user = await requireUser(ctx.sessions, request);
      await enforce(ctx.limiter, RATE_RULES.billingSessionsPerUser, user.id);
      return startCheckout(ctx, user, request.body.priceId);
    },
  );

  r.post(
    '/api/stripe/create-portal-session',
    { schema: { response: { 200: portalResponse } } },
    async (request) => {
      const user = await requireUser(ctx.sessions, request);
      await enforce(ctx.limiter, RATE_RULES.billingSessionsPerUser, user.id);
      return openPortal(ctx, user.id);
    },
  );

  r.get(
    '/api/subscription',
    { schema: { response: { 200: subscriptionResponse } } },
    async (request) => {
      const user = await requireUser(ctx.sessions, request);
      return { subscription: await getSubscription(ctx, ctx.limiter, user.id) };
    },
  );

  // The signature covers the exact bytes Stripe sent, so this route alone keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: { response: { 200: webhookResponse } },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return handleWebhook(ctx, body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
