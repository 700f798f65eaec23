import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ConversationCursor } from '../../../shared/chat/conversation-cursor';
import type { Database, Executor } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { preparedOnce, type Bound } from '../../db/prepared';
import { character, conversation, conversationMember, message } from '../../db/schema';
import { forgetConversations } from '../memories';
import { shownContent } from './thread-read.repo';

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

/** A conversation a search found, with the matching message's text (null: the title matched). */
export interface ConversationHit {
  row: ConversationRow & { cursorTime: string };
  matchedText: string | null;
}

/**
 * The user's conversations whose title or messages hold `words` (case-insensitive, anywhere in
 * the text), newest first in the list's order, up to `limit` after the cursor `before`. Only the
 * messages of the branch being read count (what opening it shows): an alternative reply, a
 * greeting not chosen or a deleted message never makes a conversation match.
 *
 * The conversations are read in order from conversation_user_recent_idx and the read stops at
 * `limit`. Each one's messages are looked through by the (conversation_id, …) index, one range
 * each, stopping at the first match (a lateral `limit 1`: an EXISTS here was planned as one hashed
 * scan of every user's messages, 13× slower with 20 users); only a conversation with a match
 * walks its branch up from the end (a primary-key lookup per message) to the newest match on it.
 * So the cost grows with the user's own messages, never with anyone else's. No index serves a
 * substring (PGlite has no pg_trgm); `matchedText` is the message's whole text, the caller cuts
 * the snippet.
 */
export async function searchConversations(
  db: Database,
  userId: string,
  words: string,
  options: { before?: ConversationCursor | undefined; limit: number },
): Promise<ConversationHit[]> {
  const { rows } = await db.execute<RawHit>(searchStatement(userId, words, options));
  return rows.map((r) => ({
    row: { ...rowFromJson(conversation, r.row), cursorTime: r.cursor_time },
    matchedText: r.matched_text,
  }));
}

interface RawHit extends Record<string, unknown> {
  row: Record<string, unknown>;
  cursor_time: string;
  matched_text: string | null;
}

/** searchConversations' statement (exported so a test can check its plan with EXPLAIN). */
export function searchStatement(
  userId: string,
  words: string,
  { before, limit }: { before?: ConversationCursor | undefined; limit: number },
) {
  const pattern = `%${escapeLike(words)}%`;
  return sql`
    select to_json(c) as row,
           to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_time,
           hit.content as matched_text
      from ${conversation} c
      left join lateral (
        select m.id from ${message} m
         where m.conversation_id = c.id and m.moderated_at is null and m.content ilike ${pattern}
         limit 1
      ) somewhere on true
      left join lateral (
        with recursive branch (id, parent_id, content) as (
          select m.id, m.parent_id, ${shownContent()} from ${message} m
           where somewhere.id is not null and m.id = c.active_leaf_id and m.conversation_id = c.id
          union all
          select m.id, m.parent_id, ${shownContent()}
            from branch join ${message} m on m.id = branch.parent_id
        )
        select branch.content from branch where branch.content ilike ${pattern} limit 1
      ) hit on true
     where c.user_id = ${userId}
       ${before ? sql`and (c.updated_at, c.id) < (${before.updatedAt}::timestamptz, ${before.id}::integer)` : sql``}
       and (c.title ilike ${pattern} or hit.content is not null)
     order by c.updated_at desc, c.id desc
     limit ${limit}`;
}

/** `words` as a LIKE pattern's literal text: its own %, _ and \ match only themselves. */
const escapeLike = (words: string) => words.replace(/[\\%_]/g, (c) => `\\${c}`);

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
 * alternatives of each other in their order, and the one at `shown` ends the history. A group
 * scene (issue 51) has its characters (`scene`, in order, all here; the first is `characterId`,
 * whose greetings they are).
 */
export async function insertConversation(
  db: Database,
  userId: string,
  value: { characterId: number; chatMode: string; model: string | null; personaId: number | null },
  greetings: { texts: string[]; shown: number } = { texts: [], shown: 0 },
  scene: number[] | null = null,
) {
  const insert = (tx: Executor) =>
    tx
      .insert(conversation)
      .values({ ...value, userId, groupScene: scene !== null })
      .returning();
  if (greetings.texts.length === 0 && scene === null) return (await insert(db))[0]!;
  return db.transaction(async (tx) => {
    const [row] = await insert(tx);
    if (scene !== null) {
      await tx.insert(conversationMember).values(
        scene.map((characterId, position) => ({
          conversationId: row!.id,
          characterId,
          userId,
          position,
        })),
      );
    }
    if (greetings.texts.length === 0) return row!;
    const first = await tx
      .insert(message)
      .values(
        greetings.texts.map((content) => ({
          conversationId: row!.id,
          userId,
          parentId: null,
          sender: 'ai' as const,
          content,
          ...(scene !== null ? { speakerId: value.characterId, present: scene } : {}),
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
 * True in SQL while conversation `conversationId` is the user's and its character is still there
 * (and not removed by moderation, issue 49):
 * what a reply's credit waits for when it is taken before the conversation has been read.
 */
export const conversationIsReplyable = (
  userId: Bound<string>,
  conversationId: Bound<number>,
) => sql`exists (
    select 1 from ${conversation} c
      join ${character} ch on ch.id = c.character_id and ch.user_id = c.user_id
                           and ch.moderated_at is null
     where c.id = ${conversationId} and c.user_id = ${userId})`;

/** Moves the conversation's read mark forward to `upTo` (at most its newest message); false: not the user's. */
export async function markReadUpTo(db: Database, userId: string, id: number, upTo: number) {
  const rows = await db
    .update(conversation)
    .set({
      readUpTo: sql`greatest(${conversation.readUpTo}, least(${upTo}::bigint, coalesce(${conversation.activeLeafId}, 0)))`,
    })
    .where(and(eq(conversation.id, id), eq(conversation.userId, userId)))
    .returning({ id: conversation.id });
  return rows.length > 0;
}

/** The id of the user's most recently updated conversation with `characterId` alone (not a scene). */
export async function latestSoloConversation(db: Database, userId: string, characterId: number) {
  const [recent] = await db
    .select({ id: conversation.id })
    .from(conversation)
    .where(
      and(
        eq(conversation.userId, userId),
        eq(conversation.characterId, characterId),
        eq(conversation.groupScene, false),
      ),
    )
    .orderBy(desc(conversation.updatedAt), desc(conversation.id))
    .limit(1);
  return recent?.id;
}
