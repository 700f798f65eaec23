import type { z } from 'zod';
import type { feedbackSchema } from '../../../shared/chat';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findRatedPair } from '../conversations/conversations.repo';
import { saveFeedback } from './feedback.repo';

/**
 * A reply named by `messageId` is filed with the pair as it is in the conversation, so a client
 * cannot file text it never saw; the spec's text-only body is stored as sent.
 */
export async function recordFeedback(
  ctx: AppContext,
  userId: string,
  input: z.output<typeof feedbackSchema>,
) {
  if (input.messageId === undefined) return saveFeedback(ctx.db, userId, input);
  const pair = await findRatedPair(ctx.db, userId, input.messageId);
  if (!pair) throw notFound('Message not found');
  await saveFeedback(ctx.db, userId, {
    ...pair,
    feedback: input.feedback,
    messageId: input.messageId,
  });
}
