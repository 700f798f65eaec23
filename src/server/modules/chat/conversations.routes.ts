import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/chat/endpoints';
import type { AppContext } from '../../context';
import { setScenePresence } from './group-scene.service';
import { route } from '../../http/route';
import {
  createConversation,
  deleteConversation,
  getConversation,
  getMessages,
  listUserConversations,
  markRead,
  pageUserConversations,
  searchUserConversations,
  updateConversation,
} from './conversations.service';
import { modelChoiceFor } from './model-policy';
import { switchBranch } from './tree.service';

export async function registerConversationRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listModels, async (_request, _reply, user) =>
    modelChoiceFor(ctx, user),
  );

  // Paged when asked to (`limit` or `before`), else the spec's whole list (decision 0016); a
  // search (`query`) is always paged.
  await route(app, ctx, endpoints.listConversations, async (request, _reply, { id }) => {
    const { limit, before, query } = request.query;
    if (query !== undefined) return searchUserConversations(ctx, id, query, request.query);
    return limit === undefined && before === undefined
      ? listUserConversations(ctx, id)
      : pageUserConversations(ctx, id, request.query);
  });

  await route(app, ctx, endpoints.createConversation, async (request, reply, { id }) =>
    reply.status(201).send(await createConversation(ctx, id, request.body)),
  );

  await route(app, ctx, endpoints.getConversation, async (request, _reply, user) =>
    getConversation(ctx, user.id, request.params.id),
  );

  await route(app, ctx, endpoints.updateConversation, async (request, _reply, user) =>
    updateConversation(ctx, user.id, request.params.id, request.body),
  );

  await route(app, ctx, endpoints.setScenePresence, async (request, _reply, user) =>
    setScenePresence(ctx, user.id, request.params.id, request.body.characterIds),
  );

  await route(app, ctx, endpoints.markConversationRead, async (request, _reply, user) =>
    markRead(ctx, user.id, request.params.id, request.body.upTo),
  );

  await route(app, ctx, endpoints.deleteConversation, async (request, _reply, user) => {
    const forget = request.query.forget !== 'false';
    await deleteConversation(ctx, user.id, request.params.id, forget);
    return { success: true as const };
  });

  await route(app, ctx, endpoints.setActiveLeaf, async (request, _reply, user) =>
    switchBranch(ctx, user.id, request.params.id, request.body.messageId),
  );

  await route(app, ctx, endpoints.listMessages, async (request, _reply, user) =>
    getMessages(ctx, user.id, request.params.id, request.query.before, request.query.limit),
  );
}
