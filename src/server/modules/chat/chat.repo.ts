import { and, desc, eq, getTableColumns, sql, type SQL, asc, gt } from 'drizzle-orm';
import type { ConversationCursor } from '../../../shared/chat/conversation-cursor';
import type { Database, Executor } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { preparedOnce, statementOnce, type Bound } from '../../db/prepared';
import { character, conversation, message } from '../../db/schema';
import { forgetConversations } from '../memories/memories.repo';
import type { ExportParts } from '../account/user-data';

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

/** A message of the thread as readThread returns it (siblings only when asked for). */
export interface ThreadMessage {
  id: number;
  conversationId: number;
  userId: string;
  parentId: number | null;
  sender: 'user' | 'ai';
  content: string;
  createdAt: Date;
  updatedAt: Date;
  /** The message's alternatives (itself included), oldest first; only when asked for. */
  siblingIds: number[];
}

/**
 * The one reader of a conversation's thread: the path from its first message to the active leaf
 * (or to `from`), up to `limit` messages ending just before `before` (or at the end), oldest
 * first. It walks up the parents one primary-key lookup per message, so a page costs the same at
 * any conversation length and however many branches there are (decision 0022; it replaced the
 * (conversation_id, id) range of decision 0015). `siblings` adds each message's alternatives (one
 * small scan of message_siblings_idx per message).
 *
 * Where the walk starts: `from` (a message of this conversation, included); else the parent of
 * `before` (the page older than it); else the conversation's active leaf.
 */
export async function readThread(
  db: Executor,
  userId: string,
  conversationId: number,
  options: ThreadOptions,
): Promise<ThreadMessage[]> {
  const { rows } = await db.execute<RawThreadRow>(threadStatement(userId, conversationId, options));
  return rows.map(toThreadMessage);
}

interface ThreadOptions {
  before?: number | undefined;
  from?: number | undefined;
  limit: number;
  /**
   * Stop once the messages read hold this many characters (the one that passes it included): a
   * prompt's budget, so a reply in a long conversation of long messages does not read 200 of them
   * to send a few.
   */
  maxChars?: number;
  siblings?: boolean;
}

/**
 * readThread of a page of the history as GET …/messages reads it (with siblings, ending before
 * `before` or at the end), on `db` itself: its statement is built once per shape (statementOnce,
 * decision 0033) rather than by Drizzle on every page.
 */
export async function readHistoryPage(
  db: Database,
  userId: string,
  conversationId: number,
  { before, limit }: { before: number | undefined; limit: number },
): Promise<ThreadMessage[]> {
  const rows =
    before === undefined
      ? await historyPageAtTheEnd(db, { userId, conversationId, limit })
      : await historyPageBefore(db, { userId, conversationId, limit, before });
  return rows.map(toThreadMessage);
}

type HistoryPageValues = { userId: string; conversationId: number; limit: number };

const historyPageAtTheEnd = statementOnce<HistoryPageValues, RawThreadRow>((p) =>
  threadStatement(p.userId, p.conversationId, { limit: p.limit, siblings: true }),
);

const historyPageBefore = statementOnce<HistoryPageValues & { before: number }, RawThreadRow>((p) =>
  threadStatement(p.userId, p.conversationId, {
    before: p.before,
    limit: p.limit,
    siblings: true,
  }),
);

/** readThread's statement (exported so a test can check its plan with EXPLAIN). */
export function threadStatement(
  userId: Bound<string>,
  conversationId: Bound<number>,
  options: PathOptions & { siblings?: boolean },
) {
  // As JSON, not bigint[]: node-postgres reads an array column character by character, about a
  // tenth of what a history page allocated; JSON.parse reads it at once.
  const siblingColumns = options.siblings
    ? sql`,
      case when m.parent_id is null
        then (select json_agg(s.id order by s.id) from ${message} s
               where s.conversation_id = m.conversation_id and s.parent_id is null)
        else (select json_agg(s.id order by s.id) from ${message} s
               where s.conversation_id = m.conversation_id and s.parent_id = m.parent_id)
      end as sibling_ids`
    : sql``;
  return sql`
    ${threadPath(userId, conversationId, options)}
    select ${walkedColumns}${siblingColumns}
      from path m
     order by m.depth desc`;
}

/** A message's columns as the walk reads and carries them (`m` is the message or the walk). */
const walkedColumns = sql`m.id, m.conversation_id, m.user_id, m.parent_id, m.sender, m.content,
  m.created_at, m.updated_at`;

