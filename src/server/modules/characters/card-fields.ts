import type { CardExtras, Lorebook } from '../../../shared/character-cards/contract';
import { findMinorReference } from '../../../shared/characters/adults-only';
import type { Character } from '../../../shared/characters/contract';
import { badRequest, HttpError } from '../../errors';

/**
 * An imported card's fields beyond ours (`character.card_extras`, issue 47 part 2): how much a
 * character may keep of them, the adults-only rule over their texts, and what the character's
 * page and the prompt read of them. The extras are the card's JSON as it came (draft.ts in the
 * character-cards module), so every field is read as possibly anything.
 */

/** The same ceiling as a card file's text (character-cards' CARD_LIMITS.textMaxBytes). */
export const CARD_FIELDS_MAX_BYTES = 2 * 1024 * 1024;

export const CARD_FIELDS_TOO_BIG =
  'This character’s card fields and lorebook hold more than 2 MB of text. Reverie keeps up to 2 MB of them.';

/** A text field of the card, or null when it is absent, not text, or blank. */
function textOf(extras: CardExtras | null | undefined, key: string): string | null {
  const value = extras?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A list of texts of the card (tags, group-only greetings); anything else in it is skipped. */
function textsOf(extras: CardExtras | null | undefined, key: string): string[] {
  const value = extras?.[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** 413 when the card's fields and lorebook together are more than a card file may hold. */
export function assertCardFieldsFit(extras: CardExtras | null, lorebook: Lorebook | null) {
  if (!extras && !lorebook) return;
  const bytes = Buffer.byteLength(JSON.stringify([extras, lorebook]), 'utf8');
  if (bytes > CARD_FIELDS_MAX_BYTES) throw new HttpError(413, CARD_FIELDS_TOO_BIG);
}

/** The card's texts a person or the model reads, each as the adults-only rule reads a field. */
function importedTexts(extras: CardExtras | null, lorebook: Lorebook | null): string[] {
  const texts = [
    'nickname',
    'scenario',
    'mes_example',
    'system_prompt',
    'post_history_instructions',
    'creator_notes',
  ].map((key) => textOf(extras, key));
  texts.push(...textsOf(extras, 'group_only_greetings'));
  // Tags are shown on the character: "teen" there says who it is as plainly as a description.
  texts.push(textsOf(extras, 'tags').join(', '));
  for (const entry of lorebook?.entries ?? []) {
    texts.push(entry.content, [...entry.keys, ...entry.secondary_keys].join(', '));
  }
  return texts.filter((t): t is string => Boolean(t));
}

/**
 * Every imported text through the rule typed fields go through (shared/characters/adults-only):
 * a minor-coded card is refused with the same message, and nothing is created.
 */
export function assertCardIsAdult(extras: CardExtras | null, lorebook: Lorebook | null) {
  for (const text of importedTexts(extras, lorebook)) {
    const problem = findMinorReference(text);
    if (problem) throw badRequest(problem);
  }
}

/** What the character's page shows of its card (never in a prompt: creator notes). */
export const shownCardFields = (
  extras: CardExtras | null,
): Pick<Character, 'creatorNotes' | 'tags' | 'creator' | 'scenario'> => ({
  creatorNotes: textOf(extras, 'creator_notes'),
  tags: textsOf(extras, 'tags'),
  creator: textOf(extras, 'creator'),
  scenario: textOf(extras, 'scenario'),
});

/** What the chat prompt uses of a card (PromptInput.card); creator notes are not among them. */
export interface CardPromptFields {
  nickname: string | null;
  exampleDialogue: string | null;
  systemPrompt: string | null;
  postHistoryInstructions: string | null;
  scenario: string | null;
}

export const cardPromptFields = (extras: CardExtras | null): CardPromptFields => ({
  nickname: textOf(extras, 'nickname'),
  exampleDialogue: textOf(extras, 'mes_example'),
  systemPrompt: textOf(extras, 'system_prompt'),
  postHistoryInstructions: textOf(extras, 'post_history_instructions'),
  scenario: textOf(extras, 'scenario'),
});
