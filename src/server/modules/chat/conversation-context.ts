import { DEFAULT_CONTEXT_TOKENS } from '../../config';
import type { AppContext } from '../../context';
import { conflict } from '../../errors';
import { findCharacter, type CharacterRow } from '../characters/characters.repo';
import type { ConversationRow } from './chat.repo';
import { requireConversation } from './conversations.service';

export const CHARACTER_GONE = "This conversation's character was deleted, so it can't continue.";

/** The prompt budget in tokens (LLM_CONTEXT_TOKENS). */
export const contextTokensOf = (ctx: AppContext) =>
  ctx.config.llm?.contextTokens ?? DEFAULT_CONTEXT_TOKENS;

/** A conversation with its (still existing) character, or a clear error. */
export async function loadConversationWithCharacter(
  ctx: AppContext,
  userId: string,
  conversationId: number,
): Promise<{ conversation: ConversationRow; character: CharacterRow }> {
  const conversation = await requireConversation(ctx, userId, conversationId);
  const character = conversation.characterId
    ? await findCharacter(ctx.db, userId, conversation.characterId)
    : null;
  if (!character) throw conflict(CHARACTER_GONE);
  return { conversation, character };
}
