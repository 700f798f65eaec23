import { MESSAGE_NOT_FOUND } from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../errors';
import { findMessage, refreshLastMessage, updateMessageContent } from './messages.repo';
import { toMessageView } from './conversations.service';

/** Only the user's own messages can be edited, and only into a different text. */
export async function editUserMessage(
  ctx: AppContext,
  userId: string,
  messageId: number,
  input: { content: string; conversationId?: number | undefined },
) {
  const message = await findMessage(ctx.db, userId, messageId);
  if (!message || (input.conversationId && input.conversationId !== message.conversationId)) {
    throw notFound(MESSAGE_NOT_FOUND);
  }
  if (message.sender !== 'user') throw forbidden('You can only edit your own messages.');
  if (message.content.trim() === input.content) throw badRequest('The message has not changed.');
  const updated = await updateMessageContent(ctx.db, userId, messageId, input.content);
  await refreshLastMessage(ctx.db, userId, message.conversationId);
  return toMessageView(updated!);
}
