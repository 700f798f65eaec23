import type { ChatMode } from '../../../shared/chat/rules';
import { directnessLabel } from '../../../shared/characters/catalog';
import type { MacroContext } from '../../../shared/characters/macros';
import type { PromptCharacter } from './input';
import { cardReplacement, possessive, type Names } from './sections';

/**
 * The reminder sent right before the newest user message (depth 1): models weigh what they read
 * last, and a system message thousands of tokens back loses to the history's own habits (a
 * character drifting into narration, or writing the user's turn). Short, and built from the same
 * fields as the system message so the two never disagree. A card's post-history instructions are
 * added to it (withPostHistory).
 *
 * Sent as a system message, not inside the user's: it is the author's note, not something the
 * user said, and a character that reads it as the user's words answers it ("Sure, I'll keep it
 * short!"). Where a server's template refuses system messages after the first, the gateway joins
 * it to the user turn after it (LLM_SYSTEM_ROLE=merge, or learnt from a refusal).
 */
export function reminderText(c: PromptCharacter, mode: ChatMode, n: Names, care: boolean): string {
  // Under the crisis protocol the care instruction overrides the intimacy level: not repeated.
  const tone = care
    ? 'Follow the IMPORTANT instruction above first.'
    : `Intimacy level: ${directnessLabel(c.directnessLevel)}.`;
  const only = `Write only ${n.char}'s part, never ${possessive(n.user)}.`;
  return [`Reminder: ${FORMAT_REMINDER[mode](c, n)}`, tone, only].join(' ');
}

const texting = (c: PromptCharacter, n: Names) =>
  [
    `${n.char} texts ${n.user} back: short texts, a blank line between them`,
    c.settings.actionMessages ? '; an action only as a short line in italics.' : ', no actions.',
    c.settings.emojis ? '' : ' No emojis.',
  ].join('');

const FORMAT_REMINDER: Record<ChatMode, (c: PromptCharacter, n: Names) => string> = {
  texting,
  message: texting,
  assistant: (c, n) =>
    `${n.char} answers ${n.user}, helpful and clear, in ${n.char}'s own voice.${c.settings.emojis ? '' : ' No emojis.'}`,
  immersive: (c, n) =>
    `narrate what happens next: ${n.user} is "you", ${n.char} is written in the third person; stop before ${n.user} acts.${c.settings.emojis ? '' : ' No emojis.'}`,
};

/**
 * The reminder with a card's post-history instructions after it (issue 47 part 2): added, never
 * in its place, so the format and "only the character's part" stay; where the card writes
 * `{{original}}`, ours goes there instead.
 */
export function withPostHistory(
  reminder: string,
  instructions: string | null | undefined,
  macros: MacroContext,
): string {
  const card = cardReplacement(instructions, reminder, 'post_history_instructions', macros);
  if (!card) return reminder;
  return card.keepsOurs ? card.text : `${reminder}\n\n${card.text}`;
}
