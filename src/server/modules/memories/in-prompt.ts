import { chooseMemories } from '../../prompts/chat.prompt';
import { PROMPT_MEMORY_LIMIT, type ListedMemory } from './memories.repo';

/** The conversation the next reply is taken to be in: the user's newest with the character. */
export interface NextReplyConversation {
  id: number;
  lastMessage: string | null;
}

/**
 * The ids of the memories with `inPrompt` true. inPrompt says whether the next reply in the user's
 * newest conversation with the character (`next`; none: a new one) carries the memory in its
 * prompt, chosen as the prompt chooses them (chooseMemories, decision 0052): the same
 * PROMPT_MEMORY_LIMIT read in the same order, the window's memory shares of `contextTokens`, and
 * that conversation's last message as what the reply is about. The summary of that very
 * conversation counts as carried: its prompt leaves it out (and it takes no room) because the
 * conversation's own messages say the same.
 *
 * An estimate of the next reply, not a promise: the user's next message changes which unpinned
 * memories are most related, and a window near its minimum (a long character sheet, a long
 * newest message) can leave less room than the shares. Pure.
 */
export function carriedMemoryIds(
  memories: readonly ListedMemory[],
  next: NextReplyConversation | null,
  contextTokens: number,
): Set<number> {
  const ownSummary = (m: ListedMemory) =>
    next !== null && m.source === 'summary' && m.conversationId === next.id;
  const read = memories
    .filter((m) => !ownSummary(m))
    .sort((a, b) => a.promptOrder - b.promptOrder)
    .slice(0, PROMPT_MEMORY_LIMIT);
  const chosen = chooseMemories(read, next?.lastMessage ?? '', { contextTokens });
  const carried = new Set(chosen.map((m) => m.id));
  for (const m of memories) if (ownSummary(m)) carried.add(m.id);
  return carried;
}
