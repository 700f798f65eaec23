import { PICTURE_MESSAGES } from '../../../shared/pictures/contract';
import type { LoreMark, ReplyJsonResult, ReplyResult } from '../../../shared/chat/contract';
import { continuationJoin, normalizeChatMode } from '../../../shared/chat/rules';
import type { Notice } from '../../../shared/safety/contract';
import type { AppContext } from '../../context';
import { GROUP_SCENE_MESSAGES } from '../../../shared/chat/rules';
import { badRequest } from '../../errors';
import { refundCharge, takeCredit } from '../credits';
import {
  requireChatAllowed,
  noticesForReply,
  noticesForWithheldReply,
  screenForCrisis,
  type ScreenMode,
  screenUserMessage,
  withheldReplyText,
} from '../safety';
import { MESSAGE_REMOVED } from './message-edit.service';
import { queueSummaryIfDue } from './memory.service';
import { queueReplyPush } from '../push';
import { queueRollingSummary } from './rolling-summary';
import type { PromptContext, PromptRead } from './prompt-context.repo';
import { payAndStoreAfter, payAndStoreAtEnd, payForReplyTo } from './reply-charge';
import { readPrompt, targetOf } from './reply-target';
import { offeredModels, replyCredits } from './model-policy';
import {
  followStoryPresence,
  requireSpeakerHere,
  sceneReplyParts,
  type ScenePrompt,
  type SpeakerChoice,
} from './scene-reply';
import { storeAnswer, type ReplyKeeping } from './reply-store';
import {
  generateReply,
  NoticesFirst,
  type GeneratedReply,
  type PromptParts,
  type PromptSource,
  type ReplyListener,
} from './reply-stream';
import type { ReplyTarget } from './reply-target';
import type { RunToRecord } from './reply-runs.repo';
import { doneEvent, type RunEnding } from './run-log';

/**
 * A reply is a pipeline of named steps, in two parts. prepareReply, before the route answers
 * `accepted`:
 *   1. screen the user's message (the crisis protocol, decision 0042; a self-declared minor: 403)
 *   2. find what it answers: the conversation, its character, the model    (reply-target.ts)
 *   3. take one credit                                                      (reply-charge.ts)
 *   4. store the user's message                                             (reply-charge.ts)
 * runReply, when the route runs the prepared reply:
 *   5. record the notices that are due, told before the first token
 *   6. build the prompt and stream the model's answer through the guard    (reply-stream.ts)
 *   7. a reply the guard withheld: the crisis resources in its place, with their notices
 *   8. store the reply and settle its charge in one statement               (reply-store.ts)
 *   9. queue the conversation's summaries when due   (rolling-summary.ts, memory.service.ts)
 * A reply that fails anywhere after the charge, or that the protocol withheld, gives the credit
 * back. Regenerating or continuing a reply (below) are the same steps without storing a new user
 * message.
 */

export interface PreparedReply {
  /** The user's message, stored before any reply starts. */
  userMessageId: number;
  conversationId: number;
  /** Its pending charge, and what the reply becomes: recorded with its run, for a takeover. */
  chargeId: number;
  keep: ReplyKeeping['keep'];
  /** The id of its run when that was recorded with the user's message (decision 0071). */
  recordedRun?: string | undefined;
  /** Calls the model (telling `listener` the notices, then the text as it grows) and stores the reply. */
  run(listener?: ReplyListener): Promise<ReplyJsonResult>;
  /** Never to run after all (its run could not be recorded): the credit is given back. */
  cancel(): Promise<void>;
}

/**
 * Everything that can refuse a message happens here, before any reply starts: ownership, the
 * model allow-list, configuration, and the credit (taken atomically; no credit → 403 and the
 * model is never called). The user's message is stored at once, so it is never lost.
 */
