import { and, desc, eq, getTableColumns, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Bound } from '../../db/prepared';
import { rowFromJson } from '../../db/json-row';
import { character, conversation, conversationMember, memory, message } from '../../db/schema';
import type { ExportParts } from '../../db/user-data';

export type MemoryRow = typeof memory.$inferSelect;
export type MemoryWithTitle = MemoryRow & { conversationTitle: string | null };
/** A listed memory, with its place in the order a prompt reads them (1 first). */
export type ListedMemory = MemoryWithTitle & { promptOrder: number };

/** A prompt reads at most this many of a character's memories (promptMemoriesJson). */
export const PROMPT_MEMORY_LIMIT = 200;

/** Every query here is scoped to the user: another user's memory is simply absent. */
const mine = (userId: string, id: number) => and(eq(memory.id, id), eq(memory.userId, userId));

/**
 * A character's memories with the title of the conversation each came from; pinned first, then
 * newest. Each with its place in the order promptMemoriesJson reads them (by when it last
 * changed), so the list can tell which the prompt would carry.
 */
export async function listMemories(
  db: Database,
  userId: string,
  characterId: number,
): Promise<ListedMemory[]> {
  return db
    .select({
      ...getTableColumns(memory),
      conversationTitle: conversation.title,
      promptOrder: sql<number>`row_number() over (order by ${memory.pinned} desc,
        ${memory.updatedAt} desc, ${memory.id} desc)`.mapWith(Number),
    })
    .from(memory)
    .leftJoin(conversation, eq(conversation.id, memory.conversationId))
    .where(and(eq(memory.userId, userId), eq(memory.characterId, characterId)))
    .orderBy(desc(memory.pinned), desc(memory.id));
}

/**
 * The user's newest conversation with the character (as Recent Chats orders them): the one the
 * next reply is taken to be in when the list says which memories it carries. Null when none.
 */
export async function newestConversationWith(db: Database, userId: string, characterId: number) {
  const [row] = await db
    .select({ id: conversation.id, lastMessage: conversation.lastMessage })
    .from(conversation)
    .where(and(eq(conversation.userId, userId), eq(conversation.characterId, characterId)))
    .orderBy(desc(conversation.updatedAt), desc(conversation.id))
    .limit(1);
  return row ?? null;
}

/** What a new memory names, as found under its character's lock (null: not the user's). */
export type MemoryReferences = {
  /** The conversation of the named message. */
  messageConversationId: number | null;
  /** The conversation the memory would come from (the message's, else the one named). */
  conversationId: number | null;
  /** That conversation's character (null also when its character was deleted). */
  conversationCharacterId: number | null;
};

export type NewMemory = Pick<
  typeof memory.$inferInsert,
  'source' | 'conversationId' | 'messageId' | 'content' | 'pinned'
>;

/**
 * Stores a memory of a character unless the character already remembers `limit` things: the
 * character's row is locked first (which also finds it, and what the memory names), then the
 * count and the insert are one statement, so parallel adds are counted one after another and
 * none gets past the limit. Under READ COMMITTED the count must be a statement after the lock's
 * (a statement sees what was committed when it began), hence the transaction: begin, lock,
 * insert, commit. The character's row is locked FOR NO KEY UPDATE, which new conversations and
 * summaries (foreign keys: FOR KEY SHARE) do not wait for.
 * `decide` holds the rules (it throws to refuse) and must not query the database.
 * Answers the stored memory with its conversation's title, 'no-character' when the character
 * is not the user's, or 'full'.
 */
export function insertMemoryWithinLimit(
  db: Database,
  userId: string,
  characterId: number,
  names: { conversationId: number | null; messageId: number | null },
  limit: number,
  decide: (found: MemoryReferences) => NewMemory,
): Promise<MemoryWithTitle | 'no-character' | 'full'> {
  return db.transaction(async (tx) => {
    const { rows: found } = await tx.execute<MemoryReferences>(sql`
      select m.conversation_id as "messageConversationId", c.id as "conversationId",
             c.character_id as "conversationCharacterId"
        from ${character} ch
        left join ${message} m on m.id = ${names.messageId} and m.user_id = ${userId}
        left join ${conversation} c
               on c.id = coalesce(m.conversation_id, ${names.conversationId}) and c.user_id = ${userId}
       where ch.id = ${characterId} and ch.user_id = ${userId}
         for no key update of ch`);
    if (!found[0]) return 'no-character' as const;
    const value = decide(found[0]);
    const { rows } = await tx.execute<{
      memory: Record<string, unknown>;
      title: string | null;
    }>(sql`
      with added as (
        insert into ${memory} (user_id, character_id, source, conversation_id, message_id, content, pinned)
        select ${userId}, ${characterId}::int, ${value.source}, ${value.conversationId ?? null}::int,
               ${value.messageId ?? null}::bigint, ${value.content}, ${value.pinned ?? false}::boolean
         where (select count(*) from ${memory}
                 where user_id = ${userId} and character_id = ${characterId}) < ${limit}
        returning *)
      select to_json(added) as memory, c.title
        from added left join ${conversation} c on c.id = added.conversation_id`);
    const row = rows[0];
    if (!row) return 'full' as const;
    return { ...rowFromJson(memory, row.memory), conversationTitle: row.title };
  });
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
    .returning({ id: memory.id, characterId: memory.characterId });
  return row ?? null;
}

