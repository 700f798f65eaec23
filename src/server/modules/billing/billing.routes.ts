import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serviceUnavailable } from '../../errors';
import { requireUser } from '../../plugins/session';

/**
 * Checkout needs a payment provider. Until Stripe settings exist this answers 503 so the
 * pricing page can tell the user instead of failing silently.
 */
export async function registerBillingRoutes(app: FastifyInstance, { auth }: AppContext) {
  app.post('/api/checkout', async (request) => {
    await requireUser(auth, request);
    throw serviceUnavailable('Billing is not configured');
  });
}
