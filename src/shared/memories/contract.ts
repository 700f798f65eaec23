import { z } from 'zod';
import { idField, idParams } from '../id-params';
import { MEMORY_LIMITS, MEMORY_NOT_FOUND, MEMORY_SOURCES } from './rules';

/**
 * One contract per memory endpoint (issue 13, decision 0023): what a character remembers about
 * its user, listed and edited by that user.
 *
 *   GET    /api/characters/{id}/memories                        → memoryListResponse
 *   POST   /api/characters/{id}/memories  createMemoryRequest   → 201 memoryResponse
 *   PUT    /api/memories/{id}             updateMemoryRequest   → memoryResponse
 *   DELETE /api/memories/{id}                                   → successResponse
 */

export { MEMORIES_FULL, MEMORY_LIMITS, MEMORY_NOT_FOUND, MEMORY_SOURCES } from './rules';
export type { MemorySource } from './rules';

export const memoryParams = idParams(MEMORY_NOT_FOUND);

const memoryContent = z
  .string({ error: 'Please write what to remember.' })
  .trim()
  .min(1, 'Please write what to remember.')
  .max(
    MEMORY_LIMITS.contentMaxLength,
    `A memory can be at most ${MEMORY_LIMITS.contentMaxLength} characters.`,
  );

export const memorySchema = z.object({
  id: z.number(),
  content: z.string(),
  pinned: z.boolean(),
  source: z.enum(MEMORY_SOURCES),
  /** Where it was learned; null when typed by hand or once that conversation was deleted. */
  conversationId: z.number().nullable(),
  messageId: z.number().nullable(),
  /** The title of that conversation, for the link's label. */
  conversationTitle: z.string().nullable(),
  /**
   * Whether the next reply in the user's newest conversation with the character carries this
   * memory in its prompt: false when it does not fit the memories' share of the model's window
   * (LLM_CONTEXT_TOKENS), unpinned ones first (decision 0052). Computed as the prompt chooses.
   */
  inPrompt: z.boolean(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** ISO 8601 */
  updatedAt: z.string(),
});
export type Memory = z.infer<typeof memorySchema>;

/** GET /api/characters/{id}/memories: pinned first, then newest first. */
export const memoryListResponse = z.object({ memories: z.array(memorySchema) });
export type MemoryListResponse = z.infer<typeof memoryListResponse>;

/**
 * POST /api/characters/{id}/memories: a fact typed by hand, or 'Remember this' on a message
 * (`messageId`, with its conversation). Pinned unless said otherwise: the user asked for it.
 */
export const createMemoryRequest = z.object({
  content: memoryContent,
  pinned: z.boolean().optional(),
  conversationId: idField.optional(),
  messageId: idField.optional(),
});
export type CreateMemoryRequest = z.input<typeof createMemoryRequest>;

/** PUT /api/memories/{id}: new text, pinned or not, or both. */
export const updateMemoryRequest = z
  .object({ content: memoryContent.optional(), pinned: z.boolean().optional() })
  .refine((body) => body.content !== undefined || body.pinned !== undefined, {
    message: 'Nothing to change.',
  });
export type UpdateMemoryRequest = z.input<typeof updateMemoryRequest>;

export const memoryResponse = z.object({ memory: memorySchema });
export type MemoryResponse = z.infer<typeof memoryResponse>;
