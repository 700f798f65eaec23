import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Bound } from '../../db/prepared';
import { conversationSummary, message } from '../../db/schema';

/**
 * A conversation's rolling summaries (issue 46 part 3, decision 0053): each one what the path
 * from the first message through one message said. Written by the conversation-rolling-summary
 * job, read with a reply's prompt.
 */

/** A rolling summary as a prompt and the job read it. */
export interface RollingSummary {
  /** The message it runs through: it serves a path only if that message is on it. */
  through: number;
  content: string;
}

/**
 * How many of a conversation's newest summaries a prompt reads: the one on its path is nearly
 * always the newest (older ones serve branches left behind, or were written before it).
 */
export const SUMMARIES_READ = 8;

/**
 * The conversation's newest summaries (by the message they run through, newest first) as a JSON
 * array of RollingSummary, for the prompt's one statement (prompt-context.repo.ts).
 */
export function rollingSummariesJson(userId: Bound<string>, conversationId: Bound<number>) {
  return sql`(
    select coalesce(json_agg(json_build_object('through', s.through_message_id,
                                               'content', s.content)
                             order by s.through_message_id desc), '[]'::json)
      from (select through_message_id, content from ${conversationSummary}
             where conversation_id = ${conversationId} and user_id = ${userId}
               and character_id = 0
             order by through_message_id desc
             limit ${SUMMARIES_READ}) s)`;
}

/**
 * The same summaries read on their own (for the job); or a group scene character's (issue 51:
 * `characterId`, its view of the scene), which its prompt reads.
 */
export async function readRollingSummaries(
  db: Database,
  userId: string,
  conversationId: number,
  characterId = 0,
): Promise<RollingSummary[]> {
  return db
    .select({
      through: conversationSummary.throughMessageId,
      content: conversationSummary.content,
    })
    .from(conversationSummary)
    .where(
      and(
        eq(conversationSummary.conversationId, conversationId),
        eq(conversationSummary.userId, userId),
        eq(conversationSummary.characterId, characterId),
      ),
    )
    .orderBy(desc(conversationSummary.throughMessageId))
    .limit(SUMMARIES_READ);
}

/**
 * Stores the summary through `through` (or replaces it), only while that message is still the
 * user's in this conversation: a summary finishing after a delete is not kept. `characterId`: a
 * group scene character's view (0: the conversation's own).
 */
export async function storeRollingSummary(
  db: Database,
  userId: string,
  conversationId: number,
  value: RollingSummary,
  characterId = 0,
) {
  await db.execute(sql`
    insert into ${conversationSummary}
           (conversation_id, user_id, through_message_id, content, character_id)
    select m.conversation_id, m.user_id, m.id, ${value.content}, ${characterId}::int
      from ${message} m
     where m.id = ${value.through} and m.conversation_id = ${conversationId}
       and m.user_id = ${userId}
    on conflict (conversation_id, character_id, through_message_id) do update
       set content = excluded.content, created_at = now()`);
}

/**
 * Forgets the summaries that may have read message `messageId` as it was (its text was edited):
 * every summary of the conversation through it or a later message. Ids grow along a path, so a
 * summary through an earlier message never read it.
 */
export async function forgetSummariesFrom(
  db: Executor,
  userId: string,
  conversationId: number,
  messageId: number,
) {
  await db
    .delete(conversationSummary)
    .where(
      and(
        eq(conversationSummary.conversationId, conversationId),
        eq(conversationSummary.userId, userId),
        gte(conversationSummary.throughMessageId, messageId),
      ),
    );
}
