import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createConversationSchema, updateConversationSchema } from '../../../shared/chat';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { parseId } from '../../../shared/ids';
import { requireUser } from '../../plugins/session';
import { idParams } from '../../../shared/id-params';
import {
  CONVERSATION_NOT_FOUND,
  createConversation,
  deleteConversation,
  getConversation,
  getMessages,
  listUserConversations,
  MESSAGES_PAGE_SIZE,
  modelChoiceFor,
  setConversationModel,
} from './conversations.service';

const option = z.object({ number: z.number(), option: z.string() });
export const summaryResponse = z.object({
  id: z.number(),
  characterId: z.number().nullable(),
  title: z.string(),
  lastMessage: z.string().nullable(),
  message_count: z.number(),
  chatMode: z.string(),
  model: z.string().nullable(),
  updatedAt: z.string(),
});
const detailResponse = summaryResponse.extend({
  scenario: z.string().nullable(),
  currentOptions: z.array(option),
});
export const messageResponse = z.object({
  id: z.number(),
  conversationId: z.number(),
  content: z.string(),
  sender: z.enum(['user', 'ai']),
  createdAt: z.string(),
});
const messagesQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE).optional(),
});

const conversationParams = idParams(CONVERSATION_NOT_FOUND);

export function conversationId(params: unknown): number {
  const id = parseId((params as { id?: string }).id);
  if (id === null) throw notFound(CONVERSATION_NOT_FOUND);
  return id;
}

export async function registerConversationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (request: Parameters<typeof requireUser>[1]) => requireUser(ctx.auth, request);

  r.get(
    '/api/models',
    {
      schema: {
        response: {
          200: z.object({
            available: z.boolean(),
            staff: z.boolean(),
            canChoose: z.boolean(),
            models: z.array(z.string()),
            defaultModel: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => modelChoiceFor(ctx, await user(request)),
  );

  r.get(
    '/api/conversations',
    { schema: { response: { 200: z.array(summaryResponse) } } },
    async (request) => listUserConversations(ctx, (await user(request)).id),
  );

  r.post(
    '/api/conversations',
    {
      schema: { body: createConversationSchema, response: { 201: z.object({ id: z.number() }) } },
    },
    async (request, reply) => {
      const { id } = await user(request);
      return reply.status(201).send(await createConversation(ctx, id, request.body));
    },
  );

  r.get(
    '/api/conversations/:id',
    { schema: { params: conversationParams, response: { 200: detailResponse } } },
    async (request) => getConversation(ctx, (await user(request)).id, request.params.id),
  );

  r.put(
    '/api/conversations/:id',
    { schema: { body: updateConversationSchema, response: { 200: detailResponse } } },
    async (request) =>
      setConversationModel(
        ctx,
        (await user(request)).id,
        conversationId(request.params),
        request.body.model,
      ),
  );

  r.delete(
    '/api/conversations/:id',
    { schema: { response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await deleteConversation(ctx, (await user(request)).id, conversationId(request.params));
      return { success: true as const };
    },
  );

  r.get(
    '/api/conversations/:id/messages',
    { schema: { querystring: messagesQuery, response: { 200: z.array(messageResponse) } } },
    async (request) =>
      getMessages(
        ctx,
        (await user(request)).id,
        conversationId(request.params),
        request.query.before,
        request.query.limit,
      ),
  );
}
