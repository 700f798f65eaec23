import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ConversationCursor } from '../../../shared/chat/conversation-cursor';
import type { Database, Executor } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { preparedOnce, type Bound } from '../../db/prepared';
import { character, conversation, message } from '../../db/schema';
import { forgetConversations } from '../memories';

/** A conversation's rows: list, find (with its character), create, change, delete. */

export type ConversationRow = typeof conversation.$inferSelect;

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

/**
 * The same as findConversationWithCharacter, as a JSON expression for a statement that reads
 * more beside it (the prompt's read, decision 0031): `{ conversation, character }` as each
 * table's `to_json`, or null when the conversation is not the user's. Read it with
 * conversationWithCharacterFromJson.
 */
export const conversationWithCharacterJson = (userId: Bound<string>, id: Bound<number>) => sql`(
    select json_build_object('conversation', to_json(c), 'character', to_json(ch))
      from ${conversation} c
      left join ${character} ch on ch.id = c.character_id and ch.user_id = ${userId}
     where c.id = ${id} and c.user_id = ${userId})`;

export function conversationWithCharacterFromJson(
  json: { conversation: Record<string, unknown>; character: Record<string, unknown> | null } | null,
) {
  if (!json) return null;
  return {
    conversation: rowFromJson(conversation, json.conversation),
    character: json.character ? rowFromJson(character, json.character) : null,
  };
}

/**
 * A new conversation. `greetings` (the character speaking first) become its first messages,
 * alternatives of each other in their order, and the one at `shown` ends the history.
 */
export async function insertConversation(
  db: Database,
  userId: string,
  value: { characterId: number; chatMode: string; model: string | null },
  greetings: { texts: string[]; shown: number } = { texts: [], shown: 0 },
) {
  const insert = (tx: Executor) =>
    tx
      .insert(conversation)
      .values({ ...value, userId })
      .returning();
  if (greetings.texts.length === 0) return (await insert(db))[0]!;
  return db.transaction(async (tx) => {
    const [row] = await insert(tx);
    const first = await tx
      .insert(message)
      .values(
        greetings.texts.map((content) => ({
          conversationId: row!.id,
          userId,
          parentId: null,
          sender: 'ai' as const,
          content,
        })),
      )
      .returning({ id: message.id });
    // Inserted in order, so ids (the siblings' order) follow the greetings' order.
    const ids = first.map((m) => m.id).sort((a, b) => a - b);
    const [started] = await tx
      .update(conversation)
      .set({
        activeLeafId: ids[greetings.shown] ?? ids[0]!,
        messageCount: ids.length,
        lastMessage: greetings.texts[greetings.shown] ?? greetings.texts[0]!,
      })
      .where(and(eq(conversation.id, row!.id), eq(conversation.userId, userId)))
      .returning();
    return started!;
  });
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

/**
 * Deletes the conversation (its messages cascade). What its character learned in it is forgotten
 * too when `forget` (else those memories stay, no longer linked to it).
 */
export async function deleteConversation(
  db: Database,
  userId: string,
  id: number,
  forget: boolean,
) {
  return db.transaction(async (tx) => {
    if (forget) await forgetConversations(tx, userId, [id]);
    const [row] = await tx
      .delete(conversation)
      .where(and(eq(conversation.id, id), eq(conversation.userId, userId)))
      .returning();
    return row ?? null;
  });
}

/**
 * True in SQL while conversation `conversationId` is the user's and its character is still there:
 * what a reply's credit waits for when it is taken before the conversation has been read.
 */
export const conversationIsReplyable = (
  userId: Bound<string>,
  conversationId: Bound<number>,
) => sql`exists (
    select 1 from ${conversation} c
      join ${character} ch on ch.id = c.character_id and ch.user_id = c.user_id
     where c.id = ${conversationId} and c.user_id = ${userId})`;
