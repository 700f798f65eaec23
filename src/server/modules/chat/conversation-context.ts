import { DEFAULT_CONTEXT_TOKENS } from '../../config';
import type { AppContext } from '../../context';
import { CONVERSATION_NOT_FOUND } from '../../../shared/chat/contract';
import { CHARACTER_REMOVED_BY_MODERATION } from '../../../shared/reports/contract';
import { conflict, forbidden, notFound } from '../../errors';
import type { CharacterRow } from '../characters';
import { findConversationWithCharacter, type ConversationRow } from './conversations.repo';

export const CHARACTER_GONE = "This conversation's character was deleted, so it can't continue.";

/**
 * 403 for a character moderation removed (issue 49): its conversations stay readable, but it
 * says nothing more (replies, regenerations, continues, story, new conversations).
 */
export function requireNotModerated(character: { moderatedAt?: Date | string | null }) {
  if (character.moderatedAt != null) throw forbidden(CHARACTER_REMOVED_BY_MODERATION);
}

/** The prompt budget in tokens (LLM_CONTEXT_TOKENS). */
export const contextTokensOf = (ctx: AppContext) =>
  ctx.config.llm?.contextTokens ?? DEFAULT_CONTEXT_TOKENS;

/** A conversation with its (still existing) character, or a clear error. */
export async function loadConversationWithCharacter(
  ctx: AppContext,
  userId: string,
  conversationId: number,
): Promise<{ conversation: ConversationRow; character: CharacterRow }> {
  const found = await findConversationWithCharacter(ctx.db, userId, conversationId);
  if (!found) throw notFound(CONVERSATION_NOT_FOUND);
  if (!found.character) throw conflict(CHARACTER_GONE);
  return { conversation: found.conversation, character: found.character };
}
