import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/memories/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import * as service from './memories.service';

/** What a character remembers about its user (issue 13): listed, added, edited and forgotten. */
export async function registerMemoryRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listMemories, async (request, _reply, user) =>
    service.listCharacterMemories(ctx, user.id, request.params.id),
  );

  await route(app, ctx, endpoints.addMemory, async (request, reply, user) => {
    const created = await service.addMemory(ctx, user.id, request.params.id, request.body);
    reply.code(201);
    return created;
  });

  await route(app, ctx, endpoints.updateMemory, async (request, _reply, user) =>
    service.changeMemory(ctx, user.id, request.params.id, request.body),
  );

  await route(app, ctx, endpoints.deleteMemory, async (request, _reply, user) =>
    service.forgetMemory(ctx, user.id, request.params.id),
  );
}
