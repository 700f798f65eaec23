import { MESSAGE_NOT_FOUND } from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { findMessage, refreshLastMessage, updateMessageContent } from './messages.repo';
import { toMessageView } from './conversations.service';
import { forgetSummariesFrom } from './rolling-summary.repo';

/** A message moderation removed keeps its text out of reach: not edited, not continued. */
export const MESSAGE_REMOVED = 'This message was removed by moderation.';

/**
 * Edits a message's text in place: the user's own, or a character's reply (issue 45, as
 * SillyTavern does). Either way the message keeps its id and its place in the tree, so nothing
 * after it moves and the next prompt reads the new text; a new version of a message is made by
 * 'Save as new branch' (the user's) or Regenerate (a reply's). It costs nothing and asks no
 * model. A reply's new text is the user's own words: it is not screened as a message the user
 * sent (the screen reads first-person words as the user's, and a character's lines are not), nor
 * passed to the reply guard (which holds back what the model writes); the next reply is
 * screened and guarded as ever. In Story Mode a reply keeps the options made after it: they are
 * suggestions, and Reroll makes new ones for the edited scene.
 */
export async function editMessage(
  ctx: AppContext,
  userId: string,
  messageId: number,
  input: { content: string; conversationId?: number | undefined },
) {
  const message = await findMessage(ctx.db, userId, messageId);
  if (!message || (input.conversationId && input.conversationId !== message.conversationId)) {
    throw notFound(MESSAGE_NOT_FOUND);
  }
  if (message.moderatedAt !== null) throw conflict(MESSAGE_REMOVED);
  if (message.content.trim() === input.content) throw badRequest('The message has not changed.');
  const updated = await updateMessageContent(ctx.db, userId, messageId, input.content);
  // A summary that read the old text would keep telling it: those are written again.
  await forgetSummariesFrom(ctx.db, userId, message.conversationId, messageId);
  await refreshLastMessage(ctx.db, userId, message.conversationId);
  return toMessageView(updated!);
}
