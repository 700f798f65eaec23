import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activeLeafRequest,
  activeLeafResponse,
  conversationDetailSchema,
  conversationParams,
  createConversationRequest,
  createConversationResponse,
  deleteConversationQuery,
  deleteConversationResponse,
  listConversationsQuery,
  listConversationsResponse,
  messagesQuery,
  messagesResponse,
  modelChoiceResponse,
  updateConversationRequest,
} from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/session';
import {
  createConversation,
  deleteConversation,
  getConversation,
  getMessages,
  listUserConversations,
  pageUserConversations,
  setConversationModel,
} from './conversations.service';
import { modelChoiceFor } from './model-policy';
import { switchBranch } from './tree.service';

export async function registerConversationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (request: Parameters<typeof requireUser>[1]) => requireUser(ctx.sessions, request);

  r.get('/api/models', { schema: { response: { 200: modelChoiceResponse } } }, async (request) =>
    modelChoiceFor(ctx, await user(request)),
  );

  // Paged when asked to (`limit` or `before`), else the spec's whole list (decision 0016).
  r.get(
    '/api/conversations',
    {
      schema: { querystring: listConversationsQuery, response: { 200: listConversationsResponse } },
    },
    async (request) => {
      const { id } = await user(request);
      const { limit, before } = request.query;
      return limit === undefined && before === undefined
        ? listUserConversations(ctx, id)
        : pageUserConversations(ctx, id, request.query);
    },
  );

  r.post(
    '/api/conversations',
    {
      schema: { body: createConversationRequest, response: { 201: createConversationResponse } },
    },
    async (request, reply) => {
      const { id } = await user(request);
      return reply.status(201).send(await createConversation(ctx, id, request.body));
    },
  );

  r.get(
    '/api/conversations/:id',
    { schema: { params: conversationParams, response: { 200: conversationDetailSchema } } },
    async (request) => getConversation(ctx, (await user(request)).id, request.params.id),
  );

  r.put(
    '/api/conversations/:id',
    {
      schema: {
        params: conversationParams,
        body: updateConversationRequest,
        response: { 200: conversationDetailSchema },
      },
    },
    async (request) =>
      setConversationModel(ctx, (await user(request)).id, request.params.id, request.body.model),
  );

  r.delete(
    '/api/conversations/:id',
    {
      schema: {
        params: conversationParams,
        querystring: deleteConversationQuery,
        response: { 200: deleteConversationResponse },
      },
    },
    async (request) => {
      const forget = request.query.forget !== 'false';
      await deleteConversation(ctx, (await user(request)).id, request.params.id, forget);
      return { success: true as const };
    },
  );

  r.put(
    '/api/conversations/:id/active-leaf',
    {
      schema: {
        params: conversationParams,
        body: activeLeafRequest,
        response: { 200: activeLeafResponse },
      },
    },
    async (request) =>
      switchBranch(ctx, (await user(request)).id, request.params.id, request.body.messageId),
  );

  r.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        params: conversationParams,
        querystring: messagesQuery,
        response: { 200: messagesResponse },
      },
    },
    async (request) =>
      getMessages(
        ctx,
        (await user(request)).id,
        request.params.id,
        request.query.before,
        request.query.limit,
      ),
  );
}
