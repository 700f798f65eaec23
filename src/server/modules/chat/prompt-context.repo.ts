import { sql } from 'drizzle-orm';
import type { UserProfile } from '../../../shared/profile/contract';
import type { Database } from '../../db/client';
import type { PromptMemory } from '../../prompts/chat.prompt';
import { promptMemoriesJson } from '../memories/memories.repo';
import { profileJson } from '../profile/profile.repo';
import { threadPath } from './chat.repo';

/** What a reply's prompt is built from, besides the conversation and its character. */
export interface PromptContext {
  /** The thread, oldest first. */
  history: { id: number; sender: 'user' | 'ai'; content: string }[];
  profile: UserProfile | null;
  memories: PromptMemory[];
}

/**
 * The thread ending at `from` (by default the end of the history; null: a new first message with
 * nothing before it), the user's profile and what the conversation's character remembers, in one
 * statement (issue 16 item 5: three statements on three connections cost the database and this
 * process more than one that answers all three as JSON). Each part is scoped to the user; a
 * conversation that is not theirs reads an empty thread and no memories.
 */
export async function readPromptContext(
  db: Database,
  userId: string,
  conversationId: number,
  options: { from?: number | null | undefined; limit: number; maxChars: number },
): Promise<PromptContext> {
  const { from, limit, maxChars } = options;
  const history =
    from === null
      ? sql`'[]'::json`
      : sql`(
          ${threadPath(userId, conversationId, { from, limit, maxChars })}
          select coalesce(
                   json_agg(json_build_object('id', m.id, 'sender', m.sender, 'content', m.content)
                            order by m.depth desc),
                   '[]'::json)
            from path m)`;
  const { rows } = await db.execute<{
    history: PromptContext['history'];
    profile: UserProfile | null;
    memories: PromptMemory[];
  }>(sql`
    select ${history} as history,
           ${profileJson(userId)} as profile,
           ${promptMemoriesJson(userId, conversationId)} as memories`);
  // json_build_object writes a bigint id as a JSON number (ids stay far below 2^53).
  return rows[0]!;
}
