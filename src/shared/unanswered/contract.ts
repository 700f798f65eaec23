import { z } from 'zod';
import { idField, idParams } from '../id-params';
import { CHAT_LIMITS } from '../chat/rules';

/**
 * Messages typed while out of credits (issue 45, defect 9): kept on the server, so they are in
 * the thread in every tab and browser until sent again. One thread is a conversation, or, before
 * the first message was answered, the character's new conversation (`conversationId` null).
 *
 *   GET    /api/unanswered?characterId=&conversationId=  → unansweredListResponse
 *   POST   /api/unanswered        unansweredBody         → 201 unansweredMessageSchema
 *   DELETE /api/unanswered/{id}                          → successResponse
 *   POST   /api/unanswered/move   unansweredMoveBody     → unansweredListResponse
 */

/** How many unanswered messages one thread keeps: more is a script, not a person. */
export const UNANSWERED_PER_THREAD = 20;

export const unansweredMessageSchema = z.object({
  id: z.number(),
  characterId: z.number(),
  conversationId: z.number().nullable(),
  content: z.string(),
  /** The newest stored message when it was typed (0: none): it is shown right after that one. */
  afterId: z.number(),
  createdAt: z.string(),
});
export type UnansweredMessageView = z.infer<typeof unansweredMessageSchema>;

/** A thread: the character's conversation, or its conversation not created yet. */
export const unansweredThreadQuery = z.object({
  characterId: idField,
  conversationId: idField.optional(),
});

export const unansweredBody = z.object({
  characterId: idField,
  conversationId: idField.nullish(),
  content: z
    .string()
    .trim()
    .min(1, 'Type a message first.')
    .max(
      CHAT_LIMITS.messageMaxLength,
      `A message can be at most ${CHAT_LIMITS.messageMaxLength} characters.`,
    ),
  afterId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type UnansweredBody = z.infer<typeof unansweredBody>;

/** The conversation was created: what was typed before it belongs to it now. */
export const unansweredMoveBody = z.object({ characterId: idField, conversationId: idField });

export const unansweredIdParams = idParams('Message not found');

export const unansweredListResponse = z.object({ messages: z.array(unansweredMessageSchema) });
