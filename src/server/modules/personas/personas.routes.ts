import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/personas/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import * as service from './personas.service';

/** Who the user is in a conversation (issue 47 part 5): listed, added, changed, deleted. */
export async function registerPersonaRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listPersonas, async (_request, _reply, user) => ({
    personas: await service.listPersonas(ctx, user.id),
  }));

  await route(app, ctx, endpoints.createPersona, async (request, reply, user) => {
    const created = await service.addPersona(ctx, user.id, request.body);
    reply.code(201);
    return created;
  });

  await route(app, ctx, endpoints.updatePersona, async (request, _reply, user) =>
    service.changePersona(ctx, user.id, request.params.id, request.body),
  );

  await route(app, ctx, endpoints.deletePersona, async (request, _reply, user) =>
    service.removePersona(ctx, user.id, request.params.id),
  );
}
