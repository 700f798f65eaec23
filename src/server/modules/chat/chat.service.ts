import { CHAT_LIMITS, excerpt, normalizeChatMode } from '../../../shared/chat';
import type { AppContext } from '../../context';
import { serviceUnavailable } from '../../errors';
import { LLM_EMPTY, LLM_NOT_CONFIGURED, LLM_TIMEOUT, LlmError } from '../../integrations/llm';
import type { CharacterRow } from '../characters/characters.repo';
import {
  insertMessage,
  listMessages,
  recordNewMessages,
  updateConversationFields,
  type ConversationRow,
} from '../conversations/conversations.repo';
import { resolveModel } from '../conversations/conversations.service';
import {
  refundCharge,
  settleCharge,
  STALE_CHARGE_MS,
  takeCredit,
} from '../credits/credits.service';
import { findProfile } from '../profile/profile.repo';
import { contextTokensOf, loadConversationWithCharacter } from './conversation-context';
import { queueSummaryIfDue } from './memory.service';
import { buildChatPrompt, REPLY_TOKENS } from './prompt-builder';

/** How many recent messages are read to fill the prompt (the budget then trims further). */
const HISTORY_WINDOW = 200;
const TITLE_LENGTH = 40;

/** A whole reply must finish well before its pending charge counts as stale. */
function replyDeadlineMs(ctx: AppContext) {
  return STALE_CHARGE_MS(ctx.config) - 30_000;
}

export interface ReplyResult {
  messageId: number;
  message: string;
  userMessageId: number;
}

export interface PreparedReply {
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
  const { conversation, character } = await loadConversationWithCharacter(
    ctx,
    userId,
    input.conversationId,
  );
  const model = resolveModel(ctx, input.model, conversation.model);
  if (!ctx.llm.configured || !model) throw serviceUnavailable(LLM_NOT_CONFIGURED);
  const chargeId = await takeCredit(ctx, userId, conversation.id);
  let userMessageId: number;
  try {
    userMessageId = (
      await insertMessage(ctx.db, userId, {
        conversationId: conversation.id,
        sender: 'user',
        content: input.message,
      })
    ).id;
    if (conversation.model !== model) {
      await updateConversationFields(ctx.db, userId, conversation.id, { model });
    }
  } catch (error) {
    await refundCharge(ctx, chargeId);
    throw error;
  }

  return {
    async run(onToken) {
      try {
        const reply = await generateReply(ctx, userId, conversation, character, model, onToken);
        const stored = await insertMessage(ctx.db, userId, {
          conversationId: conversation.id,
          sender: 'ai',
          content: reply,
        });
        await recordNewMessages(ctx.db, userId, conversation.id, {
          added: 2,
          lastMessage: reply,
          titleIfNew: excerpt(input.message, TITLE_LENGTH),
        });
        if (!(await settleCharge(ctx, chargeId))) {
          ctx.log.warn({ chargeId }, 'reply stored but its charge was no longer pending');
        }
        // Never throws. The count is the one this reply saw, plus its two messages.
        await queueSummaryIfDue(
          ctx,
          userId,
          { id: conversation.id, messageCount: conversation.messageCount + 2 },
          character.workingMemory,
        );
        return { messageId: stored.id, message: reply, userMessageId };
      } catch (error) {
        // No reply, no charge: the credit goes back whatever went wrong.
        await refundCharge(ctx, chargeId);
        throw error;
      }
    },
  };
}

async function generateReply(
  ctx: AppContext,
  userId: string,
  conversation: ConversationRow,
  character: CharacterRow,
  model: string,
  onToken: ((text: string) => void) | undefined,
): Promise<string> {
  const [recent, profile] = await Promise.all([
    listMessages(ctx.db, userId, conversation.id, { limit: HISTORY_WINDOW }),
    findProfile(ctx.db, userId),
  ]);
  const messages = buildChatPrompt({
    character,
    profile,
    mode: normalizeChatMode(conversation.chatMode),
    scenario: conversation.scenario,
    memories: character.workingMemory
      .filter((entry) => entry.conversation_id !== conversation.id)
      .map((entry) => entry.summary),
    history: recent.reverse().map((m) => ({ sender: m.sender, content: m.content })),
    contextTokens: contextTokensOf(ctx),
  });
  // The reply is produced to the end even if the client goes away: it is stored either way. It
  // must end before the charge sweeper would take its pending credit for a dead reply.
  const deadline = AbortSignal.timeout(replyDeadlineMs(ctx));
  const stream = ctx.llm.stream({ messages, model, maxTokens: REPLY_TOKENS, signal: deadline });
  let completion;
  try {
    for await (const delta of stream) {
      try {
        onToken?.(delta);
      } catch {
        /* a listener that failed (closed socket) must not stop the reply */
      }
    }
    completion = await stream.done;
  } catch (error) {
    if (deadline.aborted) throw new LlmError('upstream', LLM_TIMEOUT, 'reply deadline passed');
    throw error;
  }
  const text = completion.content.trim();
  if (!text) throw new LlmError('upstream', LLM_EMPTY, 'empty reply');
  return text.slice(0, CHAT_LIMITS.messageMaxLength * 4);
}