export async function prepareReply(
  ctx: AppContext,
  userId: string,
  input: {
    message: string;
    conversationId: number;
    model?: string | undefined;
    parentId?: number | null | undefined;
    speakerId?: number | undefined;
  },
  mode: ScreenMode = 'chat',
  /** The reply's run, recorded with the message when that takes its credit (decision 0071). */
  run: RunToRecord | null = null,
): Promise<PreparedReply> {
  // Step 1, before anything is charged or stored: a self-declared minor is refused here (403).
  const { crisis } = await screenUserMessage(
    ctx,
    userId,
    input.conversationId,
    input.message,
    mode,
  );
  // A group scene's speaker asked for is here (400 before anything is charged or stored).
  await requireSpeakerHere(ctx, userId, input.conversationId, input.speakerId);
  // Steps 2 to 4. At the end of the history one statement takes the credit, stores the message
  // and reads the prompt; after another message (a branch), or when that statement took no
  // credit, they are taken one at a time.
  const paid =
    input.parentId === undefined
      ? await payAndStoreAtEnd(ctx, userId, input, run)
      : await payAndStoreAfter(ctx, userId, input, input.parentId);
  const { userMessageId, read } = paid;
  const newMessage = { id: userMessageId, sender: 'user' as const, content: input.message };
  // Only a group scene's reply can be refused below (its speaker), and its run is not recorded.
  const prepared = await preparedRun(ctx, userId, paid.target, {
    chargeId: paid.chargeId,
    userMessageId,
    // The read may have seen the new message or not; either way it ends the thread once.
    thread: {
      ...read,
      history: [...read.history.filter((m) => m.id !== userMessageId), newMessage],
    },
    crisis,
    noticesAfter: userMessageId,
    keep: { answers: userMessageId },
    speaker: { asked: input.speakerId, addressed: input.message },
  });
  prepared.recordedRun = paid.recordedRun;
  return prepared;
}

/**
 * Steps 5 to 9, when the prepared reply runs. Any failure gives the credit back: no reply, no
 * charge; so does a reply the protocol withheld. Steps 5 and 6 are a promise chain rather than an
 * async function: while the model thinks, a waiting reply keeps no suspended frame here (bench
 * section 6, 2026-12-01); steps 7 to 9 follow in storeReply.
 */
function runReply(
  ctx: AppContext,
  userId: string,
  reply: ReplyRun,
  listener: ReplyListener | undefined,
): Promise<ReplyJsonResult> {
  const { crisis } = reply.record;
  const relay = new NoticesFirst(listener);
  const ending = listener?.ending;
  // Any failure of steps 5 to 9: counted, and the credit given back.
  const failed = async (error: unknown): Promise<never> => {
    ctx.metrics.replies.inc({ outcome: 'failed' });
    if (await refundCharge(ctx, reply.record.chargeId)) ctx.metrics.creditsRefunded.inc();
    throw error;
  };
  const steps = (known: boolean) => {
    try {
      return generateAndStore(ctx, userId, reply, relay, known, ending, failed);
    } catch (error) {
      return failed(error);
    }
  };
  // A crisis known already (a new message's) goes straight on: no promise waits for it.
  return crisis instanceof Promise ? crisis.then(steps, failed) : steps(crisis);
}

/** Steps 5 and 6, then 7 to 9 (storeReply). */
function generateAndStore(
  ctx: AppContext,
  userId: string,
  reply: ReplyRun,
  relay: NoticesFirst,
  crisis: boolean,
  ending: RunEnding | undefined,
  /** What any failure becomes (runReply's refund). */
  failed: (error: unknown) => Promise<never>,
): Promise<ReplyJsonResult> {
  const { record } = reply;
  // Step 5: the notices that are due, recorded alongside the model's call, told before the
  // first token.
  const due = record.takenOver
    ? Promise.resolve<Notice[]>([])
    : noticesForReply(ctx, {
        userId,
        conversationId: record.conversationId,
        characterName: record.characterName,
        sceneNames: record.sceneNames,
        afterMessageId: record.noticesAfter,
        crisis,
      });
  due.then(
    (notices) => relay.open(notices),
    () => undefined, // awaited in storeReply: the reply fails without its notices
  );
  // Step 6: the prompt built and streamed, the text checked by the guard as it grows. The
  // failure's handler sits on the same promise (not a catch after it): a waiting reply keeps one
  // promise fewer (bench section 6, 2026-12-06).
  return generateReply(ctx, reply, crisis, relay).then(
    (generated) => storeReply(ctx, userId, record, relay, due, generated, ending).catch(failed),
    failed,
  );
}

