import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conversation, message } from '../../db/schema';
import { shownContent } from './thread-read.repo';

/**
 * The message tree's moves (decision 0022): where a branch continues, which leaf the history
 * ends at, and a message removed with everything after it.
 */

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
      lastMessage: leafId
        ? sql`(select ${shownContent()} from ${message} m where m.id = ${leafId})`
        : sql`null`,
      currentOptions: leafId
        ? sql`coalesce((select options from ${message} where id = ${leafId}), '[]'::jsonb)`
        : sql`'[]'::jsonb`,
      // A title the user gave stays whichever branch is read.
      ...(branch.title
        ? {
            title: sql`case when ${conversation.titleRenamedAt} is null then ${branch.title} else ${conversation.title} end`,
          }
        : {}),
      ...(branch.scenario ? { scenario: branch.scenario } : {}),
    })
    .where(and(eq(conversation.id, conversationId), eq(conversation.userId, userId)));
}

/**
 * The start of the path that ends at `leafId`: the user's first message on it and the story
 * scene its first message began with. Walks up the whole path (one primary-key lookup per
 * message): for switching branches, not for every request. Its own walk, not readThread's: it
 * carries only ids up a branch of any length and reads two values at its ends, where readThread
 * would carry every message's text to the end (thread-read.repo.ts).
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
      (select ${shownContent()} from up join ${message} m on m.id = up.id
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
