import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCharacterSchema,
  GENERATED_CHARACTER_FIELDS,
  promptSchema,
  updateCharacterSchema,
} from '../../../shared/characters/schemas';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { parseId } from '../../../shared/ids';
import { enforce } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import {
  CHARACTER_NOT_FOUND,
  createCharacter,
  deleteCharacter,
  deleteCharacterConversations,
  getCharacter,
  listUserCharacters,
  updateCharacter,
} from './characters.service';
import { generateCharacter } from './character-generation';

const characterResponse = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  gender: z.string(),
  personality: z.string(),
  avatarImage: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  avatarColor: z.string(),
  settings: z.object({ emojis: z.boolean(), actionMessages: z.boolean() }),
  directnessLevel: z.number(),
  sexualPreferences: z.array(z.string()),
  roles: z.array(z.string()),
  includeRoles: z.boolean(),
  working_memory: z.array(z.object({ conversation_id: z.number(), summary: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const generatedResponse = characterResponse
  .pick({ ...GENERATED_CHARACTER_FIELDS, avatarImage: true, avatarUrl: true, avatarColor: true })
  .strict();
const listResponse = z.array(characterResponse.extend({ conversationCount: z.number() }));

/** Ids are positive integers; anything else is simply a character that does not exist. */
function characterId(params: unknown): number {
  const id = parseId((params as { id?: string }).id);
  if (id === null) throw notFound(CHARACTER_NOT_FOUND);
  return id;
}

export async function registerCharacterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (request: Parameters<typeof requireUser>[1]) => requireUser(ctx.auth, request);

  r.get('/api/characters', { schema: { response: { 200: listResponse } } }, async (request) =>
    listUserCharacters(ctx, (await user(request)).id),
  );

  r.get(
    '/api/characters/:id',
    { schema: { response: { 200: characterResponse } } },
    async (request) => getCharacter(ctx, (await user(request)).id, characterId(request.params)),
  );

  r.post(
    '/api/characters',
    {
      schema: {
        body: createCharacterSchema,
        response: { 201: z.object({ id: z.number(), name: z.string() }) },
      },
    },
    async (request, reply) => {
      const { id } = await user(request);
      return reply.status(201).send(await createCharacter(ctx, id, request.body));
    },
  );

  r.put(
    '/api/characters/:id',
    { schema: { body: updateCharacterSchema, response: { 200: characterResponse } } },
    async (request) =>
      updateCharacter(ctx, (await user(request)).id, characterId(request.params), request.body),
  );

  r.delete(
    '/api/characters/:id',
    { schema: { response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await deleteCharacter(ctx, (await user(request)).id, characterId(request.params));
      return { success: true as const };
    },
  );

  r.delete(
    '/api/characters/:id/conversations',
    { schema: { response: { 200: z.object({ success: z.literal(true), deleted: z.number() }) } } },
    async (request) => {
      const { id } = await user(request);
      const deleted = await deleteCharacterConversations(ctx, id, characterId(request.params));
      return { success: true as const, deleted };
    },
  );

  r.post(
    '/api/generate-character',
    { schema: { body: promptSchema, response: { 200: generatedResponse } } },
    async (request) => {
      const { id } = await user(request);
      await enforce(ctx.limiter, RATE_RULES.characterGenerationsPerUser, id);
      return generateCharacter(ctx, id, request.body.prompt);
    },
  );
}