/** Steps 7 to 9: the generated reply stored and paid for, its summaries and push queued. */
async function storeReply(
  ctx: AppContext,
  userId: string,
  record: ReplyRecord,
  relay: NoticesFirst,
  due: Promise<Notice[]>,
  generated: GeneratedReply,
  ending: RunEnding | undefined,
): Promise<ReplyJsonResult> {
  const { withheld } = generated;
  // A run taken over: the model went on from what its first server told.
  const told = record.takenOver?.told ?? '';
  const text = told ? told + continuationJoin(told, generated.text) : generated.text;
  const notices = await due;
  // Step 7: a withheld reply is stored as the crisis resources, with the notices it adds.
  let stored = text;
  if (withheld) {
    stored = withheldReplyText(ctx.config.safety.crisisResources);
    for (const notice of await noticesForWithheldReply(ctx, {
      userId,
      conversationId: record.conversationId,
      characterName: record.characterName,
      sceneNames: record.sceneNames,
      afterMessageId: record.noticesAfter,
    })) {
      relay.notice(notice);
      notices.push(notice);
    }
  }
  // Step 8: stored, and the charge settled (a withheld reply's given back), once per charge; the
  // run ended in the same statement (decision 0071), as ReplyRuns would end it.
  const { speakerId } = record.keep;
  const resultOf = (messageId: number, message: string, lore: LoreMark[]): ReplyResult => {
    const result = { messageId, message, userMessageId: record.userMessageId, lore };
    return speakerId === undefined ? result : { ...result, speakerId };
  };
  const runEnd = ending
    ? {
        id: ending.id,
        text: ending.log.text,
        notices: JSON.stringify(ending.log.notices),
        // The statement fills in the stored reply's id.
        final: JSON.stringify(doneEvent(resultOf(0, stored, generated.lore))),
      }
    : undefined;
  const { messageId, message, messageCount, lore, runEnded, creditedBack } = await storeAnswer(
    ctx,
    userId,
    record,
    stored,
    withheld,
    generated.lore,
    runEnd,
  );
  if (ending && runEnded) ending.ended = true;
  if (creditedBack) ctx.metrics.creditsRefunded.inc();
  // A Story Mode scene's reply may say who enters or leaves: 'Here now' follows.
  // Never throws: the reply is stored and paid for whatever happens to the presence.
  if (record.storyScene && !withheld) {
    await followStoryPresence(ctx, userId, record.conversationId, stored).catch(() =>
      ctx.log.warn({ conversationId: record.conversationId }, 'story presence not followed'),
    );
  }
  ctx.metrics.replies.inc({ outcome: withheld ? 'withheld' : 'done' });
  // Step 9. Never throws: the reply is stored whatever happens to its summaries.
  if (generated.summaryDue) {
    const { conversationId, keep } = record;
    await queueRollingSummary(ctx, userId, conversationId, generated.summaryDue, keep.speakerId);
  }
  if (messageCount !== undefined) {
    const { conversationId: id, summarizedAt, summarizedMessageCount } = record;
    await queueSummaryIfDue(ctx, userId, {
      id,
      summarizedAt,
      summarizedMessageCount,
      messageCount,
    });
  }
  // Told to the user's browsers when the app is not in front (issue 52). Never throws.
  if (!withheld)
    await queueReplyPush(ctx, { userId, conversationId: record.conversationId, messageId });
  return { ...resultOf(messageId, message, lore), notices };
}

/**
 * A new alternative to the AI message `messageId` (a sibling answering the same message), which
 * becomes the end of the history. Charged like any reply.
 */
export async function prepareRegenerate(
  ctx: AppContext,
  userId: string,
  messageId: number,
  speakerId?: number,
): Promise<PreparedReply> {
  const { original, target, chargeId, read } = await payForReplyTo(
    ctx,
    userId,
    messageId,
    (m) =>
      m.sender !== 'ai' || m.parentId === null
        ? 'Only a reply to a message can be regenerated.'
        : m.attachments !== null
          ? PICTURE_MESSAGES.cannotRegenerate
          : null,
    (m) => m.parentId!,
    speakerId,
  );
  const answered = original.parentId!;
  return preparedRun(ctx, userId, target, {
    chargeId,
    userMessageId: answered,
    thread: read,
    crisis: crisisOfLastMessage(ctx, userId, read, target),
    noticesAfter: answered,
    keep: { answers: answered },
    // Another version keeps its speaker unless the user asks another character.
    speaker: { asked: speakerId, kept: original.speakerId },
  });
}

