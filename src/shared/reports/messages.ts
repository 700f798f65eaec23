/**
 * Moderation's words as users read them (issue 49), in a module without schemas: the chat's lazy
 * notices import it without taking the reports contract along.
 */

/** What the owner reads in place of a message moderation removed. */
export const REMOVED_BY_MODERATION = 'Removed by moderation';
export const CHARACTER_REMOVED_BY_MODERATION =
  'This character was removed by moderation and can no longer reply.';
