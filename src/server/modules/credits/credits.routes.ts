import type { FastifyInstance } from 'fastify';
import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import * as endpoints from '../../../shared/credits/endpoints';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { route } from '../../http/route';
import { requireChatAllowed } from '../safety';
import { getCredits, topUp } from './credits.service';

export async function registerCreditRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.getCredits, async (_request, _reply, user) => ({
    credits: await getCredits(ctx, user.id),
  }));

  await route(app, ctx, endpoints.creditCheck, async (request, _reply, { id }) => {
    // A paused account (the crisis protocol's adults-only pause) can get no reply either.
    await requireChatAllowed(ctx, id);
    const creditsLeft = await getCredits(ctx, id);
    // Lets the client show the Out of Credits dialog before anything reaches the model: the
    // spec's 403, or with ?empty=ok a plain 0 (no failed request for a normal state).
    if (creditsLeft <= 0) {
      if (request.query.empty === 'ok') return { creditsLeft: 0 };
      throw new HttpError(403, OUT_OF_CREDITS_MESSAGE);
    }
    return { creditsLeft };
  });

  await route(app, ctx, endpoints.topUp, async (_request, _reply, user) => topUp(ctx, user.id));
}