/** More of the AI message `messageId`, appended to it (a reply that stopped short). */
export async function prepareContinue(
  ctx: AppContext,
  userId: string,
  messageId: number,
): Promise<PreparedReply> {
  const { original, target, chargeId, read } = await payForReplyTo(
    ctx,
    userId,
    messageId,
    (m) =>
      m.sender !== 'ai'
        ? 'Only a reply can be continued.'
        : m.moderatedAt !== null
          ? MESSAGE_REMOVED
          : m.attachments !== null
            ? PICTURE_MESSAGES.cannotContinue
            : null,
    (m) => m.id,
  );
  return preparedRun(ctx, userId, target, {
    chargeId,
    userMessageId: original.parentId ?? messageId,
    // The thread ends with the reply itself: the prompt ends with it, a prefill to go on from.
    thread: read,
    crisis: crisisOfLastMessage(ctx, userId, read, target),
    noticesAfter: original.parentId,
    keep: { continues: { messageId, content: original.content } },
    speaker: { kept: original.speakerId },
  });
}

/**
 * POST /api/conversations/{id}/turn (issue 51): a character of a group scene speaks next with no
 * message from the user, after the end of the history (one turn each of 'Let them talk').
 * Charged like any reply; `speakerId` as on POST /api/chat, else the scene picks.
 */
export async function prepareTurn(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  speakerId: number | undefined,
): Promise<PreparedReply> {
  await requireSpeakerHere(ctx, userId, conversationId, speakerId);
  await requireChatAllowed(ctx, userId);
  await offeredModels(ctx);
  const read = await readPrompt(ctx, userId, conversationId, undefined);
  const target = await targetOf(ctx, userId, conversationId, undefined, read);
  if (!target.conversation.groupScene) throw badRequest(GROUP_SCENE_MESSAGES.notGroup);
  const end = read.history.at(-1);
  if (!end) throw badRequest(GROUP_SCENE_MESSAGES.nothingYet);
  const chargeId = await takeCredit(ctx, userId, conversationId, replyCredits(ctx, target.model));
  return preparedRun(ctx, userId, target, {
    chargeId,
    userMessageId: end.id,
    thread: read,
    crisis: crisisOfLastMessage(ctx, userId, read, target),
    noticesAfter: end.id,
    keep: { answers: end.id },
    speaker: { asked: speakerId },
  });
}

/**
 * A run whose server stopped mid-reply (issue 44 item 3), prepared to go on from the text it
 * told (`told`; none: from the start): the thread up to what it answers, and that text as the
 * character's, which the prompt ends with for the model to go on from. Its credit was taken when
 * it started; its notices were recorded then.
 */
export async function prepareTakeover(
  ctx: AppContext,
  run: {
    userId: string;
    conversationId: number;
    userMessageId: number;
    chargeId: number;
    keep: ReplyKeeping['keep'];
    told: string;
    crisis: boolean;
  },
): Promise<PreparedReply> {
  const { userId, keep, told } = run;
  const continues = 'continues' in keep ? keep.continues : null;
  const read = await readPrompt(
    ctx,
    userId,
    run.conversationId,
    continues?.messageId ?? run.userMessageId,
  );
  const target = await targetOf(ctx, userId, run.conversationId, undefined, read);
  let history = read.history;
  if (continues) {
    // More of a reply: the model goes on from what it has, with what was told of the addition
    // (the message itself is stored with the whole addition at the end, as any continue).
    const content = told
      ? continues.content + continuationJoin(continues.content, told)
      : continues.content;
    history = [...history.slice(0, -1), { ...history.at(-1)!, content }];
  } else if (told) {
    history = [...history, { id: 0, sender: 'ai' as const, content: told }];
  }
  return preparedRun(ctx, userId, target, {
    chargeId: run.chargeId,
    userMessageId: run.userMessageId,
    thread: { ...read, history },
    crisis: run.crisis,
    noticesAfter: continues ? null : run.userMessageId,
    keep,
    // What was told is joined to the model's words: the reply, or a continue's addition.
    takenOver: { told },
    speaker: { kept: keep.speakerId },
  });
}

/** A new reply to an earlier message: that message screened again for its crisis part. */
function crisisOfLastMessage(
  ctx: AppContext,
  userId: string,
  read: PromptRead,
  target: ReplyTarget,
): Promise<boolean> | boolean {
  const last = read.history.findLast((m) => m.sender === 'user' && m.id !== 0);
  if (!last) return false;
  const mode = normalizeChatMode(target.conversation.chatMode) === 'immersive' ? 'story' : 'chat';
  return screenForCrisis(ctx, userId, last.content, mode);
}

/**
 * What a reply keeps while the model writes: a few fields, not the conversation's and the
 * character's rows (their texts and dates went into the prompt; an open stream waiting for a
 * model should cost little memory, issue 16 item 4).
 */
