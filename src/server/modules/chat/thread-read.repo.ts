import { sql, type SQL } from 'drizzle-orm';
import { REMOVED_BY_MODERATION } from '../../../shared/reports/contract';
import type { Database, Executor } from '../../db/client';
import { statementOnce, type Bound } from '../../db/prepared';
import { conversation, message, type StoredAttachment } from '../../db/schema';

/**
 * A conversation's thread: the path from its first message to the end of the history, walked up
 * the message tree (threadPath), and readThread, which reads it (decision 0022).
 */

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
  /** A reply's lorebook entries (its 'lore' marker); null for the user's messages and most replies. */
  lore: { id: number | string | null; name: string }[] | null;
  /** The pictures it carries (issue 50); null for most messages and once moderation removed it. */
  attachments: StoredAttachment[] | null;
  /** A group scene's character message: who said it (issue 51); else null. */
  speakerId: number | null;
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
 *
 * Who reads a thread: history pages (readHistoryPage below: this statement, built once),
 * summaries and memories read here. The prompt's read is the one other reader, kept apart for
 * speed: prompt-context.repo.ts walks the same path (threadPath) inside the reply's one statement
 * that also takes the credit, stores the user's message and reads the profile, memories and
 * target (decisions 0029, 0031, 0032), and reads only what a prompt needs (id, sender, content);
 * story options and the opening scene read through it too (story.service.ts, readStory).
 * tree.repo's branchStart also walks up parents, ids only, to find where a branch begins.
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

/** A message's columns as the walk carries them (`m` is the walk). */
const walkedColumns = sql`m.id, m.conversation_id, m.user_id, m.parent_id, m.sender, m.content,
  m.created_at, m.updated_at, m.lore, m.attachments, m.speaker_id`;

/**
 * A message's text as it may leave the server (issue 49): 'Removed by moderation' in place of a
 * message moderation removed, in SQL, so the text is never read out (`m` a message's alias). A
 * literal rather than a placeholder: statements built once (statementOnce) carry it as they are.
 */
export const shownContent = (m: SQL = sql.raw('m')) =>
  sql<string>`case when ${m}.moderated_at is not null then ${sql.raw(
    `'${REMOVED_BY_MODERATION.replaceAll("'", "''")}'`,
  )} else ${m}.content end`;

/** A message's files as its owner may see them: none once moderation removed the message. */
export const shownAttachments = sql<
  StoredAttachment[] | null
>`case when ${message.moderatedAt} is null then ${message.attachments} end`;

/** The walk's columns read from the message itself (`m` is the message). */
const messageColumns = sql`m.id, m.conversation_id, m.user_id, m.parent_id, m.sender,
  ${shownContent()} as content, m.created_at, m.updated_at, m.lore,
  case when m.moderated_at is null then m.attachments end as attachments, m.speaker_id`;

/**
 * The walk itself, a `with recursive path` clause to put before a select that reads `path`: each
 * row is a message of the thread with all it says (id, conversation_id, user_id, parent_id,
 * sender, content, created_at, updated_at, lore, attachments, speaker_id), its `depth` (1 is the newest) and `chars` (the
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
      select ${messageColumns}, 1 as depth, length(m.content)::bigint as chars
        from ${message} m
       where m.id = ${start} and m.conversation_id = ${conversationId} and m.user_id = ${userId}
      union all
      select ${messageColumns}, path.depth + 1, path.chars + length(m.content)
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
  /** jsonb: parsed by both drivers. */
  lore: ThreadMessage['lore'];
  /** jsonb: parsed by both drivers. */
  attachments: ThreadMessage['attachments'];
  speaker_id: number | null;
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
    lore: row.lore,
    attachments: row.attachments,
    speakerId: row.speaker_id,
    siblingIds: row.sibling_ids ?? [Number(row.id)],
  };
}
