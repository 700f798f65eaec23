import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/characters/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import {
  createCharacter,
  deleteCharacter,
  deleteCharacterConversations,
  getCharacter,
  listUserCharacters,
  updateCharacter,
} from './characters.service';
import { generateCharacter } from './character-generation';
import { CARD_FIELDS_MAX_BYTES } from './card-fields';

/**
 * An imported card's fields and lorebook come with the create (up to CARD_FIELDS_MAX_BYTES):
 * room for them and the form's own fields, so the service answers one over its limit plainly.
 */
const CREATE_BODY_LIMIT = 2 * CARD_FIELDS_MAX_BYTES;

export async function registerCharacterRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listCharacters, async (_request, _reply, user) =>
    listUserCharacters(ctx, user.id),
  );

  await route(app, ctx, endpoints.getCharacter, async (request, _reply, user) =>
    getCharacter(ctx, user.id, request.params.id),
  );

  await route(
    app,
    ctx,
    endpoints.createCharacter,
    async (request, reply, user) =>
      reply.status(201).send(await createCharacter(ctx, user.id, request.body)),
    { bodyLimit: CREATE_BODY_LIMIT },
  );

  await route(app, ctx, endpoints.updateCharacter, async (request, _reply, user) =>
    updateCharacter(ctx, user.id, request.params.id, request.body),
  );

  await route(app, ctx, endpoints.deleteCharacter, async (request, _reply, user) => {
    await deleteCharacter(ctx, user.id, request.params.id);
    return { success: true as const };
  });

  await route(app, ctx, endpoints.deleteCharacterConversations, async (request, _reply, user) => {
    const deleted = await deleteCharacterConversations(ctx, user.id, request.params.id);
    return { success: true as const, deleted };
  });

  await route(app, ctx, endpoints.generateCharacter, async (request, _reply, user) =>
    generateCharacter(ctx, user.id, request.body.prompt),
  );
}