interface ReplyRecord extends ReplyKeeping {
  /** The user's message the reply is for (the one answered, for a regenerate or a continue). */
  userMessageId: number;
  summarizedAt: Date | null;
  summarizedMessageCount: number;
  /** For the notices ("Mira is an AI…"). */
  characterName: string;
  /** The message the notices follow: the one the reply answers (null: the top). */
  noticesAfter: number | null;
  /** Whether the message answered showed a crisis (known now, or once screened again). */
  crisis: boolean | Promise<boolean>;
  /**
   * A run taken over from a server that stopped (issue 44): the text it told, which the model's
   * goes on from; its notices were recorded and told already.
   */
  takenOver?: { told: string };
  /** A group scene in Story Mode: its reply may move characters in and out. */
  storyScene: boolean;
  /** A group scene's characters, for the "not a human" notice. */
  sceneNames?: string[] | undefined;
}

/**
 * A paid reply, ready to run: generate from `thread`, then keep what came as `keep` says. In a
 * group scene the speaker is found first (scene-reply.ts), and the reply is its: its definition,
 * its view of the thread, and its id kept with the run and the message.
 */
async function preparedRun(
  ctx: AppContext,
  userId: string,
  paidTarget: ReplyTarget,
  steps: Pick<
    ReplyRecord,
    'chargeId' | 'userMessageId' | 'crisis' | 'noticesAfter' | 'keep' | 'takenOver'
  > & {
    thread: PromptContext;
    speaker: SpeakerChoice;
  },
): Promise<ReplyRun> {
  if (steps.crisis instanceof Promise) steps.crisis.catch(() => undefined); // awaited in run()
  let target = paidTarget;
  let thread = steps.thread;
  let scene: ScenePrompt | undefined;
  let sceneNames: string[] | undefined;
  let keep = steps.keep;
  if (paidTarget.conversation.groupScene) {
    try {
      const parts = await sceneReplyParts(ctx, userId, paidTarget, thread, steps.speaker);
      ({ target, thread, scene } = parts);
      sceneNames = parts.names;
      keep = { ...keep, speakerId: parts.speakerId };
    } catch (error) {
      if (await refundCharge(ctx, steps.chargeId)) ctx.metrics.creditsRefunded.inc();
      throw error;
    }
  }
  // A run taken over was charged when it started.
  if (!steps.takenOver) ctx.metrics.creditsCharged.inc();
  const record: ReplyRecord = {
    conversationId: target.conversation.id,
    conversationModel: target.conversation.model,
    model: target.model,
    chargeId: steps.chargeId,
    keep,
    userMessageId: steps.userMessageId,
    summarizedAt: target.conversation.summarizedAt,
    summarizedMessageCount: target.conversation.summarizedMessageCount,
    characterName: target.character.name,
    noticesAfter: steps.noticesAfter,
    crisis: steps.crisis,
    takenOver: steps.takenOver,
    storyScene: Boolean(scene) && normalizeChatMode(target.conversation.chatMode) === 'immersive',
    sceneNames,
  };
  return new ReplyRun(ctx, userId, record, { target, thread, scene });
}

/** A prepared reply: its record, and the prompt's parts until the model is asked. */
class ReplyRun implements PreparedReply, PromptSource {
  readonly userMessageId: number;
  readonly conversationId: number;
  readonly chargeId: number;
  readonly keep: ReplyKeeping['keep'];
  recordedRun: string | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly userId: string,
    readonly record: ReplyRecord,
    // The rows and the thread are needed only to build the prompt: handed over once, then let go.
    private prompt: PromptParts | undefined,
  ) {
    this.userMessageId = record.userMessageId;
    this.conversationId = record.conversationId;
    this.chargeId = record.chargeId;
    this.keep = record.keep;
  }

  async cancel() {
    this.prompt = undefined;
    if (await refundCharge(this.ctx, this.record.chargeId)) this.ctx.metrics.creditsRefunded.inc();
  }

  // Not an async function: a reply waiting for the model keeps as few suspended frames as can be.
  run(listener?: ReplyListener): Promise<ReplyJsonResult> {
    return runReply(this.ctx, this.userId, this, listener);
  }

  takePrompt(): PromptParts {
    const parts = this.prompt;
    this.prompt = undefined;
    if (!parts) throw new Error('a prepared reply runs once');
    return parts;
  }
}