/**
 * The walk itself, a `with recursive path` clause to put before a select that reads `path`: each
 * row is a message of the thread with all it says (id, conversation_id, user_id, parent_id,
 * sender, content, created_at, updated_at), its `depth` (1 is the newest) and `chars` (the
 * content's length summed from the newest). readThread's, and the prompt's read
 * (prompt-context.repo.ts). The walk carries the columns rather than joining `message` again by
 * id afterwards: that join was planned as a sequential scan of the whole table while its
 * statistics said it was small (a new database, or a prepared statement's generic plan made
 * then), which made every reply's prompt read grow with the table (bench section 1).
 */
export function threadPath(
  userId: Bound<string>,
  conversationId: Bound<number>,
  options: PathOptions,
) {
  return sql`with recursive ${threadPathStep(userId, conversationId, options)}`;
}

/** threadPath's `path` as a common table expression, for a `with recursive` of more steps. */
export function threadPathStep(
  userId: Bound<string>,
  conversationId: Bound<number>,
  options: PathOptions,
) {
  const start = options.from
    ? sql`${options.from}::bigint`
    : options.before
      ? sql`(select parent_id from ${message} where id = ${options.before} and conversation_id = ${conversationId})`
      : sql`(select active_leaf_id from ${conversation} where id = ${conversationId} and user_id = ${userId})`;
  return sql`path as (
      select ${walkedColumns}, 1 as depth, length(m.content)::bigint as chars
        from ${message} m
       where m.id = ${start} and m.conversation_id = ${conversationId} and m.user_id = ${userId}
      union all
      select ${walkedColumns}, path.depth + 1, path.chars + length(m.content)
        from path join ${message} m on m.id = path.parent_id
       where path.depth < ${options.limit}
         and path.chars < ${options.maxChars ?? Number.MAX_SAFE_INTEGER}::bigint
    )`;
}

/** Where threadPathStep's walk starts and stops (see readThread); any value may be a placeholder. */
interface PathOptions {
  from?: Bound<number> | undefined;
  before?: Bound<number> | undefined;
  limit: Bound<number>;
  maxChars?: Bound<number> | undefined;
}

interface RawThreadRow extends Record<string, unknown> {
  id: number | string;
  conversation_id: number;
  user_id: string;
  parent_id: number | string | null;
  sender: 'user' | 'ai';
  content: string;
  created_at: Date | string;
  updated_at: Date | string;
  /** JSON: numbers on both drivers. */
  sibling_ids?: number[] | null;
}

/** Raw rows differ by driver (PostgreSQL gives bigints as strings); one shape for the app. */
function toThreadMessage(row: RawThreadRow): ThreadMessage {
  return {
    id: Number(row.id),
    conversationId: row.conversation_id,
    userId: row.user_id,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    sender: row.sender,
    content: row.content,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    siblingIds: row.sibling_ids ?? [Number(row.id)],
  };
}

/**
 * The newest message under `messageId` (itself when it has no descendants): where the history
 * continues when the user moves to the branch through it.
 */
export async function newestDescendant(db: Executor, conversationId: number, messageId: number) {
  const { rows } = await db.execute<{ id: number | string }>(sql`
    with recursive below (id) as (
      select ${messageId}::bigint
      union all
      select m.id from below join ${message} m
        on m.conversation_id = ${conversationId} and m.parent_id = below.id
    )
    select max(id) as id from below`);
  return Number(rows[0]!.id);
}

