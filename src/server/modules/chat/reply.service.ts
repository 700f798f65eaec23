import type { ReplyResult } from '../../../shared/chat/contract';
import { CHAT_LIMITS, excerpt, normalizeChatMode } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { serviceUnavailable } from '../../errors';
import {
  LLM_EMPTY,
  LLM_NOT_CONFIGURED,
  LLM_TIMEOUT,
  LlmError,
  readStream,
} from '../../integrations/llm';
import {
  refundCharge,
  settleChargeStatement,
  STALE_CHARGE_MS,
  takeCredit,
} from '../credits/credits.service';
import type { CharacterRow } from '../characters/characters.repo';
import { findProfile } from '../profile/profile.repo';
import { buildChatPrompt } from '../../prompts/chat.prompt';
import { MODEL_SETTINGS } from '../../prompts/model-settings';
import { readThread, storeMessage, type ConversationRow } from './chat.repo';
import { contextTokensOf, loadConversationWithCharacter } from './conversation-context';
import { queueSummaryIfDue } from './memory.service';
import { resolveModel } from './model-policy';

/**
 * A reply is a pipeline of named steps: find what it answers (refusing early), charge one
 * credit, store the user's message, generate, and store the reply with its bookkeeping and the
 * charge's settlement in one transaction. A reply that fails anywhere after the charge gives the
 * credit back. Regenerating or continuing a reply are the same steps without storing a new user
 * message.
 */

/** How many recent messages are read to fill the prompt (the budget then trims further). */
const HISTORY_WINDOW = 200;
const TITLE_LENGTH = 40;

/** What a reply answers: the conversation, its character and the model it will use. */
export interface ReplyTarget {
  conversation: ConversationRow;
  character: CharacterRow;
  model: string;
}

export interface PreparedReply {
  /** The user's message, stored before any reply starts. */
  userMessageId: number;
  /** Calls the model (streaming deltas to `onToken`) and stores the reply. */
  run(onToken?: (text: string) => void): Promise<ReplyResult>;
}

/**
 * Everything that can refuse a message happens here, before any reply starts: ownership, the
 * model allow-list, configuration, and the credit (taken atomically; no credit → 403 and the
 * model is never called). The user's message is stored at once, so it is never lost.
 */
export async function prepareReply(
  ctx: AppContext,
  userId: string,
  input: { message: string; conversationId: number; model?: string | undefined },
): Promise<PreparedReply> {
  const target = await findReplyTarget(ctx, userId, input.conversationId, input.model);
  // The thread and the profile depend neither on the credit nor on the message being stored:
  // reading them meanwhile saves two round trips before the model is called. Without a credit
  // they are simply not used.
  const context = readPromptContext(ctx, userId, target);
  context.catch(() => undefined); // awaited in run(); this only marks a refusal below as handled
  const chargeId = await takeCredit(ctx, userId, target.conversation.id);
  let userMessageId: number;
  try {
    userMessageId = await storeUserMessage(ctx, userId, target, input.message);
  } catch (error) {
    await refundCharge(ctx, chargeId);
    throw error;
  }
  const newMessage = { id: userMessageId, sender: 'user' as const, content: input.message };
  // The thread is needed only to build the prompt; nothing keeps it while the model answers.
  let pending: Promise<PromptContext> | undefined = context.then(({ history, profile }) => ({
    profile,
    // The read may have seen the new message or not; either way it ends the thread once.
    history: [...history.filter((m) => m.id !== userMessageId), newMessage],
  }));
  return {
    userMessageId,
    run: async (onToken) => {
      const takeContext = () => {
        const thread = pending;
        pending = undefined;
        if (!thread) throw new Error('a prepared reply runs once');
        return thread;
      };
      return {
        ...(await answer(ctx, userId, target, chargeId, takeContext, onToken)),
        userMessageId,
      };
    },
  };
}

/** The recent thread (oldest first) and the user's profile, for the prompt. */
async function readPromptContext(ctx: AppContext, userId: string, target: ReplyTarget) {
  const [history, profile] = await Promise.all([
    readThread(ctx.db, userId, target.conversation.id, { limit: HISTORY_WINDOW }),
    findProfile(ctx.db, userId),
  ]);
  return { history, profile };
}

type PromptContext = {
  history: { id: number; sender: 'user' | 'ai'; content: string }[];
  profile: Awaited<ReturnType<typeof findProfile>>;
};

