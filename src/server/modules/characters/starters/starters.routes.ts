import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../../shared/characters/endpoints';
import type { AppContext } from '../../../context';
import { route } from '../../../http/route';
import { adoptStarter, listStarters } from './starters.service';

/** The ready-made characters (issue 45): the gallery, and adopting one as the user's own. */
export async function registerStarterRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listStarters, async () => listStarters());

  await route(app, ctx, endpoints.adoptStarter, async (request, reply, user) =>
    reply.status(201).send(await adoptStarter(ctx, user.id, request.params.id)),
  );
}
