import { and, desc, eq, getTableColumns, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { ConversationCursor } from '../../../shared/chat/conversation-cursor';
import type { Database, Executor } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { character, conversation, message } from '../../db/schema';
import { removeMemoryEntry } from '../characters/characters.repo';

export type ConversationRow = typeof conversation.$inferSelect;
export type MessageRow = typeof message.$inferSelect;

/**
 * The user's conversations, newest first (updated time, then id: a total order, so pages never
 * overlap or skip), up to `limit` of them after the cursor `before`. Read straight from
 * conversation_user_recent_idx. Each row carries `cursorTime`, its updated time exact to the
 * microsecond, for the next page's cursor.
 */
export function listConversations(
  db: Database,
  userId: string,
  options: { before?: ConversationCursor | undefined; limit: number },
) {
  const { before } = options;
  return db
    .select({
      ...getTableColumns(conversation),
      cursorTime: sql<string>`to_char(${conversation.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(conversation)
    .where(
      and(
        eq(conversation.userId, userId),
        before
          ? sql`(${conversation.updatedAt}, ${conversation.id}) < (${before.updatedAt}::timestamptz, ${before.id}::integer)`
          : undefined,
      ),
    )
    .orderBy(desc(conversation.updatedAt), desc(conversation.id))
    .limit(options.limit);
}

export async function findConversation(db: Database, userId: string, id: number) {
  const rows = await db
    .select()
    .from(conversation)
    .where(and(eq(conversation.id, id), eq(conversation.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A conversation with its character in one query (the character is null when it was deleted and
 * the conversation kept). Null when the conversation is not the user's.
 */
export async function findConversationWithCharacter(db: Database, userId: string, id: number) {
  const rows = await conversationWithCharacterQuery(db).execute({ userId, id });
  return rows[0] ?? null;
}

const conversationWithCharacterQuery = preparedOnce((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({ conversation, character })
    .from(conversation)
    .leftJoin(
      character,
      and(eq(character.id, conversation.characterId), eq(character.userId, userId)),
    )
    .where(and(eq(conversation.id, sql.placeholder('id')), eq(conversation.userId, userId)))
    .limit(1)
    .prepare('find_conversation_with_character');
});

export async function insertConversation(
  db: Database,
  userId: string,
  value: { characterId: number; chatMode: string; model: string | null },
) {
  const [row] = await db
    .insert(conversation)
    .values({ ...value, userId })
    .returning();
  return row!;
}

export async function updateConversationFields(
  db: Executor,
  userId: string,
  id: number,
  changes: Partial<Omit<ConversationRow, 'id' | 'userId'>>,
) {
  const [row] = await db
    .update(conversation)
    .set(changes)
    .where(and(eq(conversation.id, id), eq(conversation.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes the conversation (its messages cascade) and its entry in the character's memory. */
export async function deleteConversation(db: Database, userId: string, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(conversation)
      .where(and(eq(conversation.id, id), eq(conversation.userId, userId)))
      .returning();
    if (!row) return null;
    if (row.characterId) await removeMemoryEntry(tx, userId, row.characterId, id);
    return row;
  });
}

/**
 * The one reader of a conversation's thread: up to `limit` messages just before the message id
 * `before` (or the newest), oldest first. Keyset pagination on the (conversation_id, id) index:
 * constant cost at any depth and any conversation length (decision 0015).
 *
 * The conversation is matched as the range [id, id] and the order is (conversation_id, id), not
 * `conversation_id = id … order by id`: with `=` the planner treats conversation_id as fixed and
 * may walk the message primary key backwards instead, skipping every newer message of every other
 * conversation (half a million in a long-idle long conversation). As a range, only the
 * (conversation_id, id) index yields this order. The planner still needs statistics to prefer it
 * to sorting the whole conversation; PostgreSQL keeps them itself, PGlite gets them from the
 * `planner-statistics` job.
 */
export async function readThread(
  db: Database,
  userId: string,
  conversationId: number,
  options: { before?: number | undefined; limit: number },
) {
  const newestFirst = await threadPageQuery(db, userId, conversationId, options);
  return newestFirst.reverse();
}

/** readThread's statement, newest first (exported so a test can check its plan with EXPLAIN). */
export function threadPageQuery(
  db: Database,
  userId: string,
  conversationId: number,
  options: { before?: number | undefined; limit: number },
) {
  return db
    .select()
    .from(message)
    .where(
      and(
        gte(message.conversationId, conversationId),
        lte(message.conversationId, conversationId),
        eq(message.userId, userId),
        options.before ? lt(message.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(message.conversationId), desc(message.id))
    .limit(options.limit);
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
    .set({ content, updatedAt: new Date() })
    .where(and(eq(message.id, id), eq(message.userId, userId)))
    .returning();
  return row ?? null;
}

/** The sidebar preview follows the newest message, e.g. after that message was edited. */
export async function refreshLastMessage(db: Database, userId: string, id: number) {
  // The range and the (conversation_id, id) order keep the planner on that index (readThread).
  const newest = db
    .select({ content: message.content })
    .from(message)
    .where(and(gte(message.conversationId, id), lte(message.conversationId, id)))
    .orderBy(desc(message.conversationId), desc(message.id))
    .limit(1);
  await db
    .update(conversation)
    .set({ lastMessage: sql`(${newest})` })
    .where(and(eq(conversation.id, id), eq(conversation.userId, userId)));
}

/**
 * The reply `aiMessageId` and the user message just before it: the pair a thumbs up/down rates.
 * Null when the reply is not the user's (or is not a reply).
 */
export async function findRatedPair(db: Database, userId: string, aiMessageId: number) {
  const reply = await findMessage(db, userId, aiMessageId);
  if (!reply || reply.sender !== 'ai') return null;
  const [prompt] = await db
    .select({ content: message.content })
    .from(message)
    .where(
      and(
        // As a range, with the (conversation_id, id) order: see readThread.
        gte(message.conversationId, reply.conversationId),
        lte(message.conversationId, reply.conversationId),
        eq(message.sender, 'user'),
        lt(message.id, reply.id),
      ),
    )
    .orderBy(desc(message.conversationId), desc(message.id))
    .limit(1);
  return { aiMessage: reply.content, userMessage: prompt?.content ?? '' };
}

/**
 * Stores one message and keeps its conversation current in the same statement: count, preview and
 * time, the title of a new conversation (`titleIfNew`), the model it was sent to (`model`). One
 * statement is atomic by itself, so this needs no transaction (one round trip instead of four).
 * `alongside` is another writing statement with RETURNING that must succeed or fail with it (a
 * reply's charge settlement); `alongsideRows` says how many rows it returned.
 */
export async function storeMessage(
  db: Executor,
  userId: string,
  conversationId: number,
  value: {
    sender: 'user' | 'ai';
    content: string;
    titleIfNew?: string | undefined;
    model?: string | undefined;
  },
  alongside?: SQL,
): Promise<{ id: number; messageCount: number; alongsideRows: number }> {
  const { rows } = await db.execute<{ id: string | number; count: number; alongside: number }>(sql`
    with stored as (
      insert into ${message} (conversation_id, user_id, sender, content)
      values (${conversationId}, ${userId}, ${value.sender}, ${value.content})
      returning id
    ), counted as (
      update ${conversation} set
        message_count = message_count + 1,
        last_message = ${value.content},
        title = case when title = 'New conversation' and ${value.titleIfNew ?? null}::text is not null
                     then ${value.titleIfNew ?? null}::text else title end,
        model = coalesce(${value.model ?? null}::text, model),
        updated_at = now()
      where id = ${conversationId} and user_id = ${userId}
      returning message_count
    ), alongside as (${alongside ?? sql`select 1 where false`})
    select (select id from stored) as id,
           (select message_count from counted) as count,
           (select count(*) from alongside)::int as alongside`);
  const row = rows[0]!;
  return { id: Number(row.id), messageCount: row.count ?? 0, alongsideRows: row.alongside };
}
