import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { message, type StoredAttachment } from '../../db/schema';

/**
 * The `index`th file of the user's own message (null when absent, not theirs, or removed by
 * moderation): one primary-key lookup.
 */
export async function findAttachment(
  db: Database,
  userId: string,
  messageId: number,
  index: number,
): Promise<StoredAttachment | null> {
  const [row] = await db
    .select({ attachments: message.attachments })
    .from(message)
    .where(and(eq(message.id, messageId), eq(message.userId, userId), isNull(message.moderatedAt)))
    .limit(1);
  return row?.attachments?.[index] ?? null;
}