/** Step 1: the conversation (the user's, its character still there) and the model to use. */
async function findReplyTarget(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  requestedModel: string | undefined,
): Promise<ReplyTarget> {
  const { conversation, character } = await loadConversationWithCharacter(
    ctx,
    userId,
    conversationId,
  );
  const model = resolveModel(ctx, requestedModel, conversation.model);
  if (!ctx.llm.configured || !model) throw serviceUnavailable(LLM_NOT_CONFIGURED);
  return { conversation, character, model };
}

/**
 * Step 2: the user's message, counted and shown as the conversation's preview at once (a reply
 * that fails later leaves the conversation consistent with what is stored), naming a new
 * conversation after it, and remembering the model it was sent to.
 */
async function storeUserMessage(
  ctx: AppContext,
  userId: string,
  { conversation, model }: ReplyTarget,
  text: string,
): Promise<number> {
  const stored = await storeMessage(ctx.db, userId, conversation.id, {
    sender: 'user',
    content: text,
    titleIfNew: excerpt(text, TITLE_LENGTH),
    model: conversation.model !== model ? model : undefined,
  });
  return stored.id;
}

/**
 * Steps 3 and 4 for a charged reply: generate it from the thread as stored, then store it. Any
 * failure gives the credit back: no reply, no charge.
 */
async function answer(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  chargeId: number,
  context: () => Promise<PromptContext>,
  onToken: ((text: string) => void) | undefined,
) {
  try {
    const reply = await generateReply(ctx, target, context, onToken);
    const { messageId, messageCount } = await storeReply(ctx, userId, target, chargeId, reply);
    // Never throws: the reply is stored whatever happens to its summary.
    await queueSummaryIfDue(
      ctx,
      userId,
      { id: target.conversation.id, messageCount },
      target.character.workingMemory,
    );
    return { messageId, message: reply };
  } catch (error) {
    await refundCharge(ctx, chargeId);
    throw error;
  }
}

/** Step 3: the model's answer to the thread, streamed to `onToken` as it grows. */
async function generateReply(
  ctx: AppContext,
  target: ReplyTarget,
  context: () => Promise<PromptContext>,
  onToken: ((text: string) => void) | undefined,
): Promise<string> {
  // The reply is produced to the end even if the client goes away: it is stored either way. It
  // must end well before the charge sweeper would take its pending credit for a dead reply.
  const deadline = AbortSignal.timeout(STALE_CHARGE_MS(ctx.config) - 30_000);
  const stream = startReplyStream(ctx, target, await context(), deadline);
  let completion;
  try {
    completion = await readStream(stream, (delta) => {
      try {
        onToken?.(delta);
      } catch {
        /* a listener that failed (closed socket) must not stop the reply */
      }
    });
  } catch (error) {
    if (deadline.aborted) throw new LlmError('upstream', LLM_TIMEOUT, 'reply deadline passed');
    throw error;
  }
  const text = completion.content.trim();
  if (!text) throw new LlmError('upstream', LLM_EMPTY, 'empty reply');
  return text.slice(0, CHAT_LIMITS.messageMaxLength * 4);
}

/**
 * The prompt, built and handed to the model in one synchronous call: nothing that waits for the
 * model's answer keeps the prompt or the thread it was built from (they can be large, and a
 * model may think for seconds).
 */
function startReplyStream(
  ctx: AppContext,
  { conversation, character, model }: ReplyTarget,
  { history, profile }: PromptContext,
  signal: AbortSignal,
) {
  const messages = buildChatPrompt({
    character,
    profile,
    mode: normalizeChatMode(conversation.chatMode),
    scenario: conversation.scenario,
    memories: character.workingMemory
      .filter((entry) => entry.conversation_id !== conversation.id)
      .map((entry) => entry.summary),
    history: history.map((m) => ({ sender: m.sender, content: m.content })),
    contextTokens: contextTokensOf(ctx),
  });
  return ctx.llm.stream({ messages, model, ...MODEL_SETTINGS.reply, signal });
}

/**
 * Step 4: the reply, the conversation's preview and count, and the charge settled, in one
 * statement. A charge the sweeper already refunded (the reply took too long) is not taken
 * again: the user gets that reply free, the safe side.
 */
async function storeReply(
  ctx: AppContext,
  userId: string,
  { conversation }: ReplyTarget,
  chargeId: number,
  reply: string,
) {
  const stored = await storeMessage(
    ctx.db,
    userId,
    conversation.id,
    { sender: 'ai', content: reply },
    settleChargeStatement(chargeId),
  );
  if (stored.alongsideRows === 0)
    ctx.log.warn({ chargeId }, 'reply stored but its charge was no longer pending');
  return { messageId: stored.id, messageCount: stored.messageCount };
}
