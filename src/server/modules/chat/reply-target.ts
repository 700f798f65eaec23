import { MESSAGE_NOT_FOUND } from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { notFound, serviceUnavailable } from '../../errors';
import { LLM_NOT_CONFIGURED } from '../../integrations/llm';
import type { CharacterRow } from '../characters';
import {
  contextTokensOf,
  loadConversationWithCharacter,
  requireNotModerated,
} from './conversation-context';
import type { ConversationRow } from './conversations.repo';
import { findMessage } from './messages.repo';
import { resolveModel } from './model-policy';
import { readPromptContext, type PromptRead } from './prompt-context.repo';

/** How many recent messages are read to fill the prompt (the budget then trims further). */
const HISTORY_WINDOW = 200;

/** What a reply answers: the conversation, its character and the model it will use. */
export interface ReplyTarget {
  conversation: ConversationRow;
  character: CharacterRow;
  model: string;
}

/**
 * The prompt's thread ending at `from` (by default the end of the history; null: a new first
 * message, with nothing before it), the user's profile and the character's memories, with the
 * conversation and its character: what targetOf takes the reply's target from.
 */
export function readPrompt(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  from: number | null | undefined,
) {
  return readPromptContext(ctx.db, userId, conversationId, { from, ...promptWindow(ctx) });
}

/** How much of the thread a prompt reads: the budget's worth (about four characters a token). */
export function promptWindow(ctx: AppContext) {
  return { limit: HISTORY_WINDOW, maxChars: contextTokensOf(ctx) * 4 };
}

/**
 * Step 2: the conversation (the user's, its character still there) and the model to use, as the
 * prompt's read brought them (one statement fewer before the model is called); only a refusal
 * reads them again, to say which (not found, or the character deleted).
 */
export async function targetOf(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  requestedModel: string | undefined,
  { target }: PromptRead,
): Promise<ReplyTarget> {
  if (target?.character) {
    return replyTarget(ctx, target.conversation, target.character, requestedModel);
  }
  return findReplyTarget(ctx, userId, conversationId, requestedModel);
}

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
  return replyTarget(ctx, conversation, character, requestedModel);
}

/** A conversation and its character as a reply target: with the model, if one can answer. */
function replyTarget(
  ctx: AppContext,
  conversation: ConversationRow,
  character: CharacterRow,
  requestedModel: string | undefined,
): ReplyTarget {
  requireNotModerated(character);
  const model = resolveModel(ctx, requestedModel, conversation.model);
  if (!ctx.llm.configured || !model) throw serviceUnavailable(LLM_NOT_CONFIGURED);
  return { conversation, character, model };
}

/** 404 unless the user's message `messageId` belongs to the target's conversation. */
export async function requireMessageIn(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  messageId: number,
) {
  const found = await findMessage(ctx.db, userId, messageId);
  if (!found || found.conversationId !== target.conversation.id) {
    throw notFound(MESSAGE_NOT_FOUND);
  }
}
