/**
 * Section 2's conversations start each step with the same history (decision 0032): before, every
 * step reused the earlier steps' conversations, about ten messages longer each step, so a later
 * step (a refining one too) sent longer prompts than an earlier one, and the answer depended on
 * the order of the steps. Now each step writes to new conversations that already hold
 * `messages` messages (a line of user and character turns, the character's ending it), already
 * summarised, as a conversation someone came back to.
 */
import { sql } from 'drizzle-orm';
import { linkIntoLines } from '../tests/server/support/message-tree';
import type { BenchApp } from './harness';

const USER_TURN = 'I lean on the railing and ask what you see out there tonight.';
const CHARACTER_TURN = Array.from(
  { length: 6 },
  (_, i) => `The beam sweeps the water ${i + 1} times a minute while the rain keeps falling.`,
).join(' ');

export async function seedHistories(bench: BenchApp, conversationIds: number[], messages: number) {
  if (conversationIds.length === 0) return;
  const { db } = bench.database;
  const ids = sql.raw(conversationIds.join(','));
  // Inserted in order, so within a conversation ids follow the turns; then each links to the one
  // before it, and the last ends the history.
  await db.execute(sql`
    insert into message (conversation_id, user_id, sender, content)
    select c.id, c.user_id,
           case when g % 2 = 0 then 'user' else 'ai' end,
           case when g % 2 = 0 then ${USER_TURN}::text else ${CHARACTER_TURN}::text end
      from conversation c cross join generate_series(0, ${messages - 1}) g
     where c.id in (${ids})
     order by c.id, g`);
  await linkIntoLines(db, conversationIds);
  await db.execute(sql`
    update conversation set message_count = ${messages}, last_message = ${CHARACTER_TURN},
                            summarized_at = now()
     where id in (${ids})`);
}
