import { z } from 'zod';
import { MAX_ID, parseId } from './ids';

/**
 * A path's id as a contract: it arrives in the handler as a number, and a malformed one fails
 * with `notFoundMessage`, which the server answers as 404 (a path that cannot exist is simply
 * not found, never a 400 that tells ids apart). `idParams('Character not found')` reads `:id`;
 * pass a key for another name (`:messageId`).
 */
export function idParams<const Key extends string = 'id'>(notFoundMessage: string, key?: Key) {
  const id = z.string().transform((value, context) => {
    const parsed = parseId(value);
    if (parsed === null) {
      context.addIssue({ code: 'custom', message: notFoundMessage });
      return z.NEVER;
    }
    return parsed;
  });
  return z.object({ [key ?? 'id']: id } as Record<Key, typeof id>);
}

/** An id sent in a body or query (`conversationId`, `messageId`): a positive integer that fits the column. */
export const idField = z.coerce
  .number({ error: 'Unknown id' })
  .int('Unknown id')
  .positive('Unknown id')
  .max(MAX_ID, 'Unknown id');
