import type { FastifyInstance } from 'fastify';
import { UNANSWERED_PER_THREAD } from '../../../shared/unanswered/contract';
import { listUnanswered } from '../../../shared/unanswered/endpoints';
import * as endpoints from '../../../shared/unanswered/write-endpoints';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../errors';
import { route } from '../../http/route';
import * as repo from './unanswered.repo';

const NOT_FOUND = 'Conversation not found';

/** Messages typed while out of credits, each thread checked to be the user's (issue 45). */
export async function registerUnansweredRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, listUnanswered, async (request, _reply, user) => {
    const { characterId, conversationId = null } = request.query;
    if (!(await repo.ownsThread(ctx.db, user.id, characterId, conversationId))) {
      throw notFound(NOT_FOUND);
    }
    return { messages: await repo.listThread(ctx.db, user.id, characterId, conversationId) };
  });

  await route(app, ctx, endpoints.keepUnanswered, async (request, reply, user) => {
    const { characterId, conversationId = null } = request.body;
    if (!(await repo.ownsThread(ctx.db, user.id, characterId, conversationId))) {
      throw notFound(NOT_FOUND);
    }
    const kept = await repo.insertUnanswered(ctx.db, user.id, request.body, UNANSWERED_PER_THREAD);
    if (!kept) {
      throw conflict(
        `This chat already holds ${UNANSWERED_PER_THREAD} unanswered messages. Send them again once you have messages left.`,
      );
    }
    reply.code(201);
    return kept;
  });

  await route(app, ctx, endpoints.moveUnanswered, async (request, _reply, user) => {
    const { characterId, conversationId } = request.body;
    if (!(await repo.ownsThread(ctx.db, user.id, characterId, conversationId))) {
      throw notFound(NOT_FOUND);
    }
    await repo.moveIntoConversation(ctx.db, user.id, characterId, conversationId);
    return { messages: await repo.listThread(ctx.db, user.id, characterId, conversationId) };
  });

  await route(app, ctx, endpoints.dropUnanswered, async (request, _reply, user) => {
    if (!(await repo.deleteUnanswered(ctx.db, user.id, request.params.id))) {
      throw notFound('Message not found');
    }
    return { success: true as const };
  });
}
