import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feedback } from '../../db/schema';

export interface FeedbackValue {
  aiMessage: string;
  userMessage: string;
  feedback: 'GOOD' | 'BAD';
  messageId?: number | undefined;
}

/** One row per rated reply: voting again on the same reply replaces the earlier vote. */
export async function saveFeedback(db: Database, userId: string, value: FeedbackValue) {
  const insert = db.insert(feedback).values({ userId, ...value });
  if (value.messageId === undefined) {
    await insert;
    return;
  }
  await insert.onConflictDoUpdate({
    target: [feedback.userId, feedback.messageId],
    set: { feedback: value.feedback, createdAt: sql`now()` },
  });
}
