import { z } from 'zod';
import { idParams } from '../id-params';

/**
 * Pictures in chat (issue 50 part 3): 'Send me a picture' asks the character for an image of
 * itself in the current scene. The server writes the image prompt from the character's look and
 * the last messages (through the chat prompt builder), checks it with the adults-only rule,
 * makes the image through the images API that avatars use (IMAGE_MODEL) and adds it to the
 * thread as the character's message, with the picture as its attachment.
 *
 *   POST /api/conversations/{id}/pictures  { prompt? } → the new message (chatMessageSchema),
 *                                          PICTURE_CREDITS taken, given back if no image comes
 *   GET  /api/messages/{messageId}/attachments/{index}
 *                                          → the stored image (the owner's; private cache)
 */

/** What the user may add to say what the picture should show. */
export const PICTURE_PROMPT_MAX = 500;

export const PICTURE_MESSAGES = {
  /** 503: no IMAGE_MODEL. */
  notConfigured: 'Pictures are not configured.',
  promptTooLong: `Describe the picture in at most ${PICTURE_PROMPT_MAX} characters.`,
  /** The model's image prompt failed the adults-only rule (a refused prompt costs nothing). */
  sceneRefused:
    'This scene cannot be pictured: everyone in a picture must be an adult (18+). Nothing was charged.',
  /** 502, after the credits came back. */
  failed: 'The picture could not be made. Your credits were given back; please try again.',
  timeout: 'Making the picture took too long. Your credits were given back; please try again.',
  notFound: 'This picture is not there.',
  cannotRegenerate: 'A picture cannot be regenerated. Ask for a new one instead.',
  cannotContinue: 'A picture cannot be continued.',
  /** A group scene (issue 51): a picture would be one character's view of everyone's scene. */
  notInScenes:
    'Pictures are for conversations with one character; group scenes do not send them yet.',
} as const;

export const pictureRequest = z.object({
  /** What the user would like to see (optional: the scene speaks for itself). */
  prompt: z
    .string({ error: PICTURE_MESSAGES.promptTooLong })
    .trim()
    .max(PICTURE_PROMPT_MAX, PICTURE_MESSAGES.promptTooLong)
    .transform((words) => words || undefined)
    .optional(),
});
export type PictureRequest = z.input<typeof pictureRequest>;

/** `/api/messages/:messageId/attachments/:index` (a malformed one is simply not found: 404). */
export const attachmentParams = idParams(PICTURE_MESSAGES.notFound, 'messageId').extend({
  index: z
    .string()
    .regex(/^\d{1,2}$/u, PICTURE_MESSAGES.notFound)
    .transform(Number),
});

/** Where a message's attachment is read (GET above): the web app opens it as it is. */
export const attachmentUrl = (messageId: number, index: number) =>
  `/api/messages/${messageId}/attachments/${index}`;
