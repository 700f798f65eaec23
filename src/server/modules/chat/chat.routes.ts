import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReplyStreamError, replyStreamEvents } from '../../../shared/chat/contract';
import * as endpoints from '../../../shared/chat/endpoints';
import type { z } from 'zod';
import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { releaseHead } from '../../http-head';
import { toHttpError } from '../../plugins/errors';
import { route } from '../../http/route';
import { getCredits } from '../credits';
import { eventWriter } from './event-writer';
import { editUserMessage } from './message-edit.service';
import { summarizeConversation } from './memory.service';
import {
  prepareContinue,
  prepareRegenerate,
  prepareReply,
  type PreparedReply,
} from './reply.service';
import { requireChatAllowed } from '../safety';
import { deleteMessage } from './tree.service';
import { generateOptions, generateScenario } from './story.service';

/** The spec's three reply endpoints behave alike; the conversation's mode shapes the reply. */
const REPLY_ENDPOINTS = [
  [endpoints.chatReply, false],
  [endpoints.assistantReply, false],
  // Story Mode's actions are screened as a story's (a character hurt is not the user).
  [endpoints.immersiveReply, true],
] as const;

export async function registerChatRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const [endpoint, storyPath] of REPLY_ENDPOINTS) {
    await route(app, ctx, endpoint, async (request, reply, { id }) => {
      ctx.lifecycle.refuseNewWorkWhileDraining();
      const story = storyPath || request.body.chatMode === 'immersive';
      const prepared = await prepareReply(ctx, id, request.body, story ? 'story' : 'chat');
      if (wantsEventStream(request)) return streamReply(ctx, request, reply, prepared);
      return ctx.lifecycle.track(prepared.run());
    });
  }

  // A new alternative of a reply, or more of it: charged and streamed like any reply.
  for (const [endpoint, prepare] of [
    [endpoints.regenerateReply, prepareRegenerate],
    [endpoints.continueReply, prepareContinue],
  ] as const) {
    await route(app, ctx, endpoint, async (request, reply, { id }) => {
      ctx.lifecycle.refuseNewWorkWhileDraining();
      const prepared = await prepare(ctx, id, request.params.messageId);
      if (wantsEventStream(request)) return streamReply(ctx, request, reply, prepared);
      return ctx.lifecycle.track(prepared.run());
    });
  }

  await route(app, ctx, endpoints.deleteMessage, async (request, _reply, user) =>
    deleteMessage(ctx, user.id, request.params.messageId),
  );

  await route(app, ctx, endpoints.generateScenario, async (request, _reply, { id }) => {
    await requireSomeCredit(ctx, id);
    return generateScenario(ctx, id, request.params.id, request.body?.message);
  });

  await route(app, ctx, endpoints.generateOptions, async (request, _reply, { id }) => {
    await requireSomeCredit(ctx, id);
    return generateOptions(ctx, id, request.body.conversationId);
  });

  await route(app, ctx, endpoints.summarizeConversation, async (request, _reply, { id }) => {
    await requireSomeCredit(ctx, id);
    return summarizeConversation(ctx, id, request.params.id);
  });

  await route(app, ctx, endpoints.editMessage, async (request, _reply, user) =>
    editUserMessage(ctx, user.id, request.params.messageId, request.body),
  );
}

/**
 * Story helpers cost no credit, but with none left nothing may reach the model (spec); nor while
 * the account's chatting is paused (the crisis protocol).
 */
async function requireSomeCredit(ctx: AppContext, userId: string) {
  await requireChatAllowed(ctx, userId);
  if ((await getCredits(ctx, userId)) <= 0) throw new HttpError(403, OUT_OF_CREDITS_MESSAGE);
}

function wantsEventStream(request: FastifyRequest) {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

type ReplyStreamEvent = keyof typeof replyStreamEvents;
type ReplyStreamData<E extends ReplyStreamEvent> = z.input<(typeof replyStreamEvents)[E]>;

/**
 * Server-Sent Events (the contract's replyStreamEvents): `accepted` at once, the `notice` events
 * due (the "not a human" notice, a crisis notice), `token` events as the reply grows, then `done`
 * with the stored message, or `error`. Refusals (404, 403 out of credits or paused…) happened
 * before, as plain JSON errors.
 */
async function streamReply(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedReply,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    // The security headers every response carries (others get them from plugins/security-headers).
    ...ctx.securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    connection: 'keep-alive',
  });
  // Tokens leave in batches (one write per 40–100 ms at most), other events at once, and a
  // comment line keeps a silent stream open through proxies while the model thinks.
  const events = eventWriter(res);
  const block = <E extends ReplyStreamEvent>(event: E, data: ReplyStreamData<E>) =>
    `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  // Headers and a first event at once: the browser (and any proxy) hears that the message is
  // stored and a reply is coming, however long the model thinks before its first token.
  events.now(block('accepted', { userMessageId: prepared.userMessageId }));
  releaseHead(res);
  let last = '';
  try {
    const { notices: _shown, ...result } = await ctx.lifecycle.track(
      prepared.run({
        notice: (notice) => events.now(block('notice', notice)),
        token: (text) => events.token(block('token', { text })),
      }),
    );
    last = block('done', result);
  } catch (error) {
    const known = toHttpError(error);
    if (!known) request.log.error({ err: error }, 'streamed reply failed');
    const failure: ReplyStreamError = {
      status: known?.statusCode ?? 500,
      message: known?.message ?? 'Something went wrong on our side.',
    };
    last = block('error', failure);
  } finally {
    // The last event and the end of the response leave in one write.
    events.end(last);
  }
}