/** The conversation's active leaf if that message still exists (it has no foreign key). */
export async function existingActiveLeaf(db: Executor, userId: string, conversationId: number) {
  const { rows } = await db.execute<{ id: number | string }>(sql`
    select m.id from ${conversation} c
      join ${message} m on m.id = c.active_leaf_id
     where c.id = ${conversationId} and c.user_id = ${userId}`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** The newest message left in a conversation (after its first message was deleted). */
export async function newestInConversation(db: Executor, conversationId: number) {
  const { rows } = await db.execute<{ id: number | string | null }>(
    sql`select max(id) as id from ${message} where conversation_id = ${conversationId}`,
  );
  const id = rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

/**
 * Makes `leafId` the end of the conversation's history. What belongs to the branch follows it:
 * the preview (the leaf's text), a story's options (the leaf's) and scene (its first message's,
 * when it has one), and the title (`title`: the branch's first message of the user's, when known).
 */
export async function setActiveLeaf(
  db: Executor,
  userId: string,
  conversationId: number,
  leafId: number | null,
  branch: { title?: string | undefined; scenario?: string | null | undefined } = {},
) {
  await db
    .update(conversation)
    .set({
      activeLeafId: leafId,
      lastMessage: leafId ? sql`(select content from ${message} where id = ${leafId})` : sql`null`,
      currentOptions: leafId
        ? sql`coalesce((select options from ${message} where id = ${leafId}), '[]'::jsonb)`
        : sql`'[]'::jsonb`,
      ...(branch.title ? { title: branch.title } : {}),
      ...(branch.scenario ? { scenario: branch.scenario } : {}),
    })
    .where(and(eq(conversation.id, conversationId), eq(conversation.userId, userId)));
}

/**
 * The start of the path that ends at `leafId`: the user's first message on it and the story
 * scene its first message began with. Walks up the whole path (one primary-key lookup per
 * message): for switching branches, not for every request.
 */
export async function branchStart(db: Executor, conversationId: number, leafId: number) {
  const { rows } = await db.execute<{ first_user_message: string | null; scenario: string | null }>(
    sql`
    with recursive up (id, parent_id, depth) as (
      select id, parent_id, 1 from ${message} where id = ${leafId} and conversation_id = ${conversationId}
      union all
      select m.id, m.parent_id, up.depth + 1 from up join ${message} m on m.id = up.parent_id
    )
    select
      (select m.content from up join ${message} m on m.id = up.id
        where m.sender = 'user' order by up.depth desc limit 1) as first_user_message,
      (select m.scenario from up join ${message} m on m.id = up.id
        where up.parent_id is null) as scenario`,
  );
  return {
    firstUserMessage: rows[0]?.first_user_message ?? null,
    scenario: rows[0]?.scenario ?? null,
  };
}

/**
 * A story's options, kept on the message they follow (each branch keeps its own) and as the
 * conversation's current ones while that message ends the history.
 */
export async function storeStoryOptions(
  db: Database,
  userId: string,
  conversationId: number,
  leafId: number | null,
  options: { number: number; option: string }[],
) {
  const json = JSON.stringify(options);
  await db.execute(sql`
    with kept as (
      update ${message} set options = ${json}::jsonb
       where id = ${leafId} and conversation_id = ${conversationId} and user_id = ${userId}
    )
    update ${conversation} set current_options = ${json}::jsonb
     where id = ${conversationId} and user_id = ${userId}
       and active_leaf_id is not distinct from ${leafId}::bigint`);
}

/**
 * Deletes a message and every message after it on any branch, in one statement (walking the
 * subtree rather than leaving it to the foreign key's cascade, which would recurse once per
 * generation). Answers how many went, and the conversation's message count after.
 */
export async function deleteSubtree(
  db: Executor,
  userId: string,
  conversationId: number,
  messageId: number,
) {
  const { rows } = await db.execute<{ deleted: number }>(sql`
    with recursive below (id) as (
      select ${messageId}::bigint
      union all
      select m.id from below join ${message} m
        on m.conversation_id = ${conversationId} and m.parent_id = below.id
    ), gone as (
      delete from ${message} where id in (select id from below) and user_id = ${userId}
      returning id
    ), counted as (
      update ${conversation} set message_count = greatest(message_count - (select count(*) from gone), 0)
       where id = ${conversationId} and user_id = ${userId}
    )
    select count(*)::int as deleted from gone`);
  return rows[0]!.deleted;
}

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
    .set({ content, updatedAt: new Date() })
    .where(and(eq(message.id, id), eq(message.userId, userId)))
    .returning();
  return row ?? null;
}

/** The sidebar preview follows the end of the history, e.g. after that message was edited. */
export async function refreshLastMessage(db: Database, userId: string, id: number) {
  await db
    .update(conversation)
    .set({
      lastMessage: sql`(select content from ${message} where id = ${conversation.activeLeafId})`,
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
  return {
    aiMessage: reply.content,
    userMessage: prompt?.sender === 'user' ? prompt.content : '',
  };
}

/**
 * Stores one message and keeps its conversation current in the same statement: the new message
 * becomes the end of the history (active leaf), count, preview and time, the title of a new conversation (`titleIfNew`), the model it was sent to (`model`). One
 * statement is atomic by itself, so this needs no transaction (one round trip instead of four).
 * `alongside` is another writing statement with RETURNING that must succeed or fail with it (a
 * reply's charge settlement); `alongsideRows` says how many rows it returned. `paidWith` are
 * steps that take a credit (credits' takeCreditSteps, ending in `charge`): the message is stored
 * only when they did; when they did not, `chargeId` is null (and `id` 0).
 */
export async function storeMessage(
  db: Executor,
  userId: string,
  conversationId: number,
  value: StoredMessageValue,
  alongside?: SQL,
  paidWith?: SQL,
): Promise<StoredMessage> {
  const { steps, result } = storeMessageSteps(userId, conversationId, value, alongside, paidWith);
  const { rows } = await db.execute<RawStored>(sql`with ${steps} select ${result}`);
  return storedFromRow(rows[0]!);
}

/** What storeMessage stores (see there). */
export interface StoredMessageValue {
  sender: Bound<'user' | 'ai'>;
  content: Bound<string>;
  /**
   * The message this one follows (null: none, a new first message); by default the end of the
   * history (the active leaf).
   */
  parentId?: Bound<number | null> | undefined;
  titleIfNew?: Bound<string | null> | undefined;
  model?: Bound<string | null> | undefined;
}

export interface StoredMessage {
  id: number;
  messageCount: number;
  alongsideRows: number;
  chargeId: number | null;
}

/** The row of storeMessageSteps' `result` columns, as a driver gives it. */
export interface RawStored extends Record<string, unknown> {
  id: string | number | null;
  count: number | null;
  alongside: number;
  charge_id: string | number | null;
}

export function storedFromRow(row: RawStored): StoredMessage {
  return {
    id: Number(row.id),
    messageCount: row.count ?? 0,
    alongsideRows: row.alongside,
    chargeId: row.charge_id === null ? null : Number(row.charge_id),
  };
}

/**
 * storeMessage's statement as its parts, for a statement that reads beside it (the prompt's
 * read, prompt-context.repo): `steps`, the common table expressions that write, and `result`,
 * the select list of one row that storedFromRow reads.
 */
export function storeMessageSteps(
  userId: Bound<string>,
  conversationId: Bound<number>,
  value: StoredMessageValue,
  alongside?: SQL,
  paidWith?: SQL,
): { steps: SQL; result: SQL } {
  const parent =
    value.parentId === undefined
      ? sql`(select active_leaf_id from ${conversation} where id = ${conversationId} and user_id = ${userId})`
      : sql`${value.parentId}::bigint`;
  const steps = sql`${paidWith ? sql`${paidWith},` : sql``} stored as (
      insert into ${message} (conversation_id, user_id, parent_id, sender, content, scenario)
      select ${conversationId}::int, ${userId}::text, ${parent}, ${value.sender}::text,
             ${value.content}::text,
             -- a story's new first message begins a branch with the scene just written for it
             case when ${parent} is null then
               (select scenario from ${conversation} where id = ${conversationId} and user_id = ${userId})
             end
      ${paidWith ? sql`where exists (select 1 from charge)` : sql``}
      returning id
    ), counted as (
      update ${conversation} set
        message_count = message_count + 1,
        last_message = ${value.content},
        -- the title is the user's first message on the branch being read
        title = case when ${value.titleIfNew ?? null}::text is not null and (
                       title = 'New conversation' or ${parent} is null or exists (
                         select 1 from ${message} p
                          where p.id = ${parent} and p.parent_id is null and p.sender = 'ai'))
                     then ${value.titleIfNew ?? null}::text else title end,
        model = coalesce(${value.model ?? null}::text, model),
        active_leaf_id = (select id from stored),
        -- a story's options belong to the message they followed; the new end has none yet
        current_options = '[]'::jsonb,
        updated_at = now()
      where id = ${conversationId} and user_id = ${userId} and exists (select 1 from stored)
      returning message_count
    ), alongside as (${alongside ?? sql`select 1 where false`})`;
  const result = sql`(select id from stored) as id,
           (select message_count from counted) as count,
           (select count(*) from alongside)::int as alongside,
           ${paidWith ? sql`(select id from charge)` : sql`null`} as charge_id`;
  return { steps, result };
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

const EXPORT_PAGE = 1000;

/**
 * The account export's conversations and every message of each (issue 14), messages a page at a
 * time along the (conversation_id, id) index, so 100,000 of them never sit in memory at once.
 * Messages carry their parent: every branch is in the export, not only the one being read.
 */
export function exportForUser(db: Database, userId: string): ExportParts {
  const { userId: _owner, ...columns } = getTableColumns(conversation);
  const conversationsOf = () =>
    db
      .select({ id: conversation.id })
      .from(conversation)
      .where(eq(conversation.userId, userId))
      .orderBy(asc(conversation.id));
  return {
    conversations: () =>
      db
        .select(columns)
        .from(conversation)
        .where(eq(conversation.userId, userId))
        .orderBy(asc(conversation.id)),
    messages: (async function* () {
      for (const { id } of await conversationsOf()) {
        let after = 0;
        for (;;) {
          const rows = await db
            .select({
              id: message.id,
              conversationId: message.conversationId,
              parentId: message.parentId,
              sender: message.sender,
              content: message.content,
              options: message.options,
              scenario: message.scenario,
              createdAt: message.createdAt,
              updatedAt: message.updatedAt,
            })
            .from(message)
            .where(
              and(
                eq(message.conversationId, id),
                eq(message.userId, userId),
                gt(message.id, after),
              ),
            )
            .orderBy(asc(message.conversationId), asc(message.id))
            .limit(EXPORT_PAGE);
          yield* rows;
          if (rows.length < EXPORT_PAGE) break;
          after = rows.at(-1)!.id;
        }
      }
    })(),
  };
}

/** The user's conversations and, with them, their messages. */
export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(conversation).where(eq(conversation.userId, userId));
}
