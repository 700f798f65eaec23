import { and, count, desc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Bound } from '../../db/prepared';
import { conversation, memory } from '../../db/schema';
import type { ExportParts } from '../account/user-data';

export type MemoryRow = typeof memory.$inferSelect;
export type MemoryWithTitle = MemoryRow & { conversationTitle: string | null };

/** Every query here is scoped to the user: another user's memory is simply absent. */
const mine = (userId: string, id: number) => and(eq(memory.id, id), eq(memory.userId, userId));

/** A character's memories with the title of the conversation each came from; pinned first. */
export async function listMemories(
  db: Database,
  userId: string,
  characterId: number,
): Promise<MemoryWithTitle[]> {
  return db
    .select({ ...getTableColumns(memory), conversationTitle: conversation.title })
    .from(memory)
    .leftJoin(conversation, eq(conversation.id, memory.conversationId))
    .where(and(eq(memory.userId, userId), eq(memory.characterId, characterId)))
    .orderBy(desc(memory.pinned), desc(memory.id));
}

export async function findMemory(db: Database, userId: string, id: number) {
  const [row] = await db
    .select({ ...getTableColumns(memory), conversationTitle: conversation.title })
    .from(memory)
    .leftJoin(conversation, eq(conversation.id, memory.conversationId))
    .where(mine(userId, id))
    .limit(1);
  return row ?? null;
}

export async function countMemories(db: Database, userId: string, characterId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(memory)
    .where(and(eq(memory.userId, userId), eq(memory.characterId, characterId)));
  return row?.n ?? 0;
}

export async function insertMemory(
  db: Database,
  value: Omit<typeof memory.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
) {
  const [row] = await db.insert(memory).values(value).returning();
  return row!;
}

export async function updateMemory(
  db: Database,
  userId: string,
  id: number,
  changes: { content?: string | undefined; pinned?: boolean | undefined },
) {
  const [row] = await db
    .update(memory)
    .set({ ...changes, updatedAt: new Date() })
    .where(mine(userId, id))
    .returning({ id: memory.id });
  return row ?? null;
}

export async function deleteMemory(db: Database, userId: string, id: number) {
  const rows = await db.delete(memory).where(mine(userId, id)).returning({ id: memory.id });
  return rows.length > 0;
}

/**
 * What the character remembers for a reply in `conversationId`, as a JSON array of
 * `{ content, pinned }`: pinned first, then the newest (the prompt builder ranks and cuts them to
 * its budget). The character is the conversation's. An expression for the statement that reads
 * everything a prompt needs at once (chat/prompt-context.repo.ts).
 */
export function promptMemoriesJson(userId: Bound<string>, conversationId: Bound<number>) {
  return sql`(
    select coalesce(
             json_agg(json_build_object('content', m.content, 'pinned', m.pinned)
                      order by m.pinned desc, m.updated_at desc, m.id desc),
             '[]'::json)
      from (select content, pinned, updated_at, id from ${memory}
             where user_id = ${userId}
               and character_id = (select character_id from ${conversation}
                                    where id = ${conversationId} and user_id = ${userId})
               -- the summary of this very conversation repeats what its history says
               and (source <> 'summary' or conversation_id is distinct from ${conversationId})
             order by pinned desc, updated_at desc, id desc
             limit 200) m)`;
}

/**
 * Stores (or replaces) a conversation's summary and marks the conversation summarised — only
 * while the conversation exists, so a summary finishing after a delete is not remembered.
 */
export async function storeSummary(
  db: Database,
  userId: string,
  characterId: number,
  conversationId: number,
  content: string,
) {
  await db.transaction(async (tx) => {
    const [still] = await tx
      .update(conversation)
      .set({ summarizedAt: new Date() })
      .where(
        and(
          eq(conversation.id, conversationId),
          eq(conversation.userId, userId),
          eq(conversation.characterId, characterId),
        ),
      )
      .returning({ id: conversation.id });
    if (!still) return;
    await tx
      .insert(memory)
      .values({ userId, characterId, conversationId, source: 'summary', content })
      .onConflictDoUpdate({
        target: memory.conversationId,
        targetWhere: sql`${memory.source} = 'summary'`,
        set: { content, updatedAt: new Date() },
      });
  });
}

/** Forgets everything learned in these conversations (the user chose to, deleting them). */
export async function forgetConversations(db: Executor, userId: string, conversationIds: number[]) {
  if (conversationIds.length === 0) return;
  await db
    .delete(memory)
    .where(
      and(
        eq(memory.userId, userId),
        isNotNull(memory.conversationId),
        inArray(memory.conversationId, conversationIds),
      ),
    );
}

/** Forgets everything a character learned in conversations (they are all being deleted). */
export async function forgetLearnedBy(db: Executor, userId: string, characterId: number) {
  await db
    .delete(memory)
    .where(
      and(
        eq(memory.userId, userId),
        eq(memory.characterId, characterId),
        isNotNull(memory.conversationId),
      ),
    );
}

/** The account export's memories (issue 14): what each character remembers about the user. */
export function exportForUser(db: Database, userId: string): ExportParts {
  const { userId: _owner, ...columns } = getTableColumns(memory);
  return {
    memories: () =>
      db.select(columns).from(memory).where(eq(memory.userId, userId)).orderBy(memory.id),
  };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(memory).where(eq(memory.userId, userId));
}
