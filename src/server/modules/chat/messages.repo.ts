import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { conversation, message } from '../../db/schema';
import { shownContent } from './thread-read.repo';

/** One message by its id: found, rated, edited, continued; the preview kept with it. */

export type MessageRow = typeof message.$inferSelect;

/** Appends text to a reply (a continuation), keeping the preview current when it is the leaf. */
export async function appendToMessage(
  db: Executor,
  userId: string,
  messageId: number,
  text: string,
) {
  const [row] = await db
    .update(message)
    .set({ content: sql`${message.content} || ${text}`, updatedAt: new Date() })
    .where(and(eq(message.id, messageId), eq(message.userId, userId)))
    .returning();
  if (row) {
    await db
      .update(conversation)
      .set({ lastMessage: row.content, updatedAt: new Date() })
      .where(
        and(
          eq(conversation.id, row.conversationId),
          eq(conversation.activeLeafId, row.id),
          eq(conversation.userId, userId),
        ),
      );
  }
  return row ?? null;
}

export async function findMessage(db: Database, userId: string, id: number) {
  const rows = await db
    .select()
    .from(message)
    .where(and(eq(message.id, id), eq(message.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateMessageContent(
  db: Database,
  userId: string,
  id: number,
  content: string,
) {
  const [row] = await db
    .update(message)
    .set({ content, updatedAt: new Date(), editedAt: new Date() })
    .where(and(eq(message.id, id), eq(message.userId, userId)))
    .returning();
  return row ?? null;
}

/** The sidebar preview follows the end of the history, e.g. after that message was edited. */
export async function refreshLastMessage(db: Database, userId: string, id: number) {
  await db
    .update(conversation)
    .set({
      lastMessage: sql`(select ${shownContent()} from ${message} m where m.id = ${conversation.activeLeafId})`,
    })
    .where(and(eq(conversation.id, id), eq(conversation.userId, userId)));
}

/**
 * The reply `aiMessageId` and the user message it answers (its parent): the pair a thumbs
 * up/down rates. Null when the reply is not the user's (or is not a reply).
 */
export async function findRatedPair(db: Database, userId: string, aiMessageId: number) {
  const reply = await findMessage(db, userId, aiMessageId);
  if (!reply || reply.sender !== 'ai') return null;
  const prompt = reply.parentId ? await findMessage(db, userId, reply.parentId) : null;
  const userPrompt = prompt?.sender === 'user' ? prompt : null;
  return {
    aiMessage: reply.content,
    userMessage: userPrompt?.content ?? '',
    // Not the model's words, or not what it answered.
    edited:
      reply.editedAt !== null ||
      (userPrompt?.editedAt != null && userPrompt.editedAt > reply.createdAt),
  };
}