export async function deleteMemory(db: Database, userId: string, id: number) {
  const rows = await db.delete(memory).where(mine(userId, id)).returning({ id: memory.id });
  return rows.length > 0;
}

/**
 * What the character remembers for a reply in `conversationId`, as a JSON array of
 * `{ content, pinned }`: pinned first, then the newest (the prompt builder ranks and cuts them to
 * its budget). The character is the conversation's, or `characterId` (a group scene's
 * speaker, issue 51: only its own memories). An expression for the statement that reads
 * everything a prompt needs at once (chat/prompt-context.repo.ts).
 */
export function promptMemoriesJson(
  userId: Bound<string>,
  conversationId: Bound<number>,
  characterId?: Bound<number>,
) {
  const whose =
    characterId === undefined
      ? sql`(select character_id from ${conversation}
              where id = ${conversationId} and user_id = ${userId})`
      : sql`${characterId}`;
  return sql`(
    select coalesce(
             json_agg(json_build_object('content', m.content, 'pinned', m.pinned)
                      order by m.pinned desc, m.updated_at desc, m.id desc),
             '[]'::json)
      from (select content, pinned, updated_at, id from ${memory}
             where user_id = ${userId}
               and character_id = ${whose}
               -- the summary of this very conversation repeats what its history says
               and (source <> 'summary' or conversation_id is distinct from ${conversationId})
             order by pinned desc, updated_at desc, id desc
             limit ${sql.raw(String(PROMPT_MEMORY_LIMIT))}) m)`;
}

/** promptMemoriesJson of a group scene's speaker, read on its own (issue 51). */
export async function readPromptMemories(
  db: Database,
  userId: string,
  conversationId: number,
  characterId: number,
): Promise<{ content: string; pinned: boolean }[]> {
  const { rows } = await db.execute<{ memories: string }>(
    sql`select ${promptMemoriesJson(userId, conversationId, characterId)}::text as memories`,
  );
  return JSON.parse(rows[0]!.memories);
}

/**
 * Stores (or replaces) a conversation's summary and marks the conversation summarised at
 * `messageCount` messages — only while the conversation exists, so a summary finishing after a
 * delete is not remembered.
 */
export async function storeSummary(
  db: Database,
  userId: string,
  characterId: number,
  conversationId: number,
  content: string,
  messageCount: number,
) {
  await db.transaction(async (tx) => {
    const [still] = await tx
      .update(conversation)
      .set({ summarizedAt: new Date(), summarizedMessageCount: messageCount })
      .where(
        and(
          eq(conversation.id, conversationId),
          eq(conversation.userId, userId),
          // Its character, or one of its group scene's (issue 51).
          or(
            eq(conversation.characterId, characterId),
            sql`exists (select 1 from ${conversationMember} cm
                         where cm.conversation_id = ${conversation.id}
                           and cm.character_id = ${characterId})`,
          ),
        ),
      )
      .returning({ id: conversation.id });
    if (!still) return;
    await tx
      .insert(memory)
      .values({ userId, characterId, conversationId, source: 'summary', content })
      .onConflictDoUpdate({
        target: [memory.conversationId, memory.characterId],
        targetWhere: sql`${memory.source} = 'summary'`,
        set: { content, updatedAt: new Date() },
      });
  });
}

/** Whether the user still keeps the character's memory of this conversation (its summary). */
export async function hasConversationSummary(db: Database, userId: string, conversationId: number) {
  const rows = await db
    .select({ id: memory.id })
    .from(memory)
    .where(
      and(
        eq(memory.userId, userId),
        eq(memory.conversationId, conversationId),
        eq(memory.source, 'summary'),
      ),
    )
    .limit(1);
  return rows.length > 0;
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

/**
 * Forgets what a message moderation removed may have taught the character (issue 49): the
 * memory saved from it ('Remember this' keeps its words) and the summary of its conversation,
 * which the summary job writes again later from what the conversation now shows. A reversal does
 * not bring them back.
 */
export async function forgetRemovedMessage(
  db: Executor,
  removed: { messageId: number; conversationId: number; userId: string },
) {
  await db
    .delete(memory)
    .where(
      and(
        eq(memory.userId, removed.userId),
        or(
          and(eq(memory.source, 'message'), eq(memory.messageId, removed.messageId)),
          and(eq(memory.source, 'summary'), eq(memory.conversationId, removed.conversationId)),
        ),
      ),
    );
  await db
    .update(conversation)
    .set({ summarizedAt: null, summarizedMessageCount: 0 })
    .where(eq(conversation.id, removed.conversationId));
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
