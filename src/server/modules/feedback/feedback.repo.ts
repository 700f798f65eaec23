import type { Database } from '../../db/client';
import { feedback } from '../../db/schema';

export async function insertFeedback(
  db: Database,
  userId: string,
  value: { aiMessage: string; userMessage: string; feedback: 'GOOD' | 'BAD' },
) {
  await db.insert(feedback).values({ userId, ...value });
}
