import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import {
  creditCheckResponse,
  creditsResponse,
  outOfCreditsResponse,
  topUpResponse,
} from '../../../shared/credits/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { requireUser } from '../../plugins/session';
import { requireChatAllowed } from '../safety/safety.service';
import { getCredits, topUp } from './credits.service';

export async function registerCreditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (request: Parameters<typeof requireUser>[1]) => requireUser(ctx.sessions, request);

  r.get(
    '/api/get-credits',
    { schema: { response: { 200: creditsResponse } } },
    async (request) => ({ credits: await getCredits(ctx, (await user(request)).id) }),
  );

  r.post(
    '/api/credit-check',
    { schema: { response: { 200: creditCheckResponse, 403: outOfCreditsResponse } } },
    async (request) => {
      const { id } = await user(request);
      // A paused account (the crisis protocol's adults-only pause) can get no reply either.
      await requireChatAllowed(ctx, id);
      const creditsLeft = await getCredits(ctx, id);
      // Lets the client show the Out of Credits dialog before anything reaches the model.
      if (creditsLeft <= 0) throw new HttpError(403, OUT_OF_CREDITS_MESSAGE);
      return { creditsLeft };
    },
  );

  r.post('/api/topup', { schema: { response: { 200: topUpResponse } } }, async (request) =>
    topUp(ctx, (await user(request)).id),
  );
}
