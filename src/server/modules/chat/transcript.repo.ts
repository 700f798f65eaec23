import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { character, conversation, message, type StoredAttachment } from '../../db/schema';
import { shownAttachments, shownContent } from './thread-read.repo';

/**
 * What the account export's readable copy (issue 45: one Markdown file per conversation) reads
 * of the chat: the user's conversations with their character's name, a page at a time; one
 * conversation's message tree as ids and parents only (its shape, without the text); and the
 * messages of a page of that tree with all they say. The text is read a page at a time in the
 * order it is written out, so neither an account's messages nor a long conversation's sit in
 * memory whole. The JSON export's own read is chat.repo.ts.
 */

const CONVERSATION_PAGE = 100;
const TREE_PAGE = 5000;
/** The most messages messagesByIds is asked for at once. */
export const TRANSCRIPT_PAGE = 500;

export async function countConversations(db: Database, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(conversation)
    .where(eq(conversation.userId, userId));
  return row?.n ?? 0;
}

export interface TranscriptConversation {
  id: number;
  title: string;
  chatMode: string;
  scenario: string | null;
  activeLeafId: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** Null when the character was deleted and the conversation kept. */
  characterName: string | null;
}

/** The user's conversations, oldest first (by id), a page at a time. */
export async function* transcriptConversations(
  db: Database,
  userId: string,
): AsyncGenerator<TranscriptConversation> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: conversation.id,
        title: conversation.title,
        chatMode: conversation.chatMode,
        scenario: conversation.scenario,
        activeLeafId: conversation.activeLeafId,
        createdAt: conversation.createdAt,
        updatedAt: conversation.updatedAt,
        characterName: character.name,
      })
      .from(conversation)
      .leftJoin(
        character,
        and(eq(character.id, conversation.characterId), eq(character.userId, userId)),
      )
      .where(and(eq(conversation.userId, userId), gt(conversation.id, after)))
      .orderBy(asc(conversation.id))
      .limit(CONVERSATION_PAGE);
    yield* rows;
    if (rows.length < CONVERSATION_PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/** A message's place in its conversation's tree. */
export interface TreeNode {
  id: number;
  parentId: number | null;
}

/**
 * The shape of one conversation's message tree, oldest first: every message's id and parent,
 * read along the (conversation_id, id) index a page at a time (two numbers a message, so even a
 * conversation of 100,000 messages is a few megabytes).
 */
export async function messageTreeOf(
  db: Database,
  userId: string,
  conversationId: number,
): Promise<TreeNode[]> {
  const nodes: TreeNode[] = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: message.id, parentId: message.parentId })
      .from(message)
      .where(
        and(
          eq(message.conversationId, conversationId),
          eq(message.userId, userId),
          gt(message.id, after),
        ),
      )
      .orderBy(asc(message.conversationId), asc(message.id))
      .limit(TREE_PAGE);
    for (const row of rows) nodes.push(row);
    if (rows.length < TREE_PAGE) return nodes;
    after = rows.at(-1)!.id;
  }
}

export interface TranscriptMessage {
  id: number;
  parentId: number | null;
  sender: 'user' | 'ai';
  content: string;
  /** Pictures it carries (issue 50), by their stored names; null for most messages. */
  attachments: StoredAttachment[] | null;
  /** Story mode: the suggested actions made when this message ended the history. */
  options: { number: number; option: string }[] | null;
  /** Story mode: the opening scene of the branch this first message begins. */
  scenario: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The messages of one conversation with these ids (at most TRANSCRIPT_PAGE), in no particular
 * order. The ids go as one array value, so the statement's text is the same for any number of
 * them (a new text per count would use up the statement names of pg-statements.ts).
 */
export function messagesByIds(
  db: Database,
  userId: string,
  conversationId: number,
  ids: readonly number[],
): Promise<TranscriptMessage[]> {
  if (ids.length > TRANSCRIPT_PAGE) throw new Error('messagesByIds: too many ids at once');
  const idArray = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  return db
    .select({
      id: message.id,
      parentId: message.parentId,
      sender: message.sender,
      content: shownContent(sql`${message}`),
      attachments: shownAttachments,
      options: message.options,
      scenario: message.scenario,
      createdAt: message.createdAt,
      updatedAt: message.updatedAt,
    })
    .from(message)
    .where(
      and(
        eq(message.conversationId, conversationId),
        eq(message.userId, userId),
        sql`${message.id} = any(${idArray}::bigint[])`,
      ),
    );
}
