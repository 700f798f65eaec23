import { and, eq, sql } from 'drizzle-orm';
import type { UserProfile } from '../../../shared/profile/contract';
import type { Database } from '../../db/client';
import { character, conversation, message } from '../../db/schema';
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
 * Everything a reply reads, in one statement (issue 16 item 5: each statement costs the database
 * and this process more than what it reads): the user's conversation with its character (null
 * when the character is gone; no row when the conversation is not the user's), and for the prompt
 * the thread ending at `from` (by default the end of the history; null: a new first message with
 * nothing before it), the user's profile and what the conversation's character remembers, as one
 * JSON column. Each part is scoped to the user.
 */
export async function readReplyContext(
  db: Database,
  userId: string,
  conversationId: number,
  options: { from?: number | null | undefined; limit: number; maxChars: number },
) {
  const { from, ...window } = options;
  const history =
    from === null
      ? sql`'[]'::json`
      : sql`(
          ${threadPath(userId, conversationId, { ...window, from })}
          select coalesce(
                   json_agg(json_build_object('id', m.id, 'sender', m.sender, 'content', m.content)
                            order by path.depth desc),
                   '[]'::json)
            from path join ${message} m on m.id = path.id)`;
  // json_build_object writes a bigint id as a JSON number (ids stay far below 2^53).
  const prompt = sql<PromptContext>`json_build_object(
    'history', ${history},
    'profile', ${profileJson(userId)},
    'memories', ${promptMemoriesJson(userId, conversationId)})`;
  const [row] = await db
    .select({ conversation, character, prompt })
    .from(conversation)
    .leftJoin(
      character,
      and(eq(character.id, conversation.characterId), eq(character.userId, userId)),
    )
    .where(and(eq(conversation.id, conversationId), eq(conversation.userId, userId)))
    .limit(1);
  return row ?? null;
}
