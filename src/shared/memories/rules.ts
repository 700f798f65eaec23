/** Memory limits and copy, free of zod so the web app's chat bundle can use them. */

export const MEMORY_NOT_FOUND = 'Memory not found';
export const MEMORY_LIMITS = {
  contentMaxLength: 4000,
  /** A character remembers at most this many things (summaries included). */
  perCharacter: 500,
} as const;
export const MEMORIES_FULL = `This character already remembers ${MEMORY_LIMITS.perCharacter} things. Delete some before adding more.`;

export const MEMORY_SOURCES = ['summary', 'message', 'manual'] as const;
export type MemorySource = (typeof MEMORY_SOURCES)[number];
