import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  characterListResponse,
  characterParams,
  characterSchema,
  createCharacterResponse,
  deleteConversationsResponse,
  generatedCharacterResponse,
  promptSchema,
  updateCharacterSchema,
} from '../../../shared/characters/contract';
import { createCharacterSchema } from '../../../shared/characters/schemas';
import { successResponse } from '../../../shared/responses';
import type { AppContext } from '../../context';
import { enforce } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import {
  createCharacter,
  deleteCharacter,
  deleteCharacterConversations,
  getCharacter,
  listUserCharacters,
  updateCharacter,
} from './characters.service';
import { generateCharacter } from './character-generation';

export async function registerCharacterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (request: Parameters<typeof requireUser>[1]) => requireUser(ctx.sessions, request);

  r.get(
    '/api/characters',
    { schema: { response: { 200: characterListResponse } } },
    async (request) => listUserCharacters(ctx, (await user(request)).id),
  );

  r.get(
    '/api/characters/:id',
    { schema: { params: characterParams, response: { 200: characterSchema } } },
    async (request) => getCharacter(ctx, (await user(request)).id, request.params.id),
  );

  r.post(
    '/api/characters',
    { schema: { body: createCharacterSchema, response: { 201: createCharacterResponse } } },
    async (request, reply) => {
      const { id } = await user(request);
      return reply.status(201).send(await createCharacter(ctx, id, request.body));
    },
  );

  r.put(
    '/api/characters/:id',
    {
      schema: {
        params: characterParams,
        body: updateCharacterSchema,
        response: { 200: characterSchema },
      },
    },
    async (request) =>
      updateCharacter(ctx, (await user(request)).id, request.params.id, request.body),
  );

  r.delete(
    '/api/characters/:id',
    { schema: { params: characterParams, response: { 200: successResponse } } },
    async (request) => {
      await deleteCharacter(ctx, (await user(request)).id, request.params.id);
      return { success: true as const };
    },
  );

  r.delete(
    '/api/characters/:id/conversations',
    { schema: { params: characterParams, response: { 200: deleteConversationsResponse } } },
    async (request) => {
      const { id } = await user(request);
      const deleted = await deleteCharacterConversations(ctx, id, request.params.id);
      return { success: true as const, deleted };
    },
  );

  r.post(
    '/api/generate-character',
    { schema: { body: promptSchema, response: { 200: generatedCharacterResponse } } },
    async (request) => {
      const { id } = await user(request);
      await enforce(ctx.limiter, RATE_RULES.characterGenerationsPerUser, id);
      return generateCharacter(ctx, id, request.body.prompt);
    },
  );
}
