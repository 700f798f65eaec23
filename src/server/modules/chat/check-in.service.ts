import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { checkInRequest } from '../../prompts/check-in.prompt';
import { MODEL_SETTINGS } from '../../prompts/model-settings';
import { refundCharge, settleChargeStatement, takeCredit } from '../credits';
import { isHarmfulReply, noticesForReply, replyCare } from '../safety';
import { insertConversation, latestSoloConversation } from './conversations.repo';
import { storeMessage } from './message-store.repo';
import { modelOf, resolveModel } from './model-policy';
import { readStory, sheetAndStory } from './story.service';
import { normalizeChatMode } from '../../../shared/chat/rules';

/** How many of the conversation's newest messages the character reads before checking in. */
const CHECK_IN_HISTORY = 12;
/** What a check-in costs. */
export const CHECK_IN_CREDITS = 1;

export type CheckInWritten =
  | { outcome: 'sent'; conversationId: number; messageId: number }
  | { outcome: 'no-credits' }
  | { outcome: 'failed' };

/**
 * A character writes first (issue 52 part 3): one credit is taken (none left: nothing is written),
 * then, in its most recent conversation with the user (a group scene is never one; a new Texting
 * conversation when there is none), the character's model writes from its sheet, its memories
 * and the last exchange (with the crisis steering while a crisis is recent there). The message
 * passes the crisis protocol's reply guard, comes after the
 * "not a human" notice when one is due, and is stored with its charge settled in one statement.
 * A failure gives the credit back. Runs in the check-ins job, never in a request.
 */
export async function writeCheckIn(
  ctx: AppContext,
  userId: string,
  characterId: number,
  local: { weekday: string; time: string },
): Promise<CheckInWritten> {
  if (!ctx.llm.configured) return { outcome: 'failed' };
  let chargeId: number;
  try {
    chargeId = await takeCredit(ctx, userId, null, CHECK_IN_CREDITS);
  } catch (error) {
    if (error instanceof HttpError && error.message === OUT_OF_CREDITS_MESSAGE) {
      return { outcome: 'no-credits' };
    }
    throw error;
  }
  try {
    const conversationId = await conversationFor(ctx, userId, characterId);
    const read = await readStory(ctx, userId, conversationId, CHECK_IN_HISTORY);
    const { system, story } = sheetAndStory(
      ctx,
      read,
      normalizeChatMode(read.conversation.chatMode),
    );
    // After a crisis in this conversation (the last day), the character writes with the same
    // care as its replies, and the guard reads it as a crisis turn.
    const { recentCrisis } = read;
    const { steering } = replyCare(ctx, read.character.name, { crisis: false, recentCrisis });
    const answer = await ctx.llm.complete({
      model: modelOf(ctx, read.conversation),
      ...MODEL_SETTINGS.checkIn,
      messages: [
        system,
        ...(steering ? [{ role: 'system' as const, content: steering }] : []),
        checkInRequest(story, local),
      ],
      usage: { userId, purpose: 'reply' },
    });
    const text = answer.content.trim();
    if (!text || isHarmfulReply(text, recentCrisis)) throw new Error('check-in not usable');
    await noticesForReply(ctx, {
      userId,
      conversationId,
      characterName: read.character.name,
      afterMessageId: read.conversation.activeLeafId,
      crisis: false,
    });
    const stored = await storeMessage(
      ctx.db,
      userId,
      conversationId,
      { sender: 'ai', content: text, model: answer.model },
      settleChargeStatement(chargeId),
    );
    return { outcome: 'sent', conversationId, messageId: stored.id };
  } catch (error) {
    await refundCharge(ctx, chargeId);
    // The error itself, not its message: the logger's serializer drops the statement's values
    // (the check-in's text), which a failed insert's message carries.
    ctx.log.warn({ userId, characterId, err: error }, 'check-in not written');
    return { outcome: 'failed' };
  }
}

/** The user's most recent conversation with the character alone, or a new Texting one. */
async function conversationFor(ctx: AppContext, userId: string, characterId: number) {
  const recent = await latestSoloConversation(ctx.db, userId, characterId);
  if (recent !== undefined) return recent;
  const row = await insertConversation(ctx.db, userId, {
    characterId,
    chatMode: 'texting',
    model: resolveModel(ctx, undefined, null),
    personaId: null,
  });
  return row.id;
}
