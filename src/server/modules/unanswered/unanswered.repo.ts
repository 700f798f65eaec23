import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { UnansweredBody, UnansweredMessageView } from '../../../shared/unanswered/contract';
import type { Database, Executor } from '../../db/client';
import { character, conversation, unansweredMessage } from '../../db/schema';
import type { ExportParts } from '../../db/user-data';

type Row = typeof unansweredMessage.$inferSelect;

const view = (row: Row): UnansweredMessageView => ({
  id: row.id,
  characterId: row.characterId,
  conversationId: row.conversationId,
  content: row.content,
  afterId: row.afterId,
  createdAt: row.createdAt.toISOString(),
});

/** One thread of the user's: a conversation, or the character's conversation not created yet. */
const inThread = (userId: string, characterId: number, conversationId: number | null) =>
  and(
    eq(unansweredMessage.userId, userId),
    eq(unansweredMessage.characterId, characterId),
    conversationId === null
      ? isNull(unansweredMessage.conversationId)
      : eq(unansweredMessage.conversationId, conversationId),
  );

/**
 * Whether the thread is the user's: their character, and (when named) their conversation with
 * it. Anything else is not found, whoever owns it.
 */
export async function ownsThread(
  db: Executor,
  userId: string,
  characterId: number,
  conversationId: number | null,
): Promise<boolean> {
  const mine = await db
    .select({ id: character.id })
    .from(character)
    .where(and(eq(character.id, characterId), eq(character.userId, userId)))
    .limit(1);
  if (mine.length === 0) return false;
  if (conversationId === null) return true;
  const theirs = await db
    .select({ id: conversation.id })
    .from(conversation)
    .where(
      and(
        eq(conversation.id, conversationId),
        eq(conversation.userId, userId),
        eq(conversation.characterId, characterId),
      ),
    )
    .limit(1);
  return theirs.length > 0;
}

export async function listThread(
  db: Database,
  userId: string,
  characterId: number,
  conversationId: number | null,
): Promise<UnansweredMessageView[]> {
  const rows = await db
    .select()
    .from(unansweredMessage)
    .where(inThread(userId, characterId, conversationId))
    .orderBy(asc(unansweredMessage.id));
  return rows.map(view);
}

/**
 * Keeps a message in its thread, unless the thread holds `limit` already (null then). Under a
 * per-thread lock, so two tabs cannot pass the limit together.
 */
export function insertUnanswered(
  db: Database,
  userId: string,
  body: UnansweredBody,
  limit: number,
): Promise<UnansweredMessageView | null> {
  const conversationId = body.conversationId ?? null;
  return db.transaction(async (tx) => {
    const key = `unanswered:${userId}:${body.characterId}:${conversationId ?? 'new'}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [{ kept } = { kept: 0 }] = await tx
      .select({ kept: count() })
      .from(unansweredMessage)
      .where(inThread(userId, body.characterId, conversationId));
    if (kept >= limit) return null;
    const [row] = await tx
      .insert(unansweredMessage)
      .values({
        userId,
        characterId: body.characterId,
        conversationId,
        content: body.content,
        afterId: body.afterId,
      })
      .returning();
    return view(row!);
  });
}

/** The messages typed before the conversation existed move into it (the conversation is checked). */
export async function moveIntoConversation(
  db: Database,
  userId: string,
  characterId: number,
  conversationId: number,
): Promise<void> {
  await db
    .update(unansweredMessage)
    .set({ conversationId })
    .where(inThread(userId, characterId, null));
}

/** Forgets one kept message; false when the user has no such message. */
export async function deleteUnanswered(db: Database, userId: string, id: number) {
  const deleted = await db
    .delete(unansweredMessage)
    .where(and(eq(unansweredMessage.id, id), eq(unansweredMessage.userId, userId)))
    .returning({ id: unansweredMessage.id });
  return deleted.length > 0;
}

/** The account export's part: every message kept while out of credits, with its thread. */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    unansweredMessages: () =>
      db
        .select({
          id: unansweredMessage.id,
          characterId: unansweredMessage.characterId,
          conversationId: unansweredMessage.conversationId,
          content: unansweredMessage.content,
          createdAt: unansweredMessage.createdAt,
        })
        .from(unansweredMessage)
        .where(eq(unansweredMessage.userId, userId))
        .orderBy(asc(unansweredMessage.id)),
  };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(unansweredMessage).where(eq(unansweredMessage.userId, userId));
}
