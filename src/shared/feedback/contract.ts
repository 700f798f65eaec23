import { z } from 'zod';
import { idField } from '../id-params';

/** POST /api/feedback: thumbs up or down on a reply (spec sections 3 and 7). */

export const FEEDBACK_VALUES = ['GOOD', 'BAD'] as const;
/** The words a user may add to a thumbs up or down (issue 49), at most. */
export const FEEDBACK_COMMENT_MAX = 1000;
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
  /**
   * What the user adds in words ('Add a comment' after a thumbs). A vote replaces the earlier
   * vote on the same reply and its comment: a comment sent again with the vote is kept.
   */
  comment: z
    .string()
    .trim()
    .max(FEEDBACK_COMMENT_MAX, `A comment is at most ${FEEDBACK_COMMENT_MAX} characters.`)
    .optional(),
});

export type FeedbackRequest = z.input<typeof feedbackRequest>;

export const feedbackResponse = z.object({ success: z.literal(true) });
