import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversation, message } from '../../db/schema';

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
