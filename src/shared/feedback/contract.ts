import { z } from 'zod';
import { idField } from '../id-params';

/** POST /api/feedback: thumbs up or down on a reply (spec sections 3 and 7). */

export const FEEDBACK_VALUES = ['GOOD', 'BAD'] as const;
/**
 * The spec's body is the message pair as text. Our web app also sends `messageId` (the rated
 * reply): the server then stores the pair as it is in the conversation, not as the client says,
 * and a second vote on the same reply replaces the first.
 */
export const feedbackRequest = z.object({
  aiMessage: z.string().trim().min(1, 'Missing message').max(20_000),
  userMessage: z.string().trim().max(20_000).default(''),
  feedback: z.enum(FEEDBACK_VALUES, { error: 'Feedback must be GOOD or BAD' }),
  messageId: idField.optional(),
});

export type FeedbackRequest = z.input<typeof feedbackRequest>;

export const feedbackResponse = z.object({ success: z.literal(true) });
