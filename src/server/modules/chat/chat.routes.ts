import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  REPLY_EVENT_ID_INVALID,
  type ReplyRunView,
  type replyStreamEvents,
} from '../../../shared/chat/contract';
import * as endpoints from '../../../shared/chat/endpoints';
import type { Notice } from '../../../shared/safety/contract';
import type { z } from 'zod';
import {
  OUT_OF_CREDITS_MESSAGE,
  parseReplyEventId,
  replyEventId,
  type ReplyPosition,
} from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../errors';
import { releaseHead } from '../../http-head';
import { route } from '../../http/route';
import { getCredits } from '../credits';
import { eventWriter, type EventWriter } from './event-writer';
import { editMessage } from './message-edit.service';
import { summarizeConversation } from './memory.service';
import {
  prepareContinue,
  prepareRegenerate,
  prepareReply,
  prepareTurn,
  type PreparedReply,
} from './reply.service';
import { requireChatAllowed } from '../safety';
import type { StoredRun } from './reply-runs.repo';
import { ReplyRuns, type RunSource } from './reply-runs';
import { RedisRunRelay } from './run-relay';
import { RUN_START, type FinalEvent, type RunFollower } from './run-log';
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
  const runs = new ReplyRuns(ctx, await runRelay(ctx));
  // Ready: the database is migrated (main.ts migrates before it listens).
  app.addHook('onReady', async () => runs.startClaiming());
  app.addHook('onClose', async () => runs.close());

  /** A prepared reply started as a run: its events followed, or its stored reply answered. */
  const startRun = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    prepared: PreparedReply,
  ) => {
    const run = await runs.start(userId, prepared);
    if (!wantsEventStream(request)) return run.result;
    const { speakerId } = prepared.keep;
    const accepted = {
      userMessageId: prepared.userMessageId,
      replyId: run.id,
      // A group scene's speaker, said before the first token (issue 51).
      ...(speakerId === undefined ? {} : { speakerId }),
    };
    return relayRun(ctx, reply, run, RUN_START, accepted);
  };

  for (const [endpoint, storyPath] of REPLY_ENDPOINTS) {
    await route(app, ctx, endpoint, async (request, reply, { id }) => {
      ctx.lifecycle.refuseNewWorkWhileDraining();
      const story = storyPath || request.body.chatMode === 'immersive';
      const mode = story ? 'story' : 'chat';
      const prepared = await prepareReply(ctx, id, request.body, mode, runs.runToRecord());
      return startRun(request, reply, id, prepared);
    });
  }

  // A new alternative of a reply (a scene's keeps its speaker unless another is asked for), or
  // more of it: charged and streamed like any reply.
  await route(app, ctx, endpoints.regenerateReply, async (request, reply, { id }) => {
    ctx.lifecycle.refuseNewWorkWhileDraining();
    const { messageId } = request.params;
    const prepared = await prepareRegenerate(ctx, id, messageId, request.body?.speakerId);
    return startRun(request, reply, id, prepared);
  });
  await route(app, ctx, endpoints.continueReply, async (request, reply, { id }) => {
    ctx.lifecycle.refuseNewWorkWhileDraining();
    const prepared = await prepareContinue(ctx, id, request.params.messageId);
    return startRun(request, reply, id, prepared);
  });

  // A group scene's character speaks without a message from the user (issue 51).
  await route(app, ctx, endpoints.sceneTurn, async (request, reply, { id }) => {
    ctx.lifecycle.refuseNewWorkWhileDraining();
    const prepared = await prepareTurn(ctx, id, request.params.id, request.body?.speakerId);
    return startRun(request, reply, id, prepared);
  });

  // A reply followed again (a dropped connection), from the last event seen, on any server.
  await route(app, ctx, endpoints.replyEvents, async (request, reply, { id }) => {
    const { replyId } = request.params;
    const raw = request.query.after ?? request.headers['last-event-id'];
    const from = raw === undefined ? RUN_START : parseReplyEventId(String(raw));
    if (!from) throw badRequest(REPLY_EVENT_ID_INVALID);
    if (!wantsEventStream(request)) return runView(await runs.read(id, replyId));
    return relayRun(ctx, reply, await runs.find(id, replyId), from);
  });

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
    editMessage(ctx, user.id, request.params.messageId, request.body),
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
 * One event; `id` is the run's position after it (none for a run whose end is unknown). The
 * event's name comes first, so a reader can tell a block's kind from its first characters.
 */
const block = <E extends ReplyStreamEvent>(event: E, data: ReplyStreamData<E>, id: string) =>
  `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/**
 * A run's events written to one response. A class rather than an object of three closures: a
 * stream waiting for its model keeps it (bench section 6, 2026-12-06).
 */
class StreamFollower implements RunFollower {
  constructor(private readonly events: EventWriter) {}

  notice(notice: Notice, id: string) {
    this.events.now(block('notice', notice, id));
  }

  token(text: string, id: string) {
    this.events.token(block('token', { text }, id));
  }

  /** The last event and the end of the response leave in one write. */
  end(final: FinalEvent, id: string) {
    this.events.end(block(final.event, final.data, id));
  }
}

/**
 * A run's events as Server-Sent Events (the contract's replyStreamEvents), from `from` on:
 * `accepted` first when the request started the run, the `notice` events due (the "not a human"
 * notice, a crisis notice), `token` events as the reply grows, then `done` with the stored
 * message, or `error`. Each carries its `id:`, the position to reconnect from. The run goes on if
 * the client goes away. Refusals (404, 403 out of credits or paused…) happened before, as JSON.
 */
function relayRun(
  ctx: AppContext,
  reply: FastifyReply,
  run: RunSource,
  from: ReplyPosition,
  accepted?: ReplyStreamData<'accepted'>,
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
  // Headers and a first event at once: the browser (and any proxy) hears that the message is
  // stored and a reply is coming, however long the model thinks before its first token.
  if (accepted) events.now(block('accepted', accepted, replyEventId(RUN_START)));
  // A reconnect hears at once that it follows the run again, before any new text.
  else res.flushHeaders();
  releaseHead(res);
  const stop = run.follow(new StreamFollower(events), from);
  res.once('close', () => {
    stop();
    events.end('');
  });
}

/** With REDIS_URL, runs' events go between servers through Redis Streams (decision 0049). */
async function runRelay(ctx: AppContext) {
  if (!ctx.config.redisUrl) return undefined;
  // Loaded only where Redis is configured (as the rate limiter's).
  const { Redis } = await import('ioredis');
  return new RedisRunRelay(new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 2 }));
}

/** A run as it stands, for a client that asked for JSON. */
function runView(run: StoredRun): ReplyRunView {
  const { final } = run;
  return {
    replyId: run.id,
    state: run.state,
    text: run.text,
    notices: run.notices.map((n) => n.notice),
    lastEventId: replyEventId({ notices: run.notices.length, chars: run.text.length }),
    reply: final?.event === 'done' ? final.data : null,
    error: final?.event === 'error' ? final.data : null,
  };
}
