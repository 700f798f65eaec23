import type { ChatMode } from '../../../shared/chat/rules';
import { fillGreeting, greetsFirst, UNNAMED_USER } from '../../../shared/characters/greetings';
import { fillMacros, isFilledFrom, type MacroContext } from '../../../shared/characters/macros';

/**
 * The example of how the character writes that a prompt keeps once the start of the conversation
 * has left the window (PromptInput.voiceExample): the greeting the conversation opened with when
 * its first message read is one of the character's greetings (as its macros came out then), else
 * its first greeting, filled in with the names as a new conversation's is. Only where the
 * character speaks first (Texting; not Story Mode, whose narration is in the third person, nor
 * Assistant mode): elsewhere a greeting was never part of the conversation. A card's example
 * dialogue takes its place (exampleDialogueOf).
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

/** SillyTavern's separator between examples in a card's `mes_example`. */
const START = /<START>/giu;

/**
 * A card's example dialogue (`mes_example`) as the prompt shows it, in every mode, in place of
 * the greeting: its `<START>` separators become blank lines (the tag means nothing to a model
 * that did not see SillyTavern's own prompt), `{{char}}` and `{{user}}` filled in. Null when
 * nothing is left.
 */
export function exampleDialogueOf(text: string, macros: MacroContext): string | null {
  const examples = text
    .split(START)
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n\n');
  return fillMacros(examples, { ...macros, seed: `${macros.seed}:mes_example` }).trim() || null;
}
