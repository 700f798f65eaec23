import { CHARACTER_PREFERENCES, MAX_ROLES } from '../../../shared/characters/catalog';
import { CHARACTER_LIMITS, ROLE_NAME_MAX } from '../../../shared/characters/schemas';
import { CHAT_MODES } from '../../../shared/chat/rules';
import { PROFILE_NAME_MAX_LENGTH, PROFILE_PREFERENCES } from '../../../shared/profile/contract';
import { DEFAULT_CRISIS_RESOURCES } from '../../../shared/safety/rules';
import { buildChatPrompt } from './build';
import { MODEL_SETTINGS, REPLY_TOKENS } from '../model-settings';
import { crisisSteering } from '../safety.prompt';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../tokens';
import { MIN_TURN_TOKENS } from './budget';
import type { PromptInput } from './input';

/** English-like text of `length` characters: a token for every four (a short word and a space). */
const words = (length: number) => 'abc '.repeat(Math.ceil(length / 4)).slice(0, length);

/**
 * The smallest LLM_CONTEXT_TOKENS worth starting with: it holds the system message of the largest
 * character a user can make (every field at its limit, written in English), with a profile, the
 * longest scenario the model may write (a third over its length cap, as the estimate leans high),
 * the crisis protocol's instruction and the reminder, plus the largest reply reservation and room
 * for the newest message. A character written at that length in a denser script (Japanese,
 * Chinese: about a token a character) can need more; its replies then stop with
 * ContextTooSmallError's one line rather than overflow the model's window.
 */
export function minimumContextTokens(): number {
  if (minimum === undefined) {
    minimum = Math.max(...CHAT_MODES.map((mode) => fixedTokens(mode)));
  }
  return minimum;
}
let minimum: number | undefined;

function fixedTokens(mode: PromptInput['mode']): number {
  const name = words(CHARACTER_LIMITS.nameMax);
  const [system, reminder] = buildChatPrompt({
    character: {
      name,
      gender: 'non-binary',
      description: words(CHARACTER_LIMITS.edit.descriptionMax),
      personality: words(CHARACTER_LIMITS.edit.personalityMax),
      directnessLevel: 4,
      sexualPreferences: [...CHARACTER_PREFERENCES],
      roles: Array.from({ length: MAX_ROLES }, () => words(ROLE_NAME_MAX)),
      includeRoles: true,
      settings: { emojis: false, actionMessages: true },
    },
    profile: {
      name: words(PROFILE_NAME_MAX_LENGTH),
      gender: 'Non-binary',
      sexualPreferences: [...PROFILE_PREFERENCES],
    },
    mode,
    scenario:
      mode === 'immersive' ? words(Math.ceil(MODEL_SETTINGS.scenario.maxTokens * 1.34)) : null,
    memories: [],
    history: [{ sender: 'user', content: '' }],
    contextTokens: 10_000_000,
    safetyInstruction: crisisSteering(name, DEFAULT_CRISIS_RESOURCES),
  });
  return (
    estimateTokens(system!.content) +
    estimateTokens(reminder!.content) +
    REPLY_TOKENS +
    MESSAGE_OVERHEAD_TOKENS +
    MIN_TURN_TOKENS
  );
}
