import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { characterParams } from '../../../shared/characters/contract';
import {
  createMemoryRequest,
  memoryListResponse,
  memoryParams,
  memoryResponse,
  updateMemoryRequest,
} from '../../../shared/memories/contract';
import { successResponse } from '../../../shared/responses';
import type { AppContext } from '../../context';
import { enforce } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import * as service from './memories.service';

/** What a character remembers about its user (issue 13): listed, added, edited and forgotten. */
export async function registerMemoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = async (request: Parameters<typeof requireUser>[1]) =>
    (await requireUser(ctx.sessions, request)).id;
  const writer = async (request: Parameters<typeof requireUser>[1]) => {
    const userId = await user(request);
    await enforce(ctx.limiter, RATE_RULES.memoryWritesPerUser, userId);
    return userId;
  };

  r.get(
    '/api/characters/:id/memories',
    { schema: { params: characterParams, response: { 200: memoryListResponse } } },
    async (request) => service.listCharacterMemories(ctx, await user(request), request.params.id),
  );

  r.post(
    '/api/characters/:id/memories',
    {
      schema: {
        params: characterParams,
        body: createMemoryRequest,
        response: { 201: memoryResponse },
      },
    },
    async (request, reply) => {
      const created = await service.addMemory(
        ctx,
        await writer(request),
        request.params.id,
        request.body,
      );
      reply.code(201);
      return created;
    },
  );

  r.put(
    '/api/memories/:id',
    {
      schema: {
        params: memoryParams,
        body: updateMemoryRequest,
        response: { 200: memoryResponse },
      },
    },
    async (request) =>
      service.changeMemory(ctx, await writer(request), request.params.id, request.body),
  );

  r.delete(
    '/api/memories/:id',
    { schema: { params: memoryParams, response: { 200: successResponse } } },
    async (request) => service.forgetMemory(ctx, await writer(request), request.params.id),
  );
}
