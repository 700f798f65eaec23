import { MESSAGE_NOT_FOUND } from '../../../shared/chat/contract';
import type { z } from 'zod';
import type { feedbackRequest } from '../../../shared/feedback/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findRatedPair } from '../chat';
import { saveFeedback } from './feedback.repo';

/**
 * A reply named by `messageId` is filed with the pair as it is in the conversation, so a client
 * cannot file text it never saw; the spec's text-only body is stored as sent.
 */
export async function recordFeedback(
  ctx: AppContext,
  userId: string,
  input: z.output<typeof feedbackRequest>,
) {
  if (input.messageId === undefined) return saveFeedback(ctx.db, userId, input);
  const pair = await findRatedPair(ctx.db, userId, input.messageId);
  if (!pair) throw notFound(MESSAGE_NOT_FOUND);
  await saveFeedback(ctx.db, userId, {
    ...pair,
    feedback: input.feedback,
    messageId: input.messageId,
    comment: input.comment,
  });
}
