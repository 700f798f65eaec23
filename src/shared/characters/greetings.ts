import { isStoryMode, type ChatMode } from '../chat/rules';
import { fillMacros } from './macros';

/**
 * A character's greetings may name the two people in them as character cards do elsewhere
 * (SillyTavern, Agnai): `{{user}}` is the user's name, `{{char}}` the character's, and the other
 * card macros work too (macros.ts). Filled in when the conversation starts, so the stored message
 * reads as it was shown; `seed` is what its `{{pick}}`s are stable for.
 */
export function fillGreeting(
  text: string,
  names: { user: string; char: string },
  seed = 'greeting',
): string {
  return fillMacros(text, { ...names, seed });
}

/** Who `{{user}}` is when the user has not told us their name. */
export const UNNAMED_USER = 'you';

/**
 * A character with greetings speaks first in Texting; Story Mode opens with its scene, and
 * Assistant mode with the user's own question (a roleplay greeting there read as out of place,
 * issue 45).
 */
export const greetsFirst = (mode: ChatMode, greetings: readonly string[]) =>
  mode !== 'assistant' && !isStoryMode(mode) && greetings.length > 0;
