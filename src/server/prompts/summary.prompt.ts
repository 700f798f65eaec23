import type { ChatMessage } from '../integrations/llm';

/**
 * A conversation summarised into the character's working memory: what its other conversations
 * with the user will remember.
 */
export function summaryRequest(characterName: string, transcript: string): ChatMessage {
  return {
    role: 'user',
    content:
      `Summarise this conversation between ${characterName} and the user in at most 80 words, ` +
      'in the third person: facts about the user, what happened, and how the relationship ' +
      `feels now. Only the summary.\n\n${transcript}`,
  };
}
