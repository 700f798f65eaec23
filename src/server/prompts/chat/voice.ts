import type { ChatMode } from '../../../shared/chat/rules';
import { fillGreeting, greetsFirst, UNNAMED_USER } from '../../../shared/characters/greetings';
import { isFilledFrom } from '../../../shared/characters/macros';

/**
 * The example of how the character writes that a prompt keeps once the start of the conversation
 * has left the window (PromptInput.voiceExample): the greeting the conversation opened with when
 * its first message read is one of the character's greetings (as its macros came out then), else
 * its first greeting, filled in with the names as a new conversation's is. Only where the
 * character speaks first (Texting; not Story Mode, whose narration is in the third person, nor
 * Assistant mode): elsewhere a greeting was never part of the conversation. Cards' example
 * dialogue will take its place.
 */
export function voiceExampleOf(
  character: { name: string; greetings: readonly string[] },
  userName: string | null | undefined,
  mode: ChatMode,
  history: readonly { sender: 'user' | 'ai'; content: string }[],
): string | null {
  if (!greetsFirst(mode, character.greetings)) return null;
  const names = { user: userName || UNNAMED_USER, char: character.name };
  const first = history[0];
  if (
    first?.sender === 'ai' &&
    character.greetings.some((g) => isFilledFrom(g, first.content, names))
  )
    return first.content;
  const greeting = character.greetings[0];
  return greeting ? fillGreeting(greeting, names, 'voice').trim() || null : null;
}
