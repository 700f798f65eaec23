/**
 * The chat prompt (decision 0052): what a character's reply is asked with. Built in chat/:
 * build.ts puts the parts in order within the window, sections.ts and reminder.ts word them,
 * memories.ts chooses the memories, budget.ts shares out the window, tokens.ts (beside this
 * file) estimates tokens, voice.ts and minimum.ts serve the callers.
 */
export { buildChatPrompt, buildChatPromptParts, type BuiltPrompt } from './chat/build';
export type {
  HistoryMessage,
  PromptCharacter,
  PromptInput,
  PromptMemory,
  PromptPersona,
  PromptProfile,
} from './chat/input';
export { promptUser } from './chat/persona';
export { ContextTooSmallError, newestWithin } from './chat/budget';
export { chooseMemories, MEMORY_SHARE } from './chat/memories';
export { minimumContextTokens } from './chat/minimum';
export { DIRECTNESS_GUIDANCE, PREAMBLE } from './chat/sections';
export { voiceExampleOf } from './chat/voice';
export { estimateTokens } from './tokens';
