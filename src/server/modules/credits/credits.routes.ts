import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { requireUser } from '../../plugins/session';
import { getCredits, topUp } from './credits.service';

const messageResponse = z.object({ message: z.string() });

export async function registerCreditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (request: Parameters<typeof requireUser>[1]) => requireUser(ctx.auth, request);

  r.get(
    '/api/get-credits',
    { schema: { response: { 200: z.object({ credits: z.number().int() }) } } },
    async (request) => ({ credits: await getCredits(ctx, (await user(request)).id) }),
  );

  r.post(
    '/api/credit-check',
    {
      schema: {
        response: { 200: z.object({ creditsLeft: z.number().int() }), 403: messageResponse },
      },
    },
    async (request) => {
      const creditsLeft = await getCredits(ctx, (await user(request)).id);
      // Lets the client show the Out of Credits dialog before anything reaches the model.
      if (creditsLeft <= 0) throw new HttpError(403, OUT_OF_CREDITS_MESSAGE);
      return { creditsLeft };
    },
  );

  r.post(
    '/api/topup',
    {
      schema: {
        response: {
          200: z.object({
            credits: z.number().int(),
            plan: z.string(),
            periodStart: z.string(),
            nextResetAt: z.string(),
          }),
        },
      },
    },
    async (request) => topUp(ctx, (await user(request)).id),
  );
}
