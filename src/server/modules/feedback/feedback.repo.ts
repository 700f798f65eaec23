import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { feedback } from '../../db/schema';
import { pagesOf, type ExportParts } from '../../db/user-data';

export interface FeedbackValue {
  aiMessage: string;
  userMessage: string;
  feedback: 'GOOD' | 'BAD';
  messageId?: number | undefined;
  edited?: boolean;
  comment?: string | undefined;
}

/** One row per rated reply: voting again on the same reply replaces the earlier vote. */
export async function saveFeedback(db: Database, userId: string, value: FeedbackValue) {
  const comment = value.comment ? value.comment : null;
  const insert = db.insert(feedback).values({ userId, ...value, comment });
  if (value.messageId === undefined) {
    await insert;
    return;
  }
  await insert.onConflictDoUpdate({
    target: [feedback.userId, feedback.messageId],
    // The pair as it is now: the reply may have been edited since the earlier vote.
    set: {
      feedback: value.feedback,
      aiMessage: value.aiMessage,
      userMessage: value.userMessage,
      edited: value.edited ?? false,
      comment,
      createdAt: sql`now()`,
    },
  });
}

const FEEDBACK_PAGE = 1000;

/** The account export's feedback (issue 14): each thumbs up or down with the pair it rated. */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    feedback: pagesOf(
      (after: number | null) =>
        db
          .select({
            id: feedback.id,
            feedback: feedback.feedback,
            messageId: feedback.messageId,
            userMessage: feedback.userMessage,
            aiMessage: feedback.aiMessage,
            edited: feedback.edited,
            comment: feedback.comment,
            createdAt: feedback.createdAt,
          })
          .from(feedback)
          .where(
            and(eq(feedback.userId, userId), after === null ? undefined : gt(feedback.id, after)),
          )
          .orderBy(asc(feedback.id))
          .limit(FEEDBACK_PAGE),
      (row) => row.id,
      FEEDBACK_PAGE,
    ),
  };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(feedback).where(eq(feedback.userId, userId));
}
