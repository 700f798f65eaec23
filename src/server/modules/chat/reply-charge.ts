import { MESSAGE_NOT_FOUND } from '../../../shared/chat/contract';
import { conversationTitle } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { badRequest, notFound, serviceUnavailable } from '../../errors';
import { LLM_NOT_CONFIGURED } from '../../integrations/llm';
import { refundCharge, takeCredit } from '../credits';
import { requireChatAllowed } from '../safety';
import { storeMessage } from './message-store.repo';
import { requireSpeakerHere } from './scene-reply';
import { findMessage, type MessageRow } from './messages.repo';
import { offeredModels, replyCredits, resolveModel } from './model-policy';
import { storeMessageAndReadPrompt, type PromptRead } from './prompt-context.repo';
import { deleteQueuedRun, type RunToRecord } from './reply-runs.repo';
import {
  promptWindow,
  readPrompt,
  requireMessageIn,
  targetOf,
  type ReplyTarget,
} from './reply-target';

/**
 * Steps 2 to 4 of a reply (reply.service.ts): its target found, one credit taken (atomically; no
 * credit → 403 and the model is never called), and the user's message stored at once, so it is
 * never lost. A failure after the credit was taken gives it back. Each way also brings the
 * prompt's read, which the target comes from.
 */
export interface PaidReply {
  target: ReplyTarget;
  chargeId: number;
  userMessageId: number;
  read: PromptRead;
  /** The id of the reply's run, when it was recorded with the message (decision 0071). */
  recordedRun?: string | undefined;
}

/**
 * The common case, a message at the end of the history, in as few round trips as possible
 * before the model is called (issue 12): one statement takes the credit, stores the message (it
 * checks on its own that the conversation is the user's and its character still there, so a
 * refusal takes and stores nothing) and reads the prompt (thread, profile, memories, and the
 * conversation with its character; decision 0032). When no credit was taken that way (none left,
 * a period to renew, a new account) the careful path takes over. With `run`, the same statement
 * records the reply's run (not in a group scene), which the careful path leaves to start().
 */
export async function payAndStoreAtEnd(
  ctx: AppContext,
  userId: string,
  input: { message: string; conversationId: number; model?: string | undefined },
  run: RunToRecord | null = null,
): Promise<PaidReply> {
  // The model refusals come first: nothing may be charged or stored for a reply that cannot be.
  const offerings = await offeredModels(ctx);
  resolveModel(ctx, input.model, null);
  if (!ctx.llm.configured) throw serviceUnavailable(LLM_NOT_CONFIGURED);
  const { stored, read } = await storeMessageAndReadPrompt(
    ctx.db,
    userId,
    input.conversationId,
    {
      content: input.message,
      titleIfNew: conversationTitle(input.message),
      model: input.model || null, // '' asks for no model in particular
    },
    promptWindow(ctx),
    offerings,
    run,
  );
  const recordedRun = run && stored.alongsideRows > 0 ? run : null;
  let target: ReplyTarget;
  try {
    target = await targetOf(ctx, userId, input.conversationId, input.model, read);
  } catch (error) {
    // A refused conversation took nothing (the credit waits for it in the same statement); a
    // refusal found after the read (the conversation's model no longer offered) gives back the
    // credit the statement took, and the run it recorded is never started. The refusal is told
    // and the credit given back whatever happens to the run's row (refundCharge never throws).
    if (recordedRun) {
      await deleteQueuedRun(ctx.db, recordedRun.id, recordedRun.owner).catch((failure: unknown) =>
        ctx.log.error({ err: failure, runId: recordedRun.id }, 'refused reply: run not deleted'),
      );
    }
    if (stored.chargeId !== null) await refundCharge(ctx, stored.chargeId);
    throw error;
  }
  if (stored.chargeId !== null) {
    const { chargeId, id: userMessageId } = stored;
    return { target, chargeId, userMessageId, read, recordedRun: recordedRun?.id };
  }
  // No credit was taken: none left, a period to renew, a new account, or a paused account.
  await requireChatAllowed(ctx, userId);
  const chargeId = await takeCredit(ctx, userId, target.conversation.id, priceOf(ctx, target));
  const userMessageId = await storeUserMessageOrRefund(ctx, userId, target, input, chargeId);
  return { target, chargeId, userMessageId, read };
}

/** A message after `parentId` (a new branch; null: a new first message), step by step. */
export async function payAndStoreAfter(
  ctx: AppContext,
  userId: string,
  input: { message: string; conversationId: number; model?: string | undefined },
  parentId: number | null,
): Promise<PaidReply> {
  await requireChatAllowed(ctx, userId);
  await offeredModels(ctx);
  const read = await readPrompt(ctx, userId, input.conversationId, parentId);
  const target = await targetOf(ctx, userId, input.conversationId, input.model, read);
  // A branch starts after a message of this conversation; anything else is not found.
  if (parentId) await requireMessageIn(ctx, userId, target, parentId);
  const chargeId = await takeCredit(ctx, userId, target.conversation.id, priceOf(ctx, target));
  const userMessageId = await storeUserMessageOrRefund(
    ctx,
    userId,
    target,
    { message: input.message, parentId },
    chargeId,
  );
  return { target, chargeId, userMessageId, read };
}

/**
 * The common start of a regenerate and a continue: the user's message `messageId` (404 if not
 * theirs; 400 with the refusal `refuse` gives, or for a scene's speaker `speakerId` not here), its
 * conversation as a reply target, the thread up to `threadEnd`, and the credit. No user message is
 * stored.
 */
export async function payForReplyTo(
  ctx: AppContext,
  userId: string,
  messageId: number,
  refuse: (message: MessageRow) => string | null,
  threadEnd: (message: MessageRow) => number,
  speakerId?: number,
) {
  const original = await findMessage(ctx.db, userId, messageId);
  if (!original) throw notFound(MESSAGE_NOT_FOUND);
  const refusal = refuse(original);
  if (refusal) throw badRequest(refusal);
  // A group scene's other speaker asked for is here (scene-reply.ts).
  await requireSpeakerHere(ctx, userId, original.conversationId, speakerId);
  await offeredModels(ctx);
  const read = await readPrompt(ctx, userId, original.conversationId, threadEnd(original));
  const target = await targetOf(ctx, userId, original.conversationId, undefined, read);
  await requireChatAllowed(ctx, userId);
  const chargeId = await takeCredit(ctx, userId, target.conversation.id, priceOf(ctx, target));
  return { original, target, chargeId, read };
}

/** The credits a reply on the target's model costs (the console's Models page). */
const priceOf = (ctx: AppContext, target: ReplyTarget) => replyCredits(ctx, target.model);

async function storeUserMessageOrRefund(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  input: { message: string; parentId?: number | null | undefined },
  chargeId: number,
) {
  try {
    return await storeUserMessage(ctx, userId, target, input.message, input.parentId);
  } catch (error) {
    await refundCharge(ctx, chargeId);
    throw error;
  }
}

/**
 * Step 4: the user's message, counted and shown as the conversation's preview at once (a reply
 * that fails later leaves the conversation consistent with what is stored), naming a new
 * conversation after it, and remembering the model it was sent to.
 */
async function storeUserMessage(
  ctx: AppContext,
  userId: string,
  { conversation, model }: ReplyTarget,
  text: string,
  parentId: number | null | undefined,
): Promise<number> {
  const stored = await storeMessage(ctx.db, userId, conversation.id, {
    sender: 'user',
    content: text,
    parentId,
    titleIfNew: conversationTitle(text),
    model: conversation.model !== model ? model : undefined,
  });
  return stored.id;
}
