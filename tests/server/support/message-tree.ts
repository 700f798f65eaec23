import { sql } from 'drizzle-orm';
import type { Executor } from '../../../src/server/db/client';

/**
 * For messages a test or benchmark wrote straight into the table (no parent): links each
 * conversation's messages into one line, each following the one before it, and makes the newest
 * the end of the history — what the message-tree migration does to existing conversations.
 */
export async function linkIntoLines(db: Executor, conversationIds: number[]) {
  const ids = sql.raw(conversationIds.map(Number).join(','));
  await db.execute(sql`
    update message m set parent_id = p.prev
      from (select id, lag(id) over (partition by conversation_id order by id) as prev
              from message where conversation_id in (${ids})) p
     where p.id = m.id and p.prev is not null`);
  await db.execute(sql`
    update conversation c set active_leaf_id = l.leaf
      from (select conversation_id, max(id) as leaf from message
             where conversation_id in (${ids}) group by conversation_id) l
     where l.conversation_id = c.id`);
}
